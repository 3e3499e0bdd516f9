/// Oddities a list carries that were tolerated, collected while decoding and verifying it.
///
/// Warnings of the same kind are grouped into one line with a count and the first few paths, so that a list of
/// 10,000 entries with DER-wrapped SKIs gives one line, not 10,000.
public struct ListWarnings: Sendable, Hashable {
    private var order: [String] = []
    private var paths: [String: [String]] = [:]
    private var counts: [String: Int] = [:]

    /// No warnings.
    public init() {}

    /// Records one occurrence of `message` at `path` (empty for the whole list).
    public mutating func add(_ message: String, at path: String = "") {
        if counts[message] == nil { order.append(message) }
        counts[message, default: 0] += 1
        if !path.isEmpty, paths[message, default: []].count < 3 { paths[message, default: []].append(path) }
    }

    /// Appends every warning of `other`.
    public mutating func merge(_ other: ListWarnings) {
        for message in other.order {
            for path in other.paths[message] ?? [] { add(message, at: path) }
            let extra = (other.counts[message] ?? 0) - (other.paths[message]?.count ?? 0)
            for _ in 0..<max(0, extra) { add(message) }
        }
    }

    /// One line per kind of warning: `message (N entries: path, path, …)`.
    public var lines: [String] {
        order.map { message in
            let count = counts[message] ?? 0
            let shown = paths[message] ?? []
            guard !shown.isEmpty else { return count > 1 ? "\(message) (\(count) times)" : message }
            let more = count > shown.count ? ", …" : ""
            let noun = count == 1 ? "" : "\(count) entries: "
            return "\(message) (\(noun)\(shown.joined(separator: ", "))\(more))"
        }
    }

    /// Whether nothing was recorded.
    public var isEmpty: Bool { order.isEmpty }
}
