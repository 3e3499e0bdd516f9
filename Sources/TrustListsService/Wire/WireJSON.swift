import Foundation
import TrustLists

/// The wire vocabulary's JSON (docs/architecture.md, The command line and the daemon: declared once in the library):
/// the objects of `trustctl … --json` and of the HTTP API, built from dictionaries (nil becomes `null`, so documented
/// keys are always present) and encoded by Foundation's `JSONEncoder` with sorted keys so that the text is stable. Each
/// command's object is built by one function in this folder (`WireJSON+Status.swift`, …), used by both.
public enum WireJSON {
    /// A JSON object under construction; values are nil, Bool, Int, UInt64, Double, String, Date (written as
    /// RFC 3339 UTC), arrays and objects of these.
    public typealias Object = [String: Any?]

    /// Pretty-printed JSON with sorted keys, ending in a newline: byte for byte what Foundation's `JSONEncoder` writes
    /// with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (``renderWithJSONEncoder(_:)``, which the tests
    /// compare it with), written directly, since the HTTP API renders one object per decision and `JSONEncoder` took
    /// most of a decision's time (about 100 µs).
    public static func render(_ object: Object) -> String {
        String(decoding: renderedBytes(object), as: UTF8.self)
    }

    /// ``render(_:)`` as UTF-8 bytes, for a response body (no copy through a `String`).
    public static func renderedBytes(_ object: Object) -> [UInt8] {
        var writer = PrettyWriter()
        writer.write(object: object, depth: 0)
        writer.bytes.append(0x0A)
        return writer.bytes
    }

    /// ``render(_:)`` by Foundation's `JSONEncoder`: the reference the direct writer is tested against.
    public static func renderWithJSONEncoder(_ object: Object) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Value(object)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What one value of an ``Object`` is, found with the fewest casts (the Swift types first, the most frequent
    /// first: each failed cast costs, and `is NSNull` on a Swift dictionary or array bridges it to Foundation to test
    /// its class, which cost more than the rest of writing a decision). Containers are kept as given, so the writer
    /// walks them without copying.
    private enum Kind {
        case null
        case bool(Bool)
        case integer(Int64)
        case unsigned(UInt64)
        case double(Double)
        case string(String)
        case object(Object)
        case array([Any?])
        case strings([String])
        case objects([Object])

        init(_ value: Any?) {
            switch value {
            case nil: self = .null
            case let string as String: self = .string(string)
            case let object as Object: self = .object(object)
            case let bool as Bool: self = .bool(bool)
            case let integer as Int: self = .integer(Int64(integer))
            case let unsigned as UInt64: self = .unsigned(unsigned)
            case let date as Date: self = .string(Timestamp.text(date))
            case let integer as Int64: self = .integer(integer)
            case let double as Double: self = .double(double)
            case let array as [Any?]: self = .array(array)
            case let strings as [String]: self = .strings(strings)
            case let objects as [Object]: self = .objects(objects)
            case is NSNull: self = .null
            case let some?: self = .string("\(some)")
            }
        }
    }

    /// Writes values as `JSONEncoder`'s pretty printer does: two spaces per level, `"key" : value`, members
    /// sorted by `String` order, empty containers as `[` / `{`, an empty line, then the closing bracket.
    private struct PrettyWriter {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(4096) }

        mutating func write(_ value: Any?, depth: Int) {
            switch Kind(value) {
            case .null: bytes.append(contentsOf: "null".utf8)
            case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
            case .integer(let integer): bytes.append(contentsOf: String(integer).utf8)
            case .unsigned(let unsigned): bytes.append(contentsOf: String(unsigned).utf8)
            case .double(let double):
                // JSONEncoder's own number formatting (1, 0.5, 1e-07, -0), for the rare doubles.
                let encoded = (try? JSONEncoder().encode(double)).map(Array.init) ?? Array("null".utf8)
                bytes.append(contentsOf: encoded)
            case .string(let string): writeString(string)
            case .object(let members): write(object: members, depth: depth)
            case .array(let elements): writeArray(elements, depth: depth) { $0.write($1, depth: depth + 1) }
            case .strings(let elements): writeArray(elements, depth: depth) { $0.writeString($1) }
            case .objects(let elements): writeArray(elements, depth: depth) { $0.write(object: $1, depth: depth + 1) }
            }
        }

        mutating func write(object members: Object, depth: Int) {
            bytes.append(UInt8(ascii: "{"))
            bytes.append(0x0A)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
                indent(depth + 1)
                writeString(key)
                bytes.append(contentsOf: " : ".utf8)
                write(members[key]!, depth: depth + 1)
            }
            bytes.append(0x0A)
            indent(depth)
            bytes.append(UInt8(ascii: "}"))
        }

        private mutating func writeArray<Element>(
            _ elements: [Element], depth: Int, _ writeElement: (inout PrettyWriter, Element) -> Void
        ) {
            bytes.append(UInt8(ascii: "["))
            bytes.append(0x0A)
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
                indent(depth + 1)
                writeElement(&self, element)
            }
            bytes.append(0x0A)
            indent(depth)
            bytes.append(UInt8(ascii: "]"))
        }

        private mutating func indent(_ depth: Int) {
            for _ in 0..<2 * depth { bytes.append(UInt8(ascii: " ")) }
        }

        /// A string: `"` and `\` escaped, `\b \f \n \r \t`, other controls below 0x20 as `\u00xx`; `/`, DEL and
        /// non-ASCII as they are (UTF-8). Text with nothing to escape, the usual case, is copied at once.
        private mutating func writeString(_ string: String) {
            var string = string
            string.withUTF8 { writeString(utf8: $0) }
        }

        private mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
            bytes.append(UInt8(ascii: "\""))
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\""))
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// The encodable form of a value, for `JSONEncoder`.
    private enum Value: Encodable {
        case null
        case bool(Bool)
        case integer(Int64)
        case unsigned(UInt64)
        case double(Double)
        case string(String)
        case array([Value])
        case object([String: Value])

        init(_ value: Any?) {
            switch Kind(value) {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .integer(let integer): self = .integer(integer)
            case .unsigned(let unsigned): self = .unsigned(unsigned)
            case .double(let double): self = .double(double)
            case .string(let string): self = .string(string)
            case .object(let object): self = .object(object.mapValues { Value($0) })
            case .array(let array): self = .array(array.map { Value($0) })
            case .strings(let strings): self = .array(strings.map { .string($0) })
            case .objects(let objects): self = .array(objects.map { .object($0.mapValues { Value($0) }) })
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let bool): try container.encode(bool)
            case .integer(let integer): try container.encode(integer)
            case .unsigned(let unsigned): try container.encode(unsigned)
            case .double(let double): try container.encode(double)
            case .string(let string): try container.encode(string)
            case .array(let array): try container.encode(array)
            case .object(let object): try container.encode(object)
            }
        }
    }
}
