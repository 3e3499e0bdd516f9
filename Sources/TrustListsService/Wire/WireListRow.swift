import Foundation
import TrustLists

/// One configured list as status shows it: `id`, `kind`, `loteType`, its `state` and `stateReason`, the current
/// version's facts (`provider`, `issueID`, `date`, `nextUpdate`, `notAfter`, `entries`, `sha256`, `signerNotAfter`),
/// where that version came from (`source`: network, cache or bootstrap) and where it is fetched (`url`), and its last
/// attempt, success and error. Every member is present; those of a version are null while there is none.
public struct WireListRow: Encodable, Sendable {
    public let id: String
    public let kind: String
    public let loteType: String?
    public let state: String
    public let stateReason: String?
    public let provider: String?
    public let issueID: UInt64?
    public let date: Date?
    public let nextUpdate: Date?
    public let notAfter: Date?
    public let entries: Int?
    public let sha256: String?
    public let signerNotAfter: Date?
    public let source: String?
    public let url: String?
    public let lastAttempt: Date?
    public let lastSuccess: Date?
    public let lastError: WireFailure?

    /// The row of `list`.
    /// - Parameters:
    ///   - list: the list's status.
    ///   - source: its configured source (for `url` and `loteType`); nil when the configuration does not have it.
    public init(_ list: ListStatus, source: ListSource?) {
        id = list.id.description
        kind = list.id.kind.rawValue
        loteType = source?.loteType
        state = list.state.rawValue
        stateReason = list.stateReason
        provider = list.current?.provider
        issueID = list.current?.issueID
        date = list.current?.date
        nextUpdate = list.current?.nextUpdate
        notAfter = list.current?.notAfter
        entries = list.current?.entries
        sha256 = list.current?.sha256
        signerNotAfter = list.current?.signerNotAfter
        self.source = list.origin?.rawValue
        url = source?.url
        lastAttempt = list.lastAttempt
        lastSuccess = list.lastSuccess
        lastError = list.lastError.map(WireFailure.init)
    }
}
