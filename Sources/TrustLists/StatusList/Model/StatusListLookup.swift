/// The outcome of looking up a credential's index in a status list: its status, or the fact that the list has no
/// entry there. An index past the end is never a status (draft-ietf-oauth-status-list §8.3 step 6: "no statement
/// about the status … can be made and the Referenced Token MUST be rejected"); it is a value, not an error, so that
/// the decision says why.
public enum StatusListLookup: Sendable, Hashable, CustomStringConvertible {
    /// The list holds this status at the index.
    case status(StatusType)
    /// The index is at or past the list's end.
    case indexOutOfRange(index: UInt64, count: Int)

    /// The status, or nil for an index out of range.
    public var status: StatusType? {
        if case .status(let status) = self { return status }
        return nil
    }

    /// `VALID`, `INVALID`, …, or `index N out of range (list of M entries)`.
    public var description: String {
        switch self {
        case .status(let status): status.name
        case .indexOutOfRange(let index, let count): "index \(index) out of range (list of \(count) entries)"
        }
    }
}
