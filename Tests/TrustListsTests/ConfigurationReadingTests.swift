import Foundation
import TestSupport
import Testing
import TrustLists

/// The configuration file is read whole or not at all (docs/configuration.md): the strict JSON reader refuses a key
/// given twice and a trailing comma with their path, an unknown key names the closest allowed one, and every error
/// carries the reason code `config_invalid`.
@Suite("Configuration: read whole or not at all")
struct ConfigurationReadingTests {
    static let pin = String(repeating: "ab", count: 32)
    static let file = URL(fileURLWithPath: "/etc/trustlists/trustlists.json")

    /// A network with a VICAL, with `extra` members in the network object.
    static func network(_ extra: String = "", root: String? = nil) -> String {
        let root = root ?? #""url": "https://root.example/r.pem", "sha256": ["\#(pin)"]"#
        return #"{"id": "a", "root": {\#(root)}, "vical": {"url": "https://lists.example/vical"}\#(extra)}"#
    }

    func refusal(_ json: String) -> ConfigurationError? {
        do {
            _ = try Configuration(json: Data(json.utf8), file: Self.file)
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a key given twice anywhere is refused with its path, whatever the two values",
        arguments: [
            (
                #"{"allowInsecureURLs": true, "allowInsecureURLs": false, "networks": [\#(network())]}"#,
                "allowInsecureURLs"
            ),
            (
                #"{"networks": [\#(network(root: #""url": "https://r.example/r.pem", "sha256": ["\#(pin)"], "sha256": ["\#(String(repeating: "cd", count: 32))"]"#))]}"#,
                "networks[0].root.sha256"
            ),
            (
                #"{"networks": [\#(network()), {"id": "b", "root": {"url": "https://r.example/r.pem", "sha256": ["\#(pin)"]}, "rical": {"url": "https://l.example/r", "url": "https://l.example/r"}}]}"#,
                "networks[1].rical.url"
            ),
            (#"{"http": {"maxBytes": 1, "maxBytes": 2}, "networks": [\#(network())]}"#, "http.maxBytes"),
            (#"{"networks": [\#(network())], "networks": []}"#, "networks"),
        ])
    func duplicateKeys(json: String, path: String) throws {
        let error = try #require(refusal(json), "accepted: \(json)")
        #expect(error.path == path)
        #expect(error.message.hasPrefix("given twice"), "\(error)")
        #expect(error.code.rawValue == "config_invalid")
        #expect(error.description == "\(Self.file.path): \(path): \(error.message)")
    }

    @Test(
        "a trailing comma in an object or an array is refused with the path, line and column",
        arguments: [
            ("{\n  \"networks\": [\(network())],\n}", ""),
            ("{\"networks\": [\(network()),\n  ]}", "networks"),
            (
                "{\"networks\": [\(network(root: "\"url\": \"https://r.example/r.pem\", \"sha256\": [\"\(pin)\",]"))]}",
                "networks[0].root.sha256"
            ),
        ])
    func trailingCommas(json: String, path: String) throws {
        // Where the bracket after the one trailing comma is, counted by hand: lines and columns from 1.
        let bytes = Array(json.utf8)
        let closers: Set<UInt8> = [UInt8(ascii: "}"), UInt8(ascii: "]")]
        let comma = try #require(
            bytes.indices.first { index in
                bytes[index] == UInt8(ascii: ",")
                    && bytes[(index + 1)...].first { $0 != 0x20 && $0 != 0x0A }.map(closers.contains) == true
            })
        let bracket = try #require(bytes[(comma + 1)...].firstIndex { $0 != 0x20 && $0 != 0x0A })
        let line = 1 + bytes[..<bracket].filter { $0 == 0x0A }.count
        let column = bracket - (bytes[..<bracket].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
        let error = try #require(refusal(json), "accepted: \(json)")
        #expect(error.path == path, "\(error)")
        #expect(error.message.hasPrefix("not valid JSON at line \(line), column \(column): "), "\(error)")
        #expect(error.message.hasSuffix("(a trailing comma is not allowed)"), "\(error)")
        #expect(error.code.rawValue == "config_invalid")
    }

    @Test("the same text without the trailing comma is a configuration")
    func withoutTrailingComma() throws {
        let configuration = try Configuration(json: Data("{\"networks\": [\(Self.network())]}".utf8), file: Self.file)
        #expect(configuration.lists.map(\.id.description) == ["a/vical"])
    }

    @Test(
        "an unknown key names the closest allowed key when one is close, else every allowed key",
        arguments: [
            (
                #"{"refreshIntervalSecond": 60, "networks": [\#(network())]}"#, "refreshIntervalSecond",
                "refreshIntervalSeconds"
            ),
            (
                #"{"networks": [\#(network(#", "overdueGraceSecond": 1"#))]}"#, "networks[0].overdueGraceSecond",
                "overdueGraceSeconds"
            ),
            (
                #"{"networks": [\#(network(#", "revocation": {"mdoe": "off"}"#))]}"#, "networks[0].revocation.mdoe",
                "mode"
            ),
            (#"{"log": {"fromat": "json"}, "networks": [\#(network())]}"#, "log.fromat", "format"),
        ])
    func didYouMean(json: String, path: String, suggestion: String) throws {
        let error = try #require(refusal(json), "accepted: \(json)")
        #expect(error.path == path)
        #expect(error.message == "unknown key; did you mean \(suggestion)?")
    }

    @Test("an unknown key far from every allowed one lists them")
    func noCloseKey() throws {
        let error = try #require(refusal(#"{"colour": "blue", "networks": [\#(Self.network())]}"#))
        #expect(error.path == "colour")
        #expect(error.message.hasPrefix("unknown key; allowed here: allowInsecureURLs, backoffBaseSeconds"), "\(error)")
        #expect(error.message.contains(", log, "))
    }

    @Test("the log object: format, level and access, each checked")
    func logSettings() throws {
        let configuration = try Configuration(
            json: Data(
                #"{"log": {"format": "json", "level": "warning", "access": true}, "networks": [\#(Self.network())]}"#
                    .utf8),
            file: Self.file)
        #expect(configuration.log.format == .json)
        #expect(configuration.log.level == .warning)
        #expect(configuration.log.access)
        let defaults = try Configuration(json: Data(#"{"networks": [\#(Self.network())]}"#.utf8), file: Self.file)
        #expect(defaults.log == LogSettings())
        #expect(defaults.log.format == .text && defaults.log.level == .info && !defaults.log.access)
        for (json, path) in [
            (#""log": {"format": "yaml"}"#, "log.format"), (#""log": {"level": "debug"}"#, "log.level"),
            (#""log": {"access": "yes"}"#, "log.access"), (#""log": []"#, "log"),
        ] {
            let error = try #require(refusal(#"{\#(json), "networks": [\#(Self.network())]}"#))
            #expect(error.path == path, "\(error)")
        }
    }

    @Test("more than 1 MiB, or nested deeper than 32, is refused before anything is read")
    func limits() throws {
        let large = refusal(
            #"{"networks": [\#(Self.network())], "x": ""# + String(repeating: " ", count: 1 << 20) + "\"}")
        #expect(large?.message.contains("at most 1 MiB") == true, "\(String(describing: large))")
        let deep = refusal(String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
        #expect(deep?.message.contains("nested deeper than 32") == true, "\(String(describing: deep))")
    }
}
