import Foundation
import TrustLists

/// Conversions of option values shared by the commands, each failing with a ``UsageError`` that says what was
/// expected.
enum ArgumentValues {
    /// `vical` or `rical`: the kinds `trustctl sign` writes (a LoTE is signed as JAdES by its publisher).
    static func kind(_ text: String) throws(UsageError) -> ListKind {
        guard let kind = ListKind(rawValue: text.lowercased()), kind != .lote else {
            throw UsageError("--kind must be vical or rical, not '\(text)'")
        }
        return kind
    }

    /// An RFC 3339 time such as `2024-09-24T18:00:00Z`.
    static func time(_ text: String) throws(UsageError) -> Date {
        guard let date = Timestamp.parse(text) else {
            throw UsageError("'\(text)' is not an RFC 3339 time (e.g. 2024-09-24T18:00:00Z)")
        }
        return date
    }

    /// A list id `network/name`.
    static func listID(_ text: String) throws(UsageError) -> ListID {
        guard let id = ListID(text) else {
            throw UsageError("--list must be <network>/vical, <network>/rical or <network>/<LoTE id>, not '\(text)'")
        }
        return id
    }
}
