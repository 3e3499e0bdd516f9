import Foundation
import TrustLists
import TrustListsService
import X509

/// The JSON of reader and issuer decisions (``WireDecision``), written
/// once per distinct answer: a verifier that asks about the same chain again and again gets the same decision value,
/// whose JSON differs only in `at`, the decision time. The text is kept in two parts, the bytes before and after the
/// value of `at`, and each response is those parts around the quoted time: byte for byte what writing the whole
/// object gives (the tests compare them), without building and writing the object for every request.
///
/// What is kept is the rendering of a decision already made: the decision itself is made for every request by the
/// policies, from the current generation, and is part of the key (with the query, the docType, the leaf and the
/// generation), so a different answer finds different text. Bounded: when full it starts again empty.
final class RenderedDecisions: Sendable {
    /// What the text depends on besides the decision and the time, with its hash computed once, outside the lock. The
    /// decision is not hashed (that cost more than the rest of the lookup): each key keeps the few decisions seen
    /// under it, compared with `==`, which finds a memoized decision's shared storage at once.
    struct Key: Hashable, Sendable {
        let query: String
        let docType: String?
        let leafSHA256: [UInt8]
        let generation: UInt64
        private let hashValueOfFields: Int

        init(query: String, docType: String?, leafSHA256: [UInt8], generation: UInt64) {
            self.query = query
            self.docType = docType
            self.leafSHA256 = leafSHA256
            self.generation = generation
            var hasher = Hasher()
            hasher.combine(query)
            hasher.combine(docType)
            hasher.combine(leafSHA256)
            hasher.combine(generation)
            hashValueOfFields = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hashValueOfFields) }
    }

    /// One decision's text under a key.
    struct Entry: Sendable {
        let decision: TrustDecision
        let parts: Parts
    }

    /// The most decisions kept under one key (the same leaf at other times may get other answers).
    static let decisionsPerKey = 4

    /// The text before and after the value of `at` (its quotes included in neither).
    struct Parts: Sendable {
        let before: [UInt8]
        let after: [UInt8]
    }

    /// The most texts kept.
    let capacity: Int
    private let parts = ReadWriteLock<[Key: [Entry]]>([:])

    /// The time written for `at` while the parts are found: 0000-01-01T00:00:00.001Z, whose text no other time of a
    /// decision holds (it is checked: when it occurs more than once, nothing is kept, and every answer is written
    /// whole).
    private static let marker = Date(timeIntervalSince1970: -62_167_219_199.999)

    /// An empty cache of at most `capacity` texts.
    init(capacity: Int = 1_024) { self.capacity = capacity }

    /// The JSON body of a decision: what ``WireJSON/renderedBytes(_:)`` writes for the ``WireDecision`` of these
    /// arguments.
    /// - Throws: what ``WireJSON/renderedBytes(_:)`` throws (nothing, for a decision).
    func body(
        _ decision: TrustDecision, query: String, docType: String?, leaf: Certificate, at time: Date,
        generation: UInt64
    ) throws -> [UInt8] {
        let key = Key(query: query, docType: docType, leafSHA256: leaf.sha256, generation: generation)
        if let known = parts.read({ $0[key] })?.first(where: { $0.decision == decision }) {
            return Self.join(known.parts, time)
        }
        let wire = WireDecision(decision, query: query, docType: docType, leaf: leaf, at: time, generation: generation)
        guard let found = try Self.split(wire) else { return try WireJSON.renderedBytes(wire) }
        parts.write { parts in
            if parts[key] == nil && parts.count >= capacity { parts.removeAll(keepingCapacity: true) }
            var entries = parts[key] ?? []
            if entries.count >= Self.decisionsPerKey { entries.removeFirst() }
            entries.append(Entry(decision: decision, parts: found))
            parts[key] = entries
        }
        return Self.join(found, time)
    }

    /// How many texts are kept now.
    var count: Int { parts.read { $0.values.reduce(0) { $0 + $1.count } } }

    /// The parts of `wire`'s text around its `at` value, found by writing the marker time in its place; nil when
    /// the marker's text is not found exactly once.
    private static func split(_ wire: WireDecision) throws -> Parts? {
        var marked = wire
        marked.members.at = marker
        let text = try WireJSON.renderedBytes(marked)
        // The marker as the writer quotes it (RFC 3339 text: nothing to escape).
        let needle = Array("\"\(Timestamp.text(marker))\"".utf8)
        let occurrences = Self.ranges(of: needle, in: text)
        guard occurrences.count == 1, let range = occurrences.first else { return nil }
        return Parts(before: Array(text[..<range.lowerBound]), after: Array(text[range.upperBound...]))
    }

    /// Where `needle` occurs in `text`.
    private static func ranges(of needle: [UInt8], in text: [UInt8]) -> [Range<Int>] {
        guard !needle.isEmpty, text.count >= needle.count else { return [] }
        var found: [Range<Int>] = []
        for start in 0...(text.count - needle.count)
        where text[start] == needle[0] && text[start..<start + needle.count].elementsEqual(needle) {
            found.append(start..<start + needle.count)
        }
        return found
    }

    /// The parts around the quoted time (RFC 3339 text: digits and `-:.TZ`, nothing to escape).
    private static func join(_ parts: Parts, _ time: Date) -> [UInt8] {
        var body: [UInt8] = []
        // The longest time text is 30 bytes (RFC3339's); a text written whole when none fits would only grow it.
        body.reserveCapacity(parts.before.count + 32 + parts.after.count)
        body.append(contentsOf: parts.before)
        body.append(UInt8(ascii: "\""))
        Timestamp.append(time, to: &body)
        body.append(UInt8(ascii: "\""))
        body.append(contentsOf: parts.after)
        return body
    }
}
