/// What ``PrettyJSONEncoder`` builds while a value encodes itself: a tree of JSON values whose objects keep their
/// members in the order they were encoded. Objects and arrays are references, so that a container keeps filling the
/// node its parent already holds; the tree is written, keys sorted, once the value has encoded itself.
enum JSONNode {
    case null
    case bool(Bool)
    /// A signed integer of any width.
    case integer(Int64)
    /// An unsigned integer of any width.
    case unsigned(UInt64)
    /// A finite Double (checked when encoded).
    case double(Double)
    /// A finite Float (checked when encoded).
    case float(Float)
    case string(String)
    /// A number already written as JSON text (a `Decimal`).
    case numberText(String)
    case object(JSONObjectNode)
    case array(JSONArrayNode)
    /// The value a super encoder holds (`superEncoder()`), known only once its value has encoded itself: found when
    /// the tree is written, `{}` when nothing was encoded into it.
    case deferred(TreeEncoder)
}

/// A JSON object under construction: its members in the order encoded (a name encoded twice keeps its last value).
/// One encoding uses its nodes on one thread, from start to end: their storage needs no run-time exclusivity check.
final class JSONObjectNode {
    @exclusivity(unchecked) var members: [(key: String, value: JSONNode)] = []

    init() { members.reserveCapacity(16) }

    func append(_ key: String, _ value: JSONNode) { members.append((key, value)) }
}

/// A JSON array under construction.
final class JSONArrayNode {
    @exclusivity(unchecked) var values: [JSONNode]

    init(_ values: [JSONNode] = []) { self.values = values }
}
