import Foundation
import TrustLists
import X509

/// The demo issuer's Token Status List (draft-ietf-oauth-status-list), for `trustctl demo` and the tests: a CWT signed
/// by a status list signer under the network's first IACA (the IACA of the demo document signer, as ISO/IEC 18013-5
/// second edition wants for an mdoc's list; no EKU), 2 bits per credential, naming one credential valid, one revoked
/// (0x01 INVALID) and one suspended (0x02 SUSPENDED). The demo's mDLs name it in their MSO `status`.
public struct DemoStatusList: Sendable {
    /// The index of the valid credential (status 0x00).
    public static let validIndex: UInt64 = 0
    /// The index of the revoked credential (status 0x01, INVALID).
    public static let revokedIndex: UInt64 = 1
    /// The index of the suspended credential (status 0x02, SUSPENDED).
    public static let suspendedIndex: UInt64 = 2
    /// The statuses, by index: the three above, then valid ones.
    public static let statuses: [UInt8] = [0x00, 0x01, 0x02] + [UInt8](repeating: 0, count: 13)

    /// The status list signer: under the first IACA, key usage digitalSignature.
    public let signer: DemoNetwork.Issued
    /// The URI the list is published at: its `sub`.
    public let uri: String
    /// The CWT's bytes.
    public let token: [UInt8]

    /// Issues the signer and signs the list.
    /// - Parameters:
    ///   - network: the demo network (its first IACA issues the signer).
    ///   - uri: where the list is published.
    ///   - time: `iat` is a minute before, `exp` a day after; `ttl` half a day.
    /// - Throws: when a key cannot be made or OpenSSL cannot sign.
    public init(network: DemoNetwork, uri: String, at time: Date) throws {
        let iaca = network.iacas[0].iaca
        let signer = try DemoNetwork.issue(
            "\(network.providerName) Status List Signer", by: iaca, at: time, validDays: 365,
            kind: .leaf(eku: nil, usage: [.digitalSignature]))
        self.signer = signer
        self.uri = uri
        token = try StatusListPublisher.signedCWT(
            StatusListPublisher.Content(
                uri: uri, bits: .two, statuses: Self.statuses, issuedAt: time - 60, expires: time + DemoNetwork.day,
                timeToLive: 43_200),
            signerKey: signer.key, signerChain: [signer.certificate])
    }
}
