import COSE
import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// The tests' list simulator (docs/architecture.md, Testing): the demo network built at ``TestPKI/referenceTime``, with
/// providers named "Sim", plus ways to bend every part of a message for failure tests.
public typealias ListSimulator = DemoNetwork

extension DemoNetwork {
    /// The simulator network, built at ``TestPKI/referenceTime``.
    public init() throws {
        try self.init(name: "Sim", at: TestPKI.referenceTime)
    }

    /// A COSE_Sign1 message built piece by piece, for failure tests: any headers (alg included or not), any payload
    /// bytes, any key, tagged or detached.
    /// - Parameters:
    ///   - payload: the payload bytes (signed even when `detached`).
    ///   - protectedHeader: the full protected header map, `alg` included when wanted.
    ///   - unprotectedHeader: the unprotected header map.
    ///   - key: the signing key.
    ///   - digest: the hash to sign with.
    public static func message(
        payload: [UInt8], protectedHeader: [CBOR.MapEntry], unprotectedHeader: [CBOR.MapEntry], key: PrivateKey,
        digest: Digest = .sha256, tagged: Bool = false, detached: Bool = false
    ) throws -> [UInt8] {
        let protectedBytes = protectedHeader.isEmpty ? [] : CBOR.map(protectedHeader).encoded()
        let toBeSigned = SigStructure.signature1(protectedBytes: protectedBytes, externalAAD: [], payload: payload)
        let signature = try key.sign(toBeSigned, digest: digest, encoding: .raw)
        let message = CBOR.array([
            .byteString(protectedBytes), .map(unprotectedHeader), detached ? .null : .byteString(payload),
            .byteString(signature),
        ])
        return (tagged ? CBOR.tagged(18, message) : message).encoded()
    }

    /// The header entry `alg`.
    public static func algorithmHeader(_ algorithm: COSEAlgorithm) -> CBOR.MapEntry {
        CBOR.MapEntry(key: .int(1), value: .int(algorithm.rawValue))
    }

    /// The header entry `x5chain` for certificates.
    public static func x5chainHeader(_ certificates: [Certificate]) -> CBOR.MapEntry {
        CBOR.MapEntry(key: .int(33), value: X5Chain.headerValue(certificates.map(\.derEncoded)))
    }
}
