import Foundation
import JOSE
import Testing

/// JSON with limits: the pre-scan (grammar, depth, duplicate names) before Foundation, the values, the encoder.
@Suite("JSON with limits")
struct JSONTests {
    static func decode(_ text: String, limits: JSONLimits = JSONLimits()) throws -> JSONValue {
        try JSONValue(jsonEncoded: Array(text.utf8), limits: limits)
    }

    @Test("decodes the six kinds, keeping true and false apart from 1 and 0")
    func kinds() throws {
        let value = try Self.decode(
            #" { "o": {"a": [1, 2.5, -0.0, 1e3, -12E-1]}, "s": "x\u00e9\ud83d\ude00\n", "t": true, "f": false, "z": 0, "one": 1, "n": null } "#
        )
        #expect(value["o"]?["a"] == [1, 2.5, -0.0, 1000, -1.2])
        #expect(value["s"] == "xé😀\n")
        #expect(value["t"] == .bool(true))
        #expect(value["f"] == .bool(false))
        #expect(value["z"] == .number(0))
        #expect(value["one"] == .number(1))
        #expect(value["one"]?.boolValue == nil)
        #expect(value["t"]?.numberValue == nil)
        #expect(value["n"]?.isNull == true)
        #expect(try Self.decode("17") == 17)
        #expect(try Self.decode(#""top""#) == "top")
    }

    @Test("an integer is exact only up to 2^53")
    func integers() throws {
        #expect(try Self.decode("1300819380").integerValue == 1_300_819_380)
        #expect(try Self.decode("9007199254740992").integerValue == 9_007_199_254_740_992)
        #expect(try Self.decode("18014398509481984").integerValue == nil)
        #expect(try Self.decode("1.5").integerValue == nil)
        #expect(try Self.decode("12345678901234567890").numberValue == Double("12345678901234567890"))
    }

    @Test(
        "refuses duplicate member names, also when written with escapes",
        arguments: [
            #"{"a":1,"a":2}"#, #"{"a":1,"\u0061":2}"#, #"{"x":{"b":1,"c":2,"b":3}}"#, #"[{"k":1},{"k":1,"k":1}]"#,
            #"{"alg":"ES256","typ":"JWT","alg":"none"}"#,
        ])
    func duplicates(text: String) {
        let error = joseError { try Self.decode(text) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.reason.contains("duplicate member name") == true)
        // Any JSON (an HTTP body, a LoTE), not only a JWS header: the rule cited is JSON's own.
        #expect(error?.reason.contains("RFC 8259") == true && error?.reason.contains("7515") == false)
    }

    @Test("the same name in different objects is not a duplicate")
    func sameNameElsewhere() throws {
        let value = try Self.decode(#"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#)
        #expect(value["a"]?["a"] == 1)
    }

    @Test(
        "refuses text outside the JSON grammar with malformed_json",
        arguments: [
            "", " ", "{", "}", "[1,]", "[,1]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{a:1}", "{'a':1}", "[01]", "[1.]",
            "[.5]", "[1e]", "[+1]", "[-]", "[NaN]", "[Infinity]", "tru", "nul", "[true false]", "[1] [2]", "\"abc",
            "\"a\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"tab\there\"", "[1]x",
            "\u{feff}[1]", "{\"a\":1 \"b\":2}", "[1e400]", "/* c */ 1",
        ])
    func grammar(text: String) {
        #expect(joseError { try Self.decode(text) }?.code == .malformedJSON)
    }

    @Test("a number outside a Double's range is refused naming it, as Foundation describes it")
    func unrepresentableNumber() {
        let reason = joseError { try Self.decode(#"{"a": 1e999999}"#) }?.reason ?? ""
        #expect(reason.contains("1e999999"), "\(reason)")
        #expect(!reason.contains("NSCocoaErrorDomain"), "\(reason)")
    }

    @Test("refuses invalid UTF-8")
    func invalidUTF8() {
        for bytes: [UInt8] in [[0x22, 0xff, 0x22], [0x22, 0xc3, 0x22], [0x22, 0xed, 0xa0, 0x80, 0x22]] {
            #expect(joseError { try JSONValue(jsonEncoded: bytes) }?.code == .malformedJSON)
        }
    }

    @Test("nesting up to the limit decodes; one level more is limits_exceeded")
    func depthBoundary() throws {
        let limit = JSONLimits(maxDepth: 32)
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(try Self.decode(ok, limits: limit).arrayValue?.count == 1)
        let over = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(joseError { try Self.decode(over, limits: limit) }?.code == .limitsExceeded)
        let objects = String(repeating: #"{"a":"#, count: 33) + "1" + String(repeating: "}", count: 33)
        #expect(joseError { try Self.decode(objects, limits: limit) }?.code == .limitsExceeded)
    }

    @Test("brackets inside strings do not count as nesting")
    func bracketsInStrings() throws {
        let text = #"{"s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"{{{{"}"#
        #expect(try Self.decode(text, limits: JSONLimits(maxDepth: 1))["s"]?.stringValue?.count == 47)
    }

    @Test("10^5 nested arrays fail fast with limits_exceeded, without recursion")
    func deepNestingFailsFast() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(joseError { try Self.decode(text) }?.code == .limitsExceeded)
        }
        #expect(elapsed < .seconds(1))
    }

    @Test("input over the size limit is limits_exceeded before it is scanned")
    func sizeLimit() {
        let error = joseError { try Self.decode("[1,2,3]", limits: JSONLimits(maxBytes: 6)) }
        #expect(error?.code == .limitsExceeded)
    }

    @Test("every proper prefix of a valid document fails cleanly")
    func prefixes() throws {
        let text = Array(#"{"a":[1,-2.5e+3,true,false,null,"x\"\u00e9"],"b":{"c":{}}}"#.utf8)
        _ = try JSONValue(jsonEncoded: text)
        for length in 0..<text.count {
            let prefix = Array(text.prefix(length))
            let error = joseError { try JSONValue(jsonEncoded: prefix) }
            #expect(error?.code == .malformedJSON, "prefix of \(length) bytes")
        }
    }

    @Test("the encoder writes compact JSON with sorted names that decodes to the same value")
    func encoder() throws {
        let value: JSONValue = [
            "b": [1, 2.5, true, nil], "a": "q\"\\\n\u{01}é", "c": ["z": 1_300_819_380, "y": -0.5],
        ]
        let text = String(decoding: try value.jsonEncoded(), as: UTF8.self)
        #expect(text == #"{"a":"q\"\\\n\u0001é","b":[1,2.5,true,null],"c":{"y":-0.5,"z":1300819380}}"#)
        #expect(try JSONValue(jsonEncoded: try value.jsonEncoded()) == value)
        // Foundation reads the same value back.
        let foundation = try JSONSerialization.jsonObject(with: Data(try value.jsonEncoded())) as? [String: Any]
        #expect((foundation?["c"] as? [String: Any])?["z"] as? Int == 1_300_819_380)
    }

    @Test("the encoder refuses a number JSON cannot write")
    func nonFinite() {
        #expect(joseError { try JSONValue.number(.infinity).jsonEncoded() }?.code == .malformedJSON)
        #expect(joseError { try JSONValue.array([.number(.nan)]).jsonEncoded() }?.code == .malformedJSON)
    }
}
