/// A CBOR data item in the generic data model of RFC 8949 §2, used to build values, to encode them
/// deterministically (``encoded()``) and to compare decoded content.
///
/// Equality and hashing follow the data model, not the bytes an item was decoded from (RFC 8949 §2 and §5.6):
/// - an integer is equal to the same integer however its head was encoded;
/// - floats compare by value whatever their width (half, single or double); `0.0` and `-0.0` differ, and every NaN
///   equals every other NaN;
/// - text strings compare by their UTF-8 bytes (no Unicode normalization, unlike Swift's `String ==`);
/// - maps compare as sets of entries, whatever their order;
/// - `.boolean(false)`, `.boolean(true)`, `.null` and `.undefined` are the simple values 20 to 23 and equal
///   `.simple(20)` to `.simple(23)`.
///
/// Tags are kept as they are: a bignum (tag 2 or 3, RFC 8949 §3.4.3) is a tag over a byte string and is not equal to
/// an integer of the same numeric value.
public enum CBOR: Sendable {
    /// Major type 0: an unsigned integer 0 ... 2^64-1 (RFC 8949 §3.1).
    case unsigned(UInt64)
    /// Major type 1: the negative integer `-1 - n` for the stored `n` (RFC 8949 §3.1), so `.negative(0)` is -1.
    case negative(UInt64)
    /// Major type 2: a byte string (RFC 8949 §3.1).
    case byteString([UInt8])
    /// Major type 3: a text string of valid UTF-8 (RFC 8949 §3.1).
    case textString(String)
    /// Major type 4: an array of data items (RFC 8949 §3.1).
    case array([CBOR])
    /// Major type 5: a map as its key/value pairs, in the order given or decoded (RFC 8949 §3.1).
    case map([MapEntry])
    /// Major type 6: a tag number over a data item (RFC 8949 §3.4).
    indirect case tagged(UInt64, CBOR)
    /// Major type 7: a simple value 0 ... 19 or 32 ... 255 (RFC 8949 §3.3); 20 ... 23 are the named cases below and
    /// 24 ... 31 are reserved and have no well-formed encoding (see ``CBOREncoder``).
    case simple(UInt8)
    /// Major type 7: `false` (simple value 20) or `true` (21), RFC 8949 §3.3.
    case boolean(Bool)
    /// Major type 7: `null` (simple value 22), RFC 8949 §3.3.
    case null
    /// Major type 7: `undefined` (simple value 23), RFC 8949 §3.3.
    case undefined
    /// Major type 7: a floating-point number, decoded from half, single or double precision (RFC 8949 §3.3).
    case float(Double)

    /// One key/value pair of a CBOR map (RFC 8949 §3.1, major type 5).
    public struct MapEntry: Hashable, Sendable {
        /// The key.
        public var key: CBOR
        /// The value.
        public var value: CBOR

        /// Creates a map entry.
        /// - Parameters:
        ///   - key: the key, any data item.
        ///   - value: the value, any data item.
        public init(key: CBOR, value: CBOR) {
            self.key = key
            self.value = value
        }
    }
}

// MARK: - Convenience constructors and accessors

extension CBOR {
    /// Creates a text string (RFC 8949 §3.1, major type 3).
    /// - Parameter text: the string; it is encoded as UTF-8.
    public init(_ text: String) {
        self = .textString(text)
    }

    /// An integer as major type 0 (zero or positive) or major type 1 (negative), RFC 8949 §3.1.
    /// - Parameter value: any `Int64`.
    /// - Returns: `.unsigned(value)` or `.negative(-1 - value)`.
    public static func int(_ value: Int64) -> CBOR {
        value >= 0 ? .unsigned(UInt64(value)) : .negative(UInt64(~value))
    }

    /// A bignum: tag 2 (unsigned) or tag 3 (negative, value `-1 - n`) over the big-endian magnitude, RFC 8949 §3.4.3.
    /// - Parameters:
    ///   - magnitude: the big-endian bytes of `n`; leading zero bytes are removed.
    ///   - negative: `true` for tag 3.
    /// - Returns: the tagged byte string.
    public static func bignum(_ magnitude: [UInt8], negative: Bool = false) -> CBOR {
        .tagged(negative ? 3 : 2, .byteString(Array(magnitude.drop(while: { $0 == 0 }))))
    }

    /// The value of an integer item as `Int64`, or `nil` when it is not major type 0 or 1 or does not fit.
    public var int64Value: Int64? {
        switch self {
        case .unsigned(let n): return n <= UInt64(Int64.max) ? Int64(n) : nil
        case .negative(let n): return n <= UInt64(Int64.max) ? ~Int64(n) : nil
        default: return nil
        }
    }

    /// The string of a text string item, or `nil` for any other item.
    public var textValue: String? {
        if case .textString(let text) = self { return text }
        return nil
    }

    /// The magnitude of a bignum (tag 2 or 3 over a byte string, RFC 8949 §3.4.3), or `nil` for any other item.
    ///
    /// `magnitude` is the big-endian `n` as encoded (leading zero bytes kept); for tag 3 the value is `-1 - n`.
    public var bignumValue: (isNegative: Bool, magnitude: [UInt8])? {
        guard case .tagged(let tag, .byteString(let bytes)) = self, tag == 2 || tag == 3 else { return nil }
        return (tag == 3, bytes)
    }

    /// The value under `key` in a map, or `nil` when this is not a map or the key is absent.
    ///
    /// Keys compare by data-model equality (RFC 8949 §2), so `value["a"]` and `value[.unsigned(1)]` both work.
    /// - Parameter key: the key to look up.
    /// - Returns: the first value stored under an equal key.
    public subscript(key: CBOR) -> CBOR? {
        guard case .map(let entries) = self else { return nil }
        return entries.first(where: { $0.key == key })?.value
    }

    /// The number 20 ... 23 for `false`, `true`, `null`, `undefined`, the number of `.simple`, or `nil` otherwise.
    var simpleNumber: UInt8? {
        switch self {
        case .boolean(let value): return value ? 21 : 20
        case .null: return 22
        case .undefined: return 23
        case .simple(let value): return value
        default: return nil
        }
    }
}

// MARK: - Data-model equality

extension CBOR: Hashable {
    /// Data-model equality (RFC 8949 §2): see the type's documentation for the rules.
    /// - Returns: whether both sides are the same data item.
    public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
        if let left = lhs.simpleNumber, let right = rhs.simpleNumber { return left == right }
        switch (lhs, rhs) {
        case (.unsigned(let a), .unsigned(let b)): return a == b
        case (.negative(let a), .negative(let b)): return a == b
        case (.byteString(let a), .byteString(let b)): return a == b
        case (.textString(let a), .textString(let b)):
            return a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return a == b
        case (.map(let a), .map(let b)):
            guard a.count == b.count else { return false }
            if a == b { return true }
            // Same entries in another order: the deterministic encoding sorts keys, so it is a canonical form of the
            // data model (RFC 8949 §4.2.1) that also keeps duplicate entries apart.
            return CBOR.map(a).encoded() == CBOR.map(b).encoded()
        case (.tagged(let t1, let v1), .tagged(let t2, let v2)): return t1 == t2 && v1 == v2
        case (.float(let a), .float(let b)): return a.isNaN ? b.isNaN : (!b.isNaN && a.bitPattern == b.bitPattern)
        default: return false
        }
    }

    /// Hashes consistently with ``==(_:_:)``: text by UTF-8 bytes, NaN as one value, maps independently of order.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        if let number = simpleNumber {
            hasher.combine(7 as UInt8)
            hasher.combine(number)
            return
        }
        switch self {
        case .unsigned(let n):
            hasher.combine(0 as UInt8)
            hasher.combine(n)
        case .negative(let n):
            hasher.combine(1 as UInt8)
            hasher.combine(n)
        case .byteString(let bytes):
            hasher.combine(2 as UInt8)
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        case .textString(let text):
            hasher.combine(3 as UInt8)
            var text = text
            text.withUTF8 { utf8 in
                hasher.combine(utf8.count)
                hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
            }
        case .array(let items):
            hasher.combine(4 as UInt8)
            hasher.combine(items.count)
            for item in items { hasher.combine(item) }
        case .map(let entries):
            hasher.combine(5 as UInt8)
            hasher.combine(entries.count)
            // Order-independent: the wrapping sum of each entry's own hash.
            var sum = 0
            for entry in entries {
                var entryHasher = Hasher()
                entryHasher.combine(entry)
                sum = sum &+ entryHasher.finalize()
            }
            hasher.combine(sum)
        case .tagged(let tag, let content):
            hasher.combine(6 as UInt8)
            hasher.combine(tag)
            hasher.combine(content)
        case .float(let value):
            hasher.combine(8 as UInt8)
            hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
        case .simple, .boolean, .null, .undefined:
            break  // handled above
        }
    }
}

// MARK: - Literals (handy in tests and when building values)

extension CBOR: ExpressibleByIntegerLiteral {
    /// An integer literal as major type 0 or 1 (RFC 8949 §3.1).
    /// - Parameter value: the literal.
    public init(integerLiteral value: Int64) {
        self = .int(value)
    }
}

extension CBOR: ExpressibleByStringLiteral {
    /// A string literal as a text string (RFC 8949 §3.1, major type 3).
    /// - Parameter value: the literal.
    public init(stringLiteral value: String) {
        self = .textString(value)
    }
}

extension CBOR: ExpressibleByBooleanLiteral {
    /// `true` or `false` (RFC 8949 §3.3).
    /// - Parameter value: the literal.
    public init(booleanLiteral value: Bool) {
        self = .boolean(value)
    }
}

extension CBOR: ExpressibleByFloatLiteral {
    /// A float literal as a floating-point item (RFC 8949 §3.3).
    /// - Parameter value: the literal.
    public init(floatLiteral value: Double) {
        self = .float(value)
    }
}

extension CBOR: ExpressibleByArrayLiteral {
    /// An array literal as a CBOR array (RFC 8949 §3.1, major type 4).
    /// - Parameter elements: the items.
    public init(arrayLiteral elements: CBOR...) {
        self = .array(elements)
    }
}

extension CBOR: ExpressibleByDictionaryLiteral {
    /// A dictionary literal as a CBOR map whose entries keep the literal's order (RFC 8949 §3.1, major type 5).
    /// - Parameter elements: the key/value pairs.
    public init(dictionaryLiteral elements: (CBOR, CBOR)...) {
        self = .map(elements.map { MapEntry(key: $0.0, value: $0.1) })
    }
}
