import Foundation
import TrustLists

/// The wire vocabulary's JSON (DESIGN.md, "The live service": declared once in the library): the objects of
/// `trustctl … --json` and of the HTTP API, built from dictionaries (nil becomes `null`, so documented keys are always
/// present) and encoded by Foundation's `JSONEncoder` with sorted keys so that the text is stable. Each command's
/// object is built by one function in this folder (`WireJSON+Status.swift`, …), used by both.
public enum WireJSON {
    /// A JSON object under construction; values are nil, Bool, Int, UInt64, Double, String, Date (written as
    /// RFC 3339 UTC), arrays and objects of these.
    public typealias Object = [String: Any?]

    /// Pretty-printed JSON with sorted keys, ending in a newline.
    public static func render(_ object: Object) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Value(object)) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The encodable form of a value.
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
            switch value {
            case nil, is NSNull: self = .null
            case let bool as Bool: self = .bool(bool)
            case let integer as Int: self = .integer(Int64(integer))
            case let integer as Int64: self = .integer(integer)
            case let unsigned as UInt64: self = .unsigned(unsigned)
            case let double as Double: self = .double(double)
            case let string as String: self = .string(string)
            case let date as Date: self = .string(Timestamp.text(date))
            case let object as Object: self = .object(object.mapValues { Value($0) })
            case let array as [Any?]: self = .array(array.map { Value($0) })
            case let strings as [String]: self = .array(strings.map { .string($0) })
            case let objects as [Object]: self = .array(objects.map { .object($0.mapValues { Value($0) }) })
            case let some?: self = .string("\(some)")
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
