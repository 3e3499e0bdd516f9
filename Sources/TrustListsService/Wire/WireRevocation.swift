import Foundation
import TrustLists

/// What the issuers' CRLs said of a chain: `checked`, the CRL's `state`, its `crlNumber`, `thisUpdate` and
/// `nextUpdate`.
public struct WireRevocation: Encodable, Sendable {
    public let checked: Bool
    public let state: String
    public let crlNumber: String?
    public let thisUpdate: Date?
    public let nextUpdate: Date?

    /// The wire form of `revocation`.
    public init(_ revocation: TrustDecision.Revocation) {
        checked = revocation.checked
        state = revocation.state.rawValue
        crlNumber = revocation.crlNumber
        thisUpdate = revocation.thisUpdate
        nextUpdate = revocation.nextUpdate
    }
}
