import Foundation
import TestSupport

/// A value of every shape the JSON writer meets, built from a seed: all the scalar types of the coding protocols,
/// dates and the other types `JSONEncoder` writes in forms of their own, keyed and unkeyed containers (nested ones,
/// super encoders, members given with `encodeIfPresent`), empty containers, escapes and key orders.
indirect enum RandomValue: Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case double(Double)
    case float(Float)
    case string(String)
    case date(Date)
    case data(Data)
    case url(URL)
    case decimal(Decimal)
    case strings([String])
    case array([RandomValue])
    /// Members encoded one by one; a nil value is given with `encodeIfPresent`.
    case object([(String, RandomValue?)])
    /// An object whose members are a nested keyed container, a nested unkeyed container and a super encoder's value.
    case nested(String, [(String, RandomValue)], [RandomValue], RandomValue)

    /// Keys that stress the ordering: case, digits, punctuation, prefixes, non-ASCII.
    static let keys = [
        "a", "A", "Z", "a10", "a9", "aB", "ab", "a_", "a-", "issueID", "issueId", "list", "listState", "anchorSHA256",
        "anchorSubject", "", "é", "e", "z", "😀", "key with space", "x/y",
    ]
    /// Strings that stress escaping.
    static let strings = [
        "", "plain", "quote \" and backslash \\", "slash / stays", "controls \u{0}\u{1}\u{8}\u{9}\u{a}\u{c}\u{d}\u{1f}",
        "del \u{7f}", "é€😀", "line\nbreak", "CN=Sim Reader,O=Sim Trust Network,C=US", "\u{2028}\u{2029}",
    ]

    static func make(_ generator: inout SplitMix64, depth: Int) -> RandomValue {
        let scalarKinds = 20
        let pick = Int(generator.next() % UInt64(depth > 3 ? scalarKinds : scalarKinds + 4))
        let bits = generator.next()
        switch pick {
        case 0: return .null
        case 1: return .bool(bits % 2 == 0)
        case 2: return .int(Int(Int64(bitPattern: bits) >> Int64(generator.next() % 64)))
        case 3: return .int8(Int8(truncatingIfNeeded: bits))
        case 4: return .int16(Int16(truncatingIfNeeded: bits))
        case 5: return .int32(Int32(truncatingIfNeeded: bits))
        case 6: return .int64([Int64.min, Int64.max, 0, -1][Int(bits % 4)])
        case 7: return .uint(UInt(bits >> (generator.next() % 64)))
        case 8: return .uint8(UInt8(truncatingIfNeeded: bits))
        case 9: return .uint16(UInt16(truncatingIfNeeded: bits))
        case 10: return .uint32(UInt32(truncatingIfNeeded: bits))
        case 11: return .uint64(bits % 3 == 0 ? UInt64.max : bits >> (generator.next() % 64))
        case 12: return .double(double(&generator))
        case 13: return .float(float(&generator))
        case 14: return .string(strings[Int(bits % UInt64(strings.count))])
        case 15: return .date(Date(timeIntervalSince1970: Double(bits % 4_000_000_000_000) / 1000))
        case 16: return .data(Data((0..<Int(bits % 7)).map { UInt8(truncatingIfNeeded: UInt64($0) &* 37 &+ bits) }))
        case 17:
            let urls = ["https://example.com/a?b=c", "file:///tmp/x%20y", "urn:x"]
            return .url(URL(string: urls[Int(bits % 3)])!)
        case 18:
            let decimals = [Decimal(string: "3.14")!, Decimal(0), Decimal(-12_345_678), Decimal(string: "1e-5")!]
            return .decimal(decimals[Int(bits % 4)])
        case 19: return .strings((0..<Int(bits % 4)).map { strings[Int(($0 + Int(bits % 5)) % strings.count)] })
        case 20, 21:
            return .array((0..<Int(bits % 4)).map { _ in make(&generator, depth: depth + 1) })
        case 22:
            return .object(
                (0..<Int(bits % 6)).map { _ in
                    let key = keys[Int(generator.next() % UInt64(keys.count))]
                    return (key, generator.next() % 4 == 0 ? nil : make(&generator, depth: depth + 1))
                })
        default:
            let key = keys[Int(bits % UInt64(keys.count))]
            return .nested(
                key,
                (0..<Int(generator.next() % 3)).map { _ in
                    (keys[Int(generator.next() % UInt64(keys.count))], make(&generator, depth: depth + 1))
                },
                (0..<Int(generator.next() % 3)).map { _ in make(&generator, depth: depth + 1) },
                make(&generator, depth: depth + 1))
        }
    }

    /// A finite double: a fixed awkward one, or any bit pattern that is finite.
    static func double(_ generator: inout SplitMix64) -> Double {
        let fixed = [
            0.5, 1.0, 1e-7, -0.0, 0.0, 123456789.125, 1e300, 0.1, 1e16, 1e15, .leastNonzeroMagnitude, -1.5, 100, 2.5e-5,
        ]
        let bits = generator.next()
        if bits % 2 == 0 { return fixed[Int(bits / 2 % UInt64(fixed.count))] }
        let value = Double(bitPattern: generator.next())
        return value.isFinite ? value : 42.0
    }

    static func float(_ generator: inout SplitMix64) -> Float {
        let bits = generator.next()
        if bits % 2 == 0 { return [0.1, 1.0, -0.0, 3.4e38, .leastNonzeroMagnitude, 16_777_216][Int(bits / 2 % 6)] }
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
        return value.isFinite ? value : 7.0
    }

    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for (name, value) in members {
                if let value {
                    try container.encode(value, forKey: Key(stringValue: name))
                } else {
                    try container.encodeIfPresent(nil as String?, forKey: Key(stringValue: name))
                }
            }
        case .nested(let name, let members, let elements, let superValue):
            var container = encoder.container(keyedBy: Key.self)
            var keyed = container.nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: name))
            for (member, value) in members { try keyed.encode(value, forKey: Key(stringValue: member)) }
            var unkeyed = container.nestedUnkeyedContainer(forKey: Key(stringValue: name + "[]"))
            for element in elements { try unkeyed.encode(element) }
            try superValue.encode(to: container.superEncoder())
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        default:
            var container = encoder.singleValueContainer()
            try encodeScalar(&container)
        }
    }

    private func encodeScalar(_ container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .strings(let value): try container.encode(value)
        case .array, .object, .nested: break
        }
    }
}
