import Foundation

/// The project's one JSON writer (docs/architecture.md, The command line and the daemon): an `Encoder` that writes a
/// value as pretty-printed JSON with sorted keys, byte for byte what Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, with two differences that the wire needs:
///
/// - `encodeIfPresent(nil)` writes `null` where `JSONEncoder` leaves the member out, so that a value's documented
///   members are present whether or not they have a value (a synthesized `Encodable` keeps them all); with
///   ``NilMembers/omitted`` it leaves them out, as `JSONEncoder` does (a configuration, which must read back);
/// - a `Date` is written as the text ``Options/dateText`` makes of it (the wire: RFC 3339 UTC), and without one is an
///   error rather than a number.
///
/// Strings are written by ``JSONString``. The value encodes itself into a tree of nodes (in the order it encodes its
/// members), which is then written once, each object's members sorted: no dictionary, no dynamic cast per value.
package struct PrettyJSONEncoder: Sendable {
    /// The order of an object's members.
    package enum KeyOrder: Sendable {
        /// `String` order (by Unicode scalars, as `JSONEncoder`'s `.sortedKeys`): the wire and the snapshot.
        case codePoints
        /// `JSONSerialization`'s `.sortedKeys` order: numeric, case-insensitive (`a9` before `a10`, `B` after `a`),
        /// compared by Foundation. Only for a file first written by `JSONSerialization` whose bytes stay as they were
        /// (an export's `current.json`).
        case serialization
    }

    /// What `encodeIfPresent(nil)` writes.
    package enum NilMembers: Sendable {
        /// The member with `null`: the wire, whose documented members are always present.
        case null
        /// Nothing, as `JSONEncoder` does: a document whose absent members must stay absent (a configuration).
        case omitted
    }

    /// What the encoder needs besides the value.
    package struct Options: Sendable {
        /// The text of a date (the wire: `Timestamp.text`, RFC 3339 UTC); nil: a date is an error.
        package var dateText: (@Sendable (Date) -> String)?
        /// The order of members.
        package var keyOrder: KeyOrder
        /// What a member given with `encodeIfPresent(nil)` becomes.
        package var nilMembers: NilMembers

        package init(
            dateText: (@Sendable (Date) -> String)? = nil, keyOrder: KeyOrder = .codePoints,
            nilMembers: NilMembers = .null
        ) {
            self.dateText = dateText
            self.keyOrder = keyOrder
            self.nilMembers = nilMembers
        }
    }

    package var options: Options

    /// An encoder that writes dates with `dateText` (nil: a date is an error), members in `keyOrder`, and a nil
    /// member as `nilMembers` says.
    package init(
        dateText: (@Sendable (Date) -> String)? = nil, keyOrder: KeyOrder = .codePoints, nilMembers: NilMembers = .null
    ) {
        options = Options(dateText: dateText, keyOrder: keyOrder, nilMembers: nilMembers)
    }

    /// `value` as a JSON document: pretty-printed, keys sorted, ending in a newline.
    /// - Parameter value: the value; it may be an object, an array or a single value.
    /// - Returns: UTF-8 JSON text.
    /// - Throws: `EncodingError.invalidValue` for a number JSON cannot write (NaN, ±infinity), a date without
    ///   ``Options/dateText``, or a value that encodes nothing; and what the value's `encode(to:)` throws.
    package func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        let root = TreeEncoder(options: options, parent: nil, key: nil)
        let node = try root.topLevelNode(for: value)
        var writer = PrettyWriter(keyOrder: options.keyOrder)
        writer.write(node, depth: 0)
        writer.bytes.append(0x0A)
        return writer.bytes
    }
}

extension TreeEncoder {
    /// The node of the top-level value, encoded into this encoder; as ``node(for:key:)``, but a value that encodes
    /// nothing is an error (as for `JSONEncoder`), not `{}`.
    func topLevelNode<Value: Encodable>(for value: Value) throws -> JSONNode {
        if let node = try specialNode(for: value, key: nil) { return node }
        try value.encode(to: self)
        guard let storage else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return storage
    }
}
