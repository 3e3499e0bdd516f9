import Foundation
import TrustLists

/// A recorded failure, as status shows a list's or a CRL's last error and a failed write of the cache: `reason`,
/// `message`, `first`, `last` (RFC 3339 UTC) and `count`.
public struct WireFailure: Encodable, Sendable {
    public let reason: String
    public let message: String
    public let first: Date
    public let last: Date
    public let count: Int

    /// The wire form of `failure`.
    public init(_ failure: RecordedFailure) {
        reason = failure.reason.rawValue
        message = failure.message
        first = failure.first
        last = failure.last
        count = failure.count
    }
}
