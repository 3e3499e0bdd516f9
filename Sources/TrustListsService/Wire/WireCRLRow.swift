import Foundation
import TrustLists

/// One listed CA's CRL as status shows it: `network`, `issuer`, `issuerSHA256`, `urls`, the revocation `mode`, its
/// `state` and `stateReason` (null only when fresh), the current CRL's `crlNumber`, `thisUpdate`, `nextUpdate`, `revoked` (count) and `sha256`, where it came
/// from (`source`), and the last attempt, success and error. The current CRL's members are null while there is none.
public struct WireCRLRow: Encodable, Sendable {
    public let network: String
    public let issuer: String
    public let issuerSHA256: String
    public let urls: [String]
    public let mode: String
    public let state: String
    public let stateReason: String?
    public let crlNumber: String?
    public let thisUpdate: Date?
    public let nextUpdate: Date?
    public let revoked: Int?
    public let sha256: String?
    public let source: String?
    public let lastAttempt: Date?
    public let lastSuccess: Date?
    public let lastError: WireFailure?

    /// The row of `crl`.
    public init(_ crl: CRLStatus) {
        network = crl.slot.network
        issuer = crl.issuer
        issuerSHA256 = crl.slot.issuerSHA256
        urls = crl.urls
        mode = crl.mode.rawValue
        state = crl.state.rawValue
        stateReason = crl.stateReason
        crlNumber = crl.current?.crlNumber
        thisUpdate = crl.current?.thisUpdate
        nextUpdate = crl.current?.nextUpdate
        revoked = crl.current?.revoked
        sha256 = crl.current?.sha256
        source = crl.origin?.rawValue
        lastAttempt = crl.lastAttempt
        lastSuccess = crl.lastSuccess
        lastError = crl.lastError.map(WireFailure.init)
    }
}
