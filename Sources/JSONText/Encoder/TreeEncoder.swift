import Foundation

/// The `Encoder` a value encodes itself into (one per nested value): it holds the node the value made and the way to
/// the root, from which ``codingPath`` is made only when asked for (an error's path), not for every value.
final class TreeEncoder: Encoder {
    let options: PrettyJSONEncoder.Options
    /// The encoder of the value this one's value is a member or element of; nil at the top.
    let parent: TreeEncoder?
    /// Where this encoder's value sits in its parent's; nil at the top.
    let key: (any CodingKey)?
    /// What the value encoded: nil until it asks for a container. Used on one thread (``JSONObjectNode``).
    @exclusivity(unchecked) var storage: JSONNode?

    init(options: PrettyJSONEncoder.Options, parent: TreeEncoder?, key: (any CodingKey)?) {
        self.options = options
        self.parent = parent
        self.key = key
    }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var encoder: TreeEncoder? = self
        while let current = encoder {
            if let key = current.key { path.append(key) }
            encoder = current.parent
        }
        return path.reversed()
    }

    /// None: the wire values need none.
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A keyed container over this encoder's object; asked again (a subclass after its superclass), the same object.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(encoder: self, object: objectNode()))
    }

    /// An unkeyed container over this encoder's array; asked again, the same array.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedContainer(encoder: self, array: arrayNode())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// The object this encoder's value is, made on first use. A value that asked for another kind of container
    /// before is replaced (`JSONEncoder` stops the program there).
    private func objectNode() -> JSONObjectNode {
        if case .object(let object) = storage { return object }
        let object = JSONObjectNode()
        storage = .object(object)
        return object
    }

    private func arrayNode() -> JSONArrayNode {
        if case .array(let array) = storage { return array }
        let array = JSONArrayNode()
        storage = .array(array)
        return array
    }

    /// The node of `value`, a member (`key`) or element of this encoder's value: the types JSON writes in a form of
    /// their own (dates by ``PrettyJSONEncoder/Options/dateText``, `Data` in base64, URLs as their absolute string,
    /// `Decimal` as a number, `[String]` directly), else what the value encodes into a new encoder (`{}` for nothing).
    /// - Throws: `EncodingError.invalidValue` for a date without a date format, and what the value throws.
    func node<Value: Encodable>(for value: Value, key: (any CodingKey)?) throws -> JSONNode {
        if let node = try specialNode(for: value, key: key) { return node }
        let encoder = TreeEncoder(options: options, parent: self, key: key)
        try value.encode(to: encoder)
        return encoder.storage ?? .object(JSONObjectNode())
    }

    /// The node of a value of a type written in a form of its own; nil for the others. The type is found by comparing
    /// metatypes (no dynamic cast per value); each `unsafeBitCast` is from a type to itself, so it changes nothing.
    func specialNode<Value: Encodable>(for value: Value, key: (any CodingKey)?) throws -> JSONNode? {
        if Value.self == Date.self {
            return try dateNode(unsafeBitCast(value, to: Date.self), key: key)
        }
        if Value.self == [String].self {
            return .array(JSONArrayNode(unsafeBitCast(value, to: [String].self).map { .string($0) }))
        }
        if Value.self == Data.self {
            return .string(unsafeBitCast(value, to: Data.self).base64EncodedString())
        }
        if Value.self == URL.self {
            return .string(unsafeBitCast(value, to: URL.self).absoluteString)
        }
        if Value.self == Decimal.self {
            let decimal = unsafeBitCast(value, to: Decimal.self)
            guard !decimal.isNaN else {
                throw EncodingError.invalidValue(
                    decimal,
                    EncodingError.Context(
                        codingPath: codingPath + (key.map { [$0] } ?? []),
                        debugDescription: "Unable to encode Decimal.nan directly in JSON."))
            }
            return .numberText(decimal.description)
        }
        return nil
    }

    private func dateNode(_ date: Date, key: (any CodingKey)?) throws -> JSONNode {
        guard let dateText = options.dateText else {
            throw EncodingError.invalidValue(
                date,
                EncodingError.Context(
                    codingPath: codingPath + (key.map { [$0] } ?? []),
                    debugDescription: "a Date needs the encoder's dateText to be written as JSON"))
        }
        return .string(dateText(date))
    }

    /// `value` as a node, or the error `JSONEncoder` throws for a number JSON cannot write (NaN, ±infinity).
    func floatingNode<Value: BinaryFloatingPoint & Encodable>(
        _ value: Value, key: (any CodingKey)?, _ make: (Value) -> JSONNode
    ) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath + (key.map { [$0] } ?? []),
                    debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        return make(value)
    }
}
