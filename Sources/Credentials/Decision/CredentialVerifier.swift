import Foundation
import JOSE
import Presentation
import X509

/// Decides a credential whatever its form (docs/architecture.md, Credentials): an mdoc as CBOR, an mdoc as base64url
/// text (as wallets pass one, e.g. an OpenID4VP `vp_token`), or an SD-JWT VC (text containing `~`).
public enum CredentialVerifier {
    /// The form of a credential's bytes.
    public enum Form: Sendable, Hashable {
        /// An mdoc's CBOR (decoded from base64url when it came as text).
        case mdoc([UInt8])
        /// An SD-JWT's compact text.
        case sdJWT(String)
    }

    /// The most bytes read as a credential (16 MiB): the decoders' own limits are lower; this bounds detection.
    public static let maxBytes = 16 << 20

    /// The form of `bytes`: UTF-8 text with a `~` is an SD-JWT; text of base64url characters only is an mdoc in
    /// base64url (surrounding whitespace ignored); anything else is CBOR (a CBOR map's first byte, 0xa0 to 0xbf, is
    /// never text).
    /// - Throws: `malformed_mdoc` for base64url text that does not decode; `limits_exceeded` over ``maxBytes``.
    public static func form(of bytes: [UInt8]) throws(CredentialError) -> Form {
        guard bytes.count <= maxBytes else {
            throw CredentialError(.limitsExceeded, "a credential of \(bytes.count) bytes; the limit is \(maxBytes)")
        }
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        let trimmed = bytes[start..<end]
        guard let first = trimmed.first, first < 0x80 else { return .mdoc(bytes) }
        if trimmed.contains(UInt8(ascii: "~")) {
            guard let text = String(validating: trimmed, as: UTF8.self) else { return .mdoc(bytes) }
            return .sdJWT(text)
        }
        guard trimmed.allSatisfy(isBase64URL) else { return .mdoc(bytes) }
        do {
            return .mdoc(
                try Base64URL.decode(String(decoding: trimmed, as: UTF8.self), path: "mdoc", code: .malformedMDoc))
        } catch {
            throw CredentialError(.malformedMDoc, error.reason)
        }
    }

    /// Decides a credential of any form (``form(of:)``).
    /// - Parameters:
    ///   - bytes: the credential.
    ///   - sessionTranscript: an mdoc session's transcript; nil when none.
    ///   - nonce: the nonce an SD-JWT's Key Binding JWT must carry; nil when none.
    ///   - audience: the audience it must name; nil when none.
    ///   - trust: the trust decisions.
    ///   - generation: the generation `trust` answers from; nil when unknown.
    ///   - time: the decision time, UTC.
    ///   - statusLists: the status lists a credential's `status` is looked up in, with the mode (default: none at
    ///     hand, `warn`).
    /// - Returns: the answer; bytes of no known form are not trusted with `malformed_mdoc`.
    public static func decide(
        _ bytes: [UInt8], sessionTranscript: SessionTranscript? = nil, nonce: String? = nil, audience: String? = nil,
        trust: any CredentialTrust, generation: UInt64? = nil, at time: Date,
        statusLists: any StatusListSource = StatusListCollection()
    ) -> CredentialDecision {
        do throws(CredentialError) {
            switch try form(of: bytes) {
            case .mdoc(let cbor):
                return MDocVerifier.decide(
                    cborEncoded: cbor, sessionTranscript: sessionTranscript, trust: trust, generation: generation,
                    at: time, statusLists: statusLists)
            case .sdJWT(let text):
                return SDJWTVerifier.decide(
                    compact: text, nonce: nonce, audience: audience, trust: trust, generation: generation, at: time,
                    statusLists: statusLists)
            }
        } catch {
            return CredentialDecision(format: .mdoc, refusal: error, time: time, generation: generation)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
