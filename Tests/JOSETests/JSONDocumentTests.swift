import Foundation
import JOSE
import Testing

/// The scanned JSON document read in place (strings as byte ranges, objects not hashed): the same values as
/// Foundation's parser reads, member names compared as Swift strings, duplicates refused in wide objects too.
@Suite("JSON document read in place")
struct JSONDocumentTests {
    static func document(_ text: String) throws -> JSONDocument {
        try JSONDocument(jsonEncoded: Array(text.utf8))
    }

    /// A Foundation value (`JSONSerialization`, an independent parser) as a JSONValue, to compare with ours.
    static func foundationValue(_ object: Any) -> JSONValue? {
        switch object {
        case let dictionary as [String: Any]:
            var members: [String: JSONValue] = [:]
            for (name, value) in dictionary {
                guard let converted = foundationValue(value) else { return nil }
                members[name] = converted
            }
            return .object(members)
        case let array as [Any]:
            let converted = array.compactMap(foundationValue)
            return converted.count == array.count ? .array(converted) : nil
        case let text as String: return .string(text)
        case let number as NSNumber:
            // Foundation's booleans are numbers of type char ("c").
            if String(cString: number.objCType) == "c" { return .bool(number.boolValue) }
            return .number(number.doubleValue)
        case is NSNull: return .null
        default: return nil
        }
    }

    @Test(
        "reads the same values as Foundation's JSONSerialization",
        arguments: [
            #"{"a":[1,2.5,-0.0,1e3,-12E-1],"s":"x\u00e9\ud83d\ude00\n\/","t":true,"f":false,"n":null}"#,
            #"[{"k":"v"},[],{},[[["deep"]]],"",0,-1,9007199254740992]"#,
            #"{"LoTE":{"TrustedEntitiesList":[{"TrustedEntityInformation":{"TEName":[{"lang":"en","value":"é"}]}}]}}"#,
            #" "top" "#, "17", "null",
        ])
    func sameAsFoundation(text: String) throws {
        let ours = try Self.document(text).root.value
        let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        #expect(ours == Self.foundationValue(foundation))
        #expect(ours == (try JSONValue(jsonEncoded: Array(text.utf8))))
    }

    @Test("reads members, elements, strings and numbers in place")
    func nodes() throws {
        let root = try Self.document(#"{"val":"TUlJ","esc":"a\"b\u00e9","n":[1,2.5],"o":{},"t":true}"#).root
        #expect(root.isObject && root.count == 5 && root.kindName == "object")
        #expect(root["val"]?.stringUTF8.map(Array.init) == Array("TUlJ".utf8))
        #expect(root["esc"]?.stringValue == "a\"bé")
        #expect(root["esc"]?.stringUTF8.map(Array.init) == Array("a\"bé".utf8))
        #expect(root["esc"]?.isString("a\"bé") == true)
        #expect(root["n"]?.elements?.map(\.numberValue) == [1, 2.5])
        #expect(root["n"]?.elements?.first?.integerValue == 1)
        #expect(root["n"]?.elements?.last?.integerValue == nil)
        #expect(root["o"]?.count == 0 && root["o"]?.members?.isEmpty == true)
        #expect(root["t"]?.boolValue == true && root["t"]?.kindName == "boolean")
        #expect(root["missing"] == nil && root["val"]?["val"] == nil)
        #expect(root.members?.map { $0.name.stringValue } == ["val", "esc", "n", "o", "t"])
        #expect(root.memberNames(notIn: ["val", "n", "o"]) == ["esc", "t"])
    }

    /// U+212A KELVIN SIGN has the canonical decomposition U+004B (Unicode's UnicodeData.txt): as Swift strings they
    /// are equal, so they are one member name, as they would be one key of a Swift dictionary.
    @Test("names compare as Swift strings: a canonical equivalent of an ASCII name is the same name")
    func canonicalEquivalence() throws {
        let root = try Self.document(#"{"\u212Aey":1}"#).root
        #expect(root["Key"]?.integerValue == 1)
        #expect(root.memberNames(notIn: ["Key"]).isEmpty)
        let error = joseError { try Self.document(#"{"Key":1,"\u212Aey":2}"#) }
        #expect(error?.code == .malformedJSON && error?.reason.contains("duplicate member name") == true)
    }

    @Test(
        "refuses a duplicate name in an object wider than the linear comparison, also canonically equivalent",
        arguments: [#""m3""#, #""\u006d3""#, #""m\u0033""#])
    func wideDuplicates(duplicate: String) {
        let members = (0..<40).map { #""m\#($0)":\#($0)"# }.joined(separator: ",")
        let error = joseError { try Self.document("{\(members),\(duplicate):0}") }
        #expect(error?.code == .malformedJSON)
        #expect(error?.reason.contains("duplicate member name \"m3\"") == true, "\(error?.reason ?? "")")
        let kelvin = joseError { try Self.document("{\"K\":0,\(members),\"\\u212A\":1}") }
        #expect(kelvin?.reason.contains("duplicate member name") == true)
    }

    @Test("a wide object without duplicates reads every member")
    func wideObject() throws {
        let members = (0..<1_000).map { #""m\#($0)":\#($0)"# }.joined(separator: ",")
        let root = try Self.document("{\(members)}").root
        #expect(root.count == 1_000)
        #expect(root["m999"]?.integerValue == 999)
        #expect(root.value.objectValue?.count == 1_000)
    }
}
