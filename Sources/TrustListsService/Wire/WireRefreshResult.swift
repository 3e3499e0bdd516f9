import Foundation
import TrustLists

/// One list's result in a refresh: `id`, `outcome` (``RefreshOutcome/name``), `reason`, `message`, `state`,
/// `stateReason`, `issueID` and `previousIssueID`, `date`, `entries`, the SHA-256s of the certificates `added` and
/// `removed`, and `notes`. In `GET /v1/events` the names are cut to the first ``WireEvents/namesShown`` of each, and
/// `addedCount` and `removedCount` give the whole counts.
public struct WireRefreshResult: Encodable, Sendable {
    /// The members of every result.
    public struct Members: Encodable, Sendable {
        public let id: String
        public let outcome: String
        public let reason: String?
        public let message: String
        public let state: String
        public let stateReason: String?
        public let issueID: UInt64?
        public let previousIssueID: UInt64?
        public let date: Date?
        public let entries: Int?
        public let added: [String]
        public let removed: [String]
        public let notes: [String]
    }

    /// The whole counts, when `added` and `removed` are cut.
    public struct Counts: Encodable, Sendable {
        public let addedCount: Int
        public let removedCount: Int
    }

    public let members: Members
    public let counts: Counts?

    /// The wire form of `result`.
    /// - Parameters:
    ///   - result: the list's result.
    ///   - namesShown: the most added and removed names to show, with the whole counts; nil: every name, no counts.
    public init(_ result: ListRefreshResult, namesShown: Int? = nil) {
        let added = result.diff?.added ?? []
        let removed = result.diff?.removed ?? []
        members = Members(
            id: result.id.description, outcome: result.outcome.name, reason: result.outcome.error?.code.rawValue,
            message: result.outcome.message, state: result.state.rawValue, stateReason: result.stateReason,
            issueID: result.current?.issueID, previousIssueID: result.previous?.issueID, date: result.current?.date,
            entries: result.current?.entries, added: namesShown.map { Array(added.prefix($0)) } ?? added,
            removed: namesShown.map { Array(removed.prefix($0)) } ?? removed, notes: result.notes)
        counts = namesShown.map { _ in Counts(addedCount: added.count, removedCount: removed.count) }
    }

    public func encode(to encoder: any Encoder) throws {
        try members.encode(to: encoder)
        try counts?.encode(to: encoder)
    }
}
