import Foundation
import TrustLists

/// One status list the service keeps (``ServiceStatusLists``) as `GET /v1/status` shows it: `uri`, `issuer` (the
/// signer's subject, RFC 4514), `format` (`jwt`, `cwt`), `bits`, `count`, `iat`, `exp`, `fetchedAt`, its `state` at the
/// status time (`fresh`; `expired` at or past `exp`; `missing`: no verified list stored) and `lastError` ({`reason`, `message`} or null). The list's members are null while
/// none is kept.
public struct WireStatusListRow: Encodable, Sendable {
    public let uri: String
    public let issuer: String?
    public let format: String?
    public let bits: Int?
    public let count: Int?
    public let iat: Date?
    public let exp: Date?
    public let fetchedAt: Date?
    public let state: String
    public let lastError: WireError?

    /// Every state a row can be in.
    public static let states = ["fresh", "expired", "missing"]

    /// The row of the entry kept for `uri`, at `time`.
    public init(uri: String, _ entry: ServiceStatusLists.Entry, at time: Date) {
        self.uri = uri
        let list = entry.list
        issuer = list?.signer.subject.rfc4514
        format = list?.token.format.rawValue
        bits = list?.bits.rawValue
        count = list?.count
        iat = list?.issuedAt
        exp = list?.expires
        fetchedAt = entry.fetchedAt
        state = list.map { $0.isExpired(at: time) ? "expired" : "fresh" } ?? "missing"
        lastError = entry.lastError.map { WireError($0.code, $0.reason) }
    }

    /// The rows of every kept entry, by URI.
    public static func rows(_ entries: [String: ServiceStatusLists.Entry], at time: Date) -> [WireStatusListRow] {
        entries.keys.sorted().compactMap { uri in entries[uri].map { WireStatusListRow(uri: uri, $0, at: time) } }
    }
}
