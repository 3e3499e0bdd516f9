import Foundation
import X509

/// Where the list in use came from (the `source` of `trustctl status`).
public enum ListOrigin: String, Sendable, Hashable, Codable {
    /// The last refresh attempt fetched it, or confirmed it unchanged (304 or the same bytes).
    case network
    /// The last refresh attempt failed or was offline, so the cached version is in use unconfirmed.
    case cache
    /// Read from the configured bootstrap file.
    case bootstrap
}

/// A refresh failure, and how long it has lasted: `first` and `count` cover the failures since the last success.
public struct RecordedFailure: Sendable, Hashable, Codable {
    /// The reason code.
    public var reason: TrustListError.Code
    /// The message.
    public var message: String
    /// When the current run of failures began.
    public var first: Date
    /// The latest failure.
    public var last: Date
    /// Failures since the last success.
    public var count: Int

    /// Creates a record.
    public init(reason: TrustListError.Code, message: String, first: Date, last: Date, count: Int) {
        self.reason = reason
        self.message = message
        self.first = first
        self.last = last
        self.count = count
    }
}

/// What `state.json` keeps for one signed source: a list (``ListRecord``) or a CA's CRL (``CRLRecord``). The
/// bookkeeping of attempts, failures, validators and the high-water mark is the same for every kind; only the facts
/// of a version (`Version`) and the mark rollback is judged against (`Mark`) differ.
public struct SourceRecord<Version: Sendable & Hashable & Codable, Mark: Sendable & Hashable & Codable>: Sendable,
    Hashable, Codable
{
    /// The version in use; nil when there is none.
    public var current: Version?
    /// SHA-256 of the version before it, still on disk; nil when none.
    public var previousSHA256: String?
    /// Where ``current`` came from.
    public var origin: ListOrigin?
    /// The highest version ever accepted.
    public var highWater: Mark?
    /// The `ETag` of the last successful fetch.
    public var etag: String?
    /// The `Last-Modified` of the last successful fetch.
    public var lastModified: String?
    /// The last refresh attempt (UTC).
    public var lastAttempt: Date?
    /// The last successful refresh: a new version, or the current one confirmed.
    public var lastSuccess: Date?
    /// The failures since the last success; nil after a success.
    public var lastError: RecordedFailure?

    /// An empty record.
    public init() {}

    /// Records a failure at `time`, extending the current run of failures.
    public mutating func recordFailure(_ error: TrustListError, at time: Date) {
        lastAttempt = time
        if var failure = lastError {
            failure.reason = error.code
            failure.message = error.reason
            failure.last = time
            failure.count += 1
            lastError = failure
        } else {
            lastError = RecordedFailure(reason: error.code, message: error.reason, first: time, last: time, count: 1)
        }
        if current != nil, origin == .network { origin = .cache }
    }

    /// Records a success at `time`: a version fetched or confirmed (`lastSuccess`, the error cleared). A version read
    /// from a bootstrap file is no fetch: only ``origin`` changes, so `lastSuccess` keeps saying when the source last
    /// answered (never, until it does) and a failure of the same run stays recorded.
    public mutating func recordSuccess(at time: Date, origin: ListOrigin) {
        self.origin = origin
        guard origin != .bootstrap else { return }
        lastAttempt = time
        lastSuccess = time
        lastError = nil
    }
}

/// What `state.json` keeps for one list.
public typealias ListRecord = SourceRecord<ListSummary, VersionMark>

extension SourceRecord where Mark == VersionMark {
    /// Raises the high-water mark to `mark` when it is later in the kind's order (``VersionRules``), or sets it.
    public mutating func raiseHighWater(to mark: VersionMark, rules: VersionRules) {
        if let accepted = highWater, !rules.precedes(accepted, mark) { return }
        highWater = mark
    }
}
