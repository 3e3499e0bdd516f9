import Foundation
import TrustLists
import X509

/// What a credential's status check found (docs/architecture.md, Status lists): the reference the credential names,
/// and the status its list holds at the index when a list was at hand. A document's ``DocumentDecision/status``; nil
/// when the credential names no status or its decision stopped before the status step.
public struct CredentialStatusCheck: Sendable, Hashable {
    /// Whether a verified list was looked up: false in mode `off`, when no list was at hand, and for a mechanism not
    /// checked here.
    public let checked: Bool
    /// The status list URI; nil for a mechanism without one.
    public let uri: String?
    /// The credential's index; nil for a mechanism without one.
    public let index: UInt64?
    /// The status at the index; nil when not looked up or past the list's end.
    public let value: StatusType?
    /// The list's `iat`, UTC; nil when no list was at hand.
    public let listIssuedAt: Date?
    /// The list's `exp`, UTC; nil when no list was at hand or it has none.
    public let listExpires: Date?
    /// Why it was not checked (`status_list_missing`, `status_list_signer_mismatch`, `status_mechanism_unsupported`,
    /// `url_refused`, `timeout`, …, or `status_unavailable` for an index past the end); nil when a status was read or
    /// in mode `off`.
    public let reason: ReasonCode?

    /// A check from its parts.
    public init(
        checked: Bool, uri: String?, index: UInt64?, value: StatusType? = nil, listIssuedAt: Date? = nil,
        listExpires: Date? = nil, reason: ReasonCode? = nil
    ) {
        self.checked = checked
        self.uri = uri
        self.index = index
        self.value = value
        self.listIssuedAt = listIssuedAt
        self.listExpires = listExpires
        self.reason = reason
    }
}
