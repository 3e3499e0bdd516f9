import COSE
internal import CZlib
import Foundation
import TrustLists
import X509

/// Signs Token Status Lists (draft-ietf-oauth-status-list) as CWTs, for the demo and the tests only: a test and demo
/// tool, not an issuance service. The list packs each credential's status into `bits` bits, the first status in the
/// least significant bits of the first byte (§4.1), compressed with DEFLATE in the ZLIB format (zlib `compress2`,
/// level 9); the CWT (§5.2) is a tagged COSE_Sign1 with `typ` (16) `application/statuslist+cwt` and the signer's
/// x5chain (33) in the protected header, and claims `sub` (2), `iat` (6), `exp` (4), `ttl` (65534) and
/// `status_list` (65533) = {`bits`, `lst`}.
public enum StatusListPublisher {
    /// What goes into one list.
    public struct Content: Sendable {
        /// The URI it is published at: its `sub`.
        public let uri: String
        /// Bits per status.
        public let bits: StatusListBits
        /// The status of each credential, by index (each below 2^bits).
        public let statuses: [UInt8]
        /// `iat`, UTC (whole seconds are written).
        public let issuedAt: Date
        /// `exp`, UTC; nil for none.
        public let expires: Date?
        /// `ttl` in seconds; nil for none.
        public let timeToLive: Int?

        /// A list's content.
        public init(
            uri: String, bits: StatusListBits, statuses: [UInt8], issuedAt: Date, expires: Date?,
            timeToLive: Int? = nil
        ) {
            self.uri = uri
            self.bits = bits
            self.statuses = statuses
            self.issuedAt = issuedAt
            self.expires = expires
            self.timeToLive = timeToLive
        }
    }

    /// The packed, uncompressed list: `statuses` at `bits` bits each, the first in the least significant bits
    /// (§4.1), the last byte padded with zeros.
    public static func packed(_ statuses: [UInt8], bits: StatusListBits) -> [UInt8] {
        let perByte = bits.entriesPerByte
        var bytes = [UInt8](repeating: 0, count: (statuses.count + perByte - 1) / perByte)
        for (index, status) in statuses.enumerated() {
            bytes[index / perByte] |= (status & bits.mask) << ((index % perByte) * bits.rawValue)
        }
        return bytes
    }

    /// `lst`: `bytes` compressed with DEFLATE in the ZLIB format at level 9 (§4.1 step 4).
    /// - Throws: ``TrustListError`` `malformed_status_list` when zlib fails (it does not for a list in memory).
    public static func compressed(_ bytes: [UInt8]) throws(TrustListError) -> [UInt8] {
        var length = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let result = compress2(&output, &length, bytes, uLong(bytes.count), 9)
        guard result == Z_OK else { throw TrustListError(.malformedStatusList, "zlib compress2 failed with \(result)") }
        return Array(output.prefix(Int(length)))
    }

    /// Signs a list as a CWT.
    /// - Parameters:
    ///   - content: the list.
    ///   - signerKey: the status list signer's private key.
    ///   - signerChain: the x5chain, the signer's certificate first (one certificate: a single bstr).
    /// - Returns: the CWT's bytes, as served with `application/statuslist+cwt`.
    /// - Throws: ``TrustListError`` when zlib fails; ``COSEError`` or ``X509Error`` when OpenSSL cannot sign.
    public static func signedCWT(
        _ content: Content, signerKey: PrivateKey, signerChain: [Certificate]
    ) throws
        -> [UInt8]
    {
        try signedCWT(
            content, lst: try compressed(packed(content.statuses, bits: content.bits)), signerKey: signerKey,
            signerChain: signerChain)
    }

    /// Signs a list whose `lst` (packed and compressed) is given, as a CWT; `content.statuses` is not read.
    /// - Throws: ``COSEError`` or ``X509Error`` when OpenSSL cannot sign.
    public static func signedCWT(
        _ content: Content, lst: [UInt8], signerKey: PrivateKey, signerChain: [Certificate]
    ) throws -> [UInt8] {
        var claims: [CBOR.MapEntry] = [
            .init(key: .int(2), value: .textString(content.uri)),
            .init(key: .int(6), value: .int(Int64(content.issuedAt.timeIntervalSince1970.rounded(.down)))),
        ]
        if let expires = content.expires {
            claims.append(.init(key: .int(4), value: .int(Int64(expires.timeIntervalSince1970.rounded(.down)))))
        }
        if let ttl = content.timeToLive { claims.append(.init(key: .int(65534), value: .int(Int64(ttl)))) }
        claims.append(
            .init(
                key: .int(65533),
                value: .map([
                    .init(key: "bits", value: .int(Int64(content.bits.rawValue))),
                    .init(key: "lst", value: .byteString(lst)),
                ])))
        return try COSESign1.sign(
            payload: CBOR.map(claims).encoded(), key: signerKey,
            protectedHeader: [
                .init(key: .int(16), value: .textString(StatusListTokenFormat.cwt.mediaType)),
                .init(key: .int(33), value: X5Chain.headerValue(signerChain.map(\.derEncoded))),
            ], tagged: true)
    }
}
