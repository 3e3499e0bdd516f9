import Foundation
import TestSupport
import Testing

@testable import JSONText

/// ``PrettyJSONEncoder`` writes what Foundation's `JSONEncoder` writes (pretty, sorted keys, slashes unescaped), byte
/// for byte, with nil members as `null`: compared with ``FoundationJSON``, which has Foundation write every byte.
@Suite("PrettyJSONEncoder: the bytes of Foundation's JSONEncoder")
struct PrettyJSONEncoderTests {
    static let dateText: @Sendable (Date) -> String = { "t\($0.timeIntervalSince1970)" }
    static let encoder = PrettyJSONEncoder(dateText: dateText)

    @Test(
        "random values: every scalar type, dates, data, URLs, decimals, containers nested and super", arguments: 0..<8)
    func randomValues(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<300 {
            // Mostly an object of random members (as the wire's values are), sometimes any value.
            let value: RandomValue =
                generator.next() % 4 == 0
                ? RandomValue.make(&generator, depth: 0)
                : .object(
                    (0..<Int(generator.next() % 10)).map { _ in
                        let key = RandomValue.keys[Int(generator.next() % UInt64(RandomValue.keys.count))]
                        return (key, generator.next() % 5 == 0 ? nil : RandomValue.make(&generator, depth: 1))
                    })
            let ours = String(decoding: try Self.encoder.encode(value), as: UTF8.self)
            let reference = try FoundationJSON.render(value, dateText: Self.dateText)
            #expect(ours == reference)
            if ours != reference { return }
        }
    }

    @Test("with nil members omitted, the bytes of JSONEncoder as it is", arguments: 0..<4)
    func omittedNils(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed + 100)
        let encoder = PrettyJSONEncoder(dateText: Self.dateText, nilMembers: .omitted)
        for _ in 0..<300 {
            let value: RandomValue = .object(
                (0..<Int(generator.next() % 10)).map { _ in
                    let key = RandomValue.keys[Int(generator.next() % UInt64(RandomValue.keys.count))]
                    return (key, generator.next() % 3 == 0 ? nil : RandomValue.make(&generator, depth: 1))
                })
            let ours = String(decoding: try encoder.encode(value), as: UTF8.self)
            let reference = try FoundationJSON.render(value, dateText: Self.dateText, nilAsNull: false)
            #expect(ours == reference)
            if ours != reference { return }
        }
    }

    @Test("numbers: integer extremes and finite doubles and floats of every bit pattern class")
    func numbers() throws {
        var generator = SplitMix64(seed: 99)
        var doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1e-7, 1e21, 1e22, 9_007_199_254_740_992, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, 123.456e-300,
        ]
        var floats: [Float] = [0, -0.0, 1, 0.1, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-7, 16_777_215]
        for _ in 0..<2_000 {
            let double = Double(bitPattern: generator.next())
            if double.isFinite { doubles.append(double) }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if float.isFinite { floats.append(float) }
        }
        let value = Numbers(
            doubles: doubles, floats: floats, signed: [.min, .max, 0, -1, 1, -10, 10, 999_999_999_999],
            unsigned: [.max, 0, 1, 9, 10, 99, 100, UInt64(Int64.max) + 1])
        let ours = String(decoding: try Self.encoder.encode(value), as: UTF8.self)
        #expect(ours == (try FoundationJSON.render(value)))
    }

    struct Numbers: Encodable {
        let doubles: [Double]
        let floats: [Float]
        let signed: [Int64]
        let unsigned: [UInt64]
    }

    @Test("the serialization key order is JSONSerialization's: hex ids, digits, case", arguments: 0..<4)
    func serializationOrder(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        let hex = Array("0123456789abcdef")
        var members: [String: [String: Int]] = [:]
        for index in 0..<40 {
            let id = String((0..<64).map { _ in hex[Int(generator.next() % 16)] })
            let name = ["sim", "net2", "net10", "Net3", "a9", "a10", "B", "b", "é", "e"][index % 10]
            members["\(name)/\(id.prefix(Int(generator.next() % 64) + 1))"] = ["path": index, "Bytes": 7, "bytes": 8]
        }
        let ours = try PrettyJSONEncoder(keyOrder: .serialization).encode(members)
        let reference = try JSONSerialization.data(
            withJSONObject: members, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: ours, as: UTF8.self) == String(decoding: reference, as: UTF8.self) + "\n")
    }

    @Test("a nil member is null (JSONEncoder leaves it out); a present one is its value")
    func nilIsNull() throws {
        struct Value: Encodable {
            let present: String?
            let absent: String?
            let absentObject: [String: Int]?
            let count: Int?
        }
        let text = String(
            decoding: try Self.encoder.encode(Value(present: "x", absent: nil, absentObject: nil, count: nil)),
            as: UTF8.self)
        let expected = """
            {
              "absent" : null,
              "absentObject" : null,
              "count" : null,
              "present" : "x"
            }

            """
        #expect(text == expected)
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.prettyPrinted, .sortedKeys]
        let omitted = String(
            decoding: try foundation.encode(Value(present: "x", absent: nil, absentObject: nil, count: nil)),
            as: UTF8.self)
        #expect(omitted == "{\n  \"present\" : \"x\"\n}")
    }

    @Test("a name encoded twice keeps its last value, as JSONEncoder does")
    func duplicateNames() throws {
        let value = RandomValue.object([("a", .int(1)), ("b", .int(2)), ("a", .string("last"))])
        let ours = String(decoding: try Self.encoder.encode(value), as: UTF8.self)
        #expect(ours == "{\n  \"a\" : \"last\",\n  \"b\" : 2\n}\n")
        #expect(ours == (try FoundationJSON.render(value)))
    }

    @Test("what JSON cannot hold is an EncodingError, as for JSONEncoder: NaN, infinity, a date without a format")
    func refusals() throws {
        #expect(throws: EncodingError.self) { try Self.encoder.encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try Self.encoder.encode(["x": Float.infinity]) }
        #expect(throws: EncodingError.self) { try PrettyJSONEncoder().encode([Date(timeIntervalSince1970: 0)]) }
        #expect(throws: EncodingError.self) { try Self.encoder.encode(Nothing()) }
        do {
            _ = try Self.encoder.encode(["outer": ["inner": [1.0, .infinity]]])
            Issue.record("infinity was written")
        } catch let EncodingError.invalidValue(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["outer", "inner", "Index 1"])
        }
    }

    /// A value that encodes nothing.
    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("128-bit integers are their decimal text, alone and in an array (2^100 and UInt128.max, as Python prints them)")
    func wideIntegers() throws {
        // Python: str(2**100), str(-(2**100)), str(2**128 - 1).
        let power = "1267650600228229401496703205376"
        let unsignedMax = "340282366920938463463374607431768211455"
        #expect(try Self.encoder.encode(UInt128.max) == Array((unsignedMax + "\n").utf8))
        let array = String(decoding: try Self.encoder.encode([Int128(1) << 100, -(Int128(1) << 100)]), as: UTF8.self)
        #expect(array.filter { !$0.isWhitespace } == "[\(power),-\(power)]")
    }

    @Test("top-level scalars and empty containers are written as JSONEncoder writes them")
    func topLevel() throws {
        #expect(try Self.encoder.encode("a/b") == Array("\"a/b\"\n".utf8))
        #expect(try Self.encoder.encode(7) == Array("7\n".utf8))
        #expect(try Self.encoder.encode([Int]()) == Array((try FoundationJSON.render([Int]())).utf8))
        #expect(try Self.encoder.encode([String: Int]()) == Array((try FoundationJSON.render([String: Int]())).utf8))
    }
}
