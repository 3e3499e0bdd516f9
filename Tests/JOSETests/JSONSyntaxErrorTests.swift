import Foundation
import Testing

@testable import JOSE

/// Where a JSON text fails (`JSONDocument(locating:)`, what the configuration reader names its errors with): the path
/// of member names and indices to the container being read, the duplicate member, and the same error the public
/// decoder throws.
@Suite("JSON syntax errors with their path")
struct JSONSyntaxErrorTests {
    func failure(_ text: String, limits: JSONLimits = JSONLimits()) -> JSONSyntaxError? {
        do {
            _ = try JSONDocument(locating: Array(text.utf8), limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a duplicate member names its path, through objects and arrays",
        arguments: [
            (#"{"a": 1, "a": 2}"#, "a"),
            (#"{"n": [{"r": {"s": [1], "s": [2]}}]}"#, "n[0].r.s"),
            (#"{"n": [0, 1, {"x": {}, "y": [[], {"k": 1, "k": 1}]}]}"#, "n[2].y[1].k"),
            (#"[{"a": 1}, {"b": 1, "c": 2, "b": 3}]"#, "[1].b"),
        ])
    func duplicate(text: String, path: String) throws {
        let error = try #require(failure(text))
        #expect(JSONPathComponent.dotted(error.path) == path)
        #expect(error.duplicateName == path.split(separator: ".").last.map { String($0.split(separator: "[")[0]) })
        #expect(error.error.code == .malformedJSON)
        #expect(error.message.hasPrefix("duplicate member name"))
        // The public decoder throws the same error, with the same text.
        #expect(throws: JOSEError(.malformedJSON)) { try JSONDocument(jsonEncoded: Array(text.utf8)) }
        do {
            _ = try JSONDocument(jsonEncoded: Array(text.utf8))
        } catch {
            #expect(error.reason == "JSON: \(try #require(failure(text)).message) at offset \(error.reason.split(separator: " ").last!)")
        }
    }

    @Test(
        "a trailing comma or other syntax error: the path of the container being read, the offset of the cursor",
        arguments: [
            (#"{"a": [1, 2,]}"#, "a", 12),
            (#"{"a": {"b": 1,}}"#, "a", 14),
            (#"[1, [true, fals]]"#, "[1]", 11),
            (#"{"a": 1} x"#, "", 9),
        ])
    func syntax(text: String, path: String, offset: Int) throws {
        let error = try #require(failure(text))
        #expect(JSONPathComponent.dotted(error.path) == path)
        #expect(error.duplicateName == nil)
        #expect(error.offset == offset)
        #expect(error.error.code == .malformedJSON)
    }

    @Test("over the depth or size limit: limits_exceeded, with the path so far")
    func limits() throws {
        let deep = try #require(failure(#"{"a": [[[1]]]}"#, limits: JSONLimits(maxDepth: 3)))
        #expect(deep.error.code == .limitsExceeded)
        #expect(JSONPathComponent.dotted(deep.path) == "a[0]")
        let large = try #require(failure("[1]", limits: JSONLimits(maxBytes: 2)))
        #expect(large.error.code == .limitsExceeded && large.path.isEmpty)
    }
}
