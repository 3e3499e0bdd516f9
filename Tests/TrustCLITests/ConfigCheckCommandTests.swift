import Foundation
import TestSupport
import Testing
import TrustLists

#if canImport(Glibc)
    import Glibc
#endif

/// `trustctl config check` and `trustlistd --check-config` (docs/cli.md, "config check"): the file read whole, the
/// files it names checked as this user, the configuration in effect printed with its defaults; exit 0 or 3.
@Suite("trustctl config check")
final class ConfigCheckCommandTests {
    let folder: TemporaryDirectory
    let pin = String(repeating: "ab", count: 32)

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Writes `json` as `trustlists.json` in the folder.
    func configuration(_ json: String) throws -> URL {
        try folder.write(Array(json.utf8), to: "trustlists.json")
    }

    /// A configuration naming a root file, a bootstrap file, a CA file and a token file, each written unless left out.
    func configurationWithFiles(
        writing: Set<String> = ["root.pem", "vical.cose", "ca.pem", "admin.token"], tokenMode: mode_t = 0o600
    ) throws -> URL {
        for name in writing { try folder.write(Array("x\n".utf8), to: name) }
        if writing.contains("admin.token") { chmod(folder.url.appendingPathComponent("admin.token").path, tokenMode) }
        return try configuration(
            """
            {"cacheDirectory": "cache", "http": {"caFile": "ca.pem"},
             "networks": [{"id": "a", "root": {"file": "root.pem", "sha256": ["\(pin)"]},
                           "vical": {"url": "https://lists.example/vical", "bootstrap": "vical.cose"}}],
             "server": {"admin": {"tokenFile": "admin.token"}}}
            """)
    }

    func check(_ file: URL, json: Bool = true) -> (status: Int32, run: CLIRun) {
        CLIRun.run(["config", "check", "--config", file.path] + (json ? ["--json"] : []))
    }

    @Test("a valid file: exit 0, valid, no problem, and the configuration in effect with its files resolved")
    func valid() throws {
        let file = try configurationWithFiles()
        let (status, run) = check(file)
        #expect(status == 0, "\(run.standardOutput)\(run.standardError)")
        let json = run.json
        #expect(json["valid"] as? Bool == true)
        #expect(json["file"] as? String == file.path)
        #expect((json["problems"] as? [Any])?.isEmpty == true)
        let effective = try #require(json["configuration"] as? [String: Any])
        #expect(effective["cacheDirectory"] as? String == folder.url.appendingPathComponent("cache").path)
        #expect(
            (effective["http"] as? [String: Any])?["caFile"] as? String
                == folder.url.appendingPathComponent("ca.pem").path)
        let network = try #require((effective["networks"] as? [[String: Any]])?.first)
        #expect(
            (network["vical"] as? [String: Any])?["bootstrap"] as? String
                == folder.url.appendingPathComponent("vical.cose").path)
        #expect((network["vical"] as? [String: Any])?["signerEKU"] as? String == "1.0.18013.5.1.8")
    }

    @Test("a network's credentials are in the configuration in effect, and load back to the same settings")
    func credentialsInEffect() throws {
        let file = try configuration(
            """
            {"networks": [{"id": "a", "root": {"url": "https://r.example/r", "sha256": ["\(pin)"]},
                           "vical": {"url": "https://lists.example/vical"},
                           "credentials": {"documentSignerEKUs": ["1.0.18013.5.1.2", "1.3.130.2.0.0.1.2"],
                                           "vct": {"urn:example:diploma": ["a/vical"]}}}]}
            """)
        let first = try #require(check(file).run.json["configuration"] as? [String: Any])
        let network = try #require((first["networks"] as? [[String: Any]])?.first)
        let credentials = try #require(network["credentials"] as? [String: Any])
        #expect(credentials["documentSignerEKUs"] as? [String] == ["1.0.18013.5.1.2", "1.3.130.2.0.0.1.2"])
        #expect(credentials["vct"] as? [String: [String]] == ["urn:example:diploma": ["a/vical"]])
        let again = try folder.write(
            Array(try JSONSerialization.data(withJSONObject: first, options: [.sortedKeys])), to: "effective.json")
        let second = try #require(check(again).run.json["configuration"] as? [String: Any])
        let reloaded = try #require((second["networks"] as? [[String: Any]])?.first?["credentials"] as? [String: Any])
        #expect(reloaded["documentSignerEKUs"] as? [String] == ["1.0.18013.5.1.2", "1.3.130.2.0.0.1.2"])
        #expect(reloaded["vct"] as? [String: [String]] == ["urn:example:diploma": ["a/vical"]])
    }

    @Test("the configuration in effect is itself a configuration that loads to the same settings")
    func roundTrip() throws {
        let file = try configurationWithFiles()
        let first = try #require(check(file).run.json["configuration"] as? [String: Any])
        let again = try folder.write(
            Array(try JSONSerialization.data(withJSONObject: first, options: [.sortedKeys])), to: "effective.json")
        let (status, run) = check(again)
        #expect(status == 0, "\(run.standardOutput)")
        let second = try #require(run.json["configuration"] as? [String: Any])
        let canonical = { (object: [String: Any]) in
            String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        #expect(try canonical(first) == canonical(second))
    }

    @Test("every file it names is checked: each missing one and a token file others may read is a problem, exit 3")
    func files() throws {
        let file = try configurationWithFiles(writing: ["admin.token"], tokenMode: 0o644)
        let (status, run) = check(file)
        #expect(status == 3)
        let json = run.json
        #expect(json["valid"] as? Bool == false)
        let problems = try #require(json["problems"] as? [[String: String]])
        #expect(
            Set(problems.compactMap { $0["path"] })
                == ["http.caFile", "networks[0].root.file", "networks[0].vical.bootstrap", "server.admin.tokenFile"])
        #expect(problems.allSatisfy { $0["reason"] == "config_invalid" })
        let token = try #require(problems.first { $0["path"] == "server.admin.tokenFile" }?["message"])
        #expect(token.contains("admin_token_unusable") && token.contains("mode 644") && token.contains("chmod 600"))
        let bootstrap = try #require(problems.first { $0["path"] == "networks[0].vical.bootstrap" }?["message"])
        #expect(bootstrap.contains("vical.cose") && bootstrap.contains("No such file"), "\(bootstrap)")
        #expect(json["configuration"] is [String: Any], "the settings still print: the file itself reads")
    }

    @Test("a cache folder that cannot be made is a problem")
    func cacheFolder() throws {
        try folder.write(Array("a file".utf8), to: "plain")
        let file = try configuration(
            """
            {"cacheDirectory": "plain/cache",
             "networks": [{"id": "a", "root": {"url": "https://r.example/r", "sha256": ["\(pin)"]},
                           "vical": {"url": "https://lists.example/vical"}}]}
            """)
        let (status, run) = check(file)
        #expect(status == 3)
        let problem = try #require((run.json["problems"] as? [[String: String]])?.first)
        #expect(problem["path"] == "cacheDirectory")
        #expect(problem["message"]?.contains("Not a directory") == true, "\(problem)")
    }

    @Test("a file that is not a configuration: exit 3, the problem with its path, no configuration")
    func unreadable() throws {
        let file = try configuration(#"{"networks": [], "networks": []}"#)
        let (status, run) = check(file)
        #expect(status == 3)
        #expect(run.json["configuration"] is NSNull)
        let problem = try #require((run.json["problems"] as? [[String: String]])?.first)
        #expect(problem["path"] == "networks")
        #expect(problem["message"]?.hasPrefix("given twice") == true)
        let (textStatus, text) = check(file, json: false)
        #expect(textStatus == 3)
        #expect(
            text.standardOutput.hasPrefix(
                "configuration \(file.path): invalid (config_invalid)\n  networks: given twice"))
    }

    @Test("the text form: the verdict, then every setting in effect as key = value")
    func text() throws {
        let file = try configurationWithFiles()
        let (status, run) = check(file, json: false)
        #expect(status == 0)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "configuration \(file.path): valid")
        for line in [
            "  checkIntervalSeconds = 900", "  log.format = \"text\"", "  networks[0].id = \"a\"",
            "  networks[0].root.sha256[0] = \"\(pin)\"", "  server.listen[0] = \"127.0.0.1:8441\"",
            "  networks[0].revocation.crls = []",
        ] {
            #expect(lines.contains(line), "\(line) in \(run.standardOutput)")
        }
    }

    @Test("the defaults it prints are those docs/configuration.md's tables give")
    func defaultsAsDocumented() throws {
        let file = try configuration(
            """
            {"networks": [{"id": "a", "root": {"url": "https://r.example/r", "sha256": ["\(pin)"]},
                           "vical": {"url": "https://lists.example/vical"}}],
             "server": {"admin": {"tokenSHA256": "\(pin)"}}}
            """)
        let (status, run) = check(file, json: false)
        #expect(status == 0)
        var effective: [String: String] = [:]
        for line in run.standardOutput.split(separator: "\n") where line.hasPrefix("  ") && line.contains(" = ") {
            let parts = line.dropFirst(2).components(separatedBy: " = ")
            effective[parts[0]] = parts[1]
        }
        let docs = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("docs/configuration.md"), encoding: .utf8)
        var compared = 0
        for row in docs.split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 3 else { continue }
            let keys = cells[1].components(separatedBy: ", ").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "`")).replacingOccurrences(of: "[]", with: "[0]")
            }
            let defaults = cells[2].components(separatedBy: ", ")
            guard keys.count == defaults.count else { continue }
            for (key, text) in zip(keys, defaults) {
                // Numbers, true/false, `words` and [] are compared; prose defaults ("required", "none") are not.
                let value: String
                if Double(text) != nil || text == "true" || text == "false" || text == "[]" {
                    value = text
                } else if text.hasPrefix("`"), text.hasSuffix("`"), text.count > 2,
                    text.dropFirst().dropLast().allSatisfy({ $0.isLetter || $0 == "_" }) || text.hasPrefix("`[")
                {
                    let word = String(text.dropFirst().dropLast())
                    value = word.hasPrefix("[") ? word : "\"\(word)\""
                } else {
                    continue
                }
                if value.hasPrefix("[\"") {
                    // A one-element array default: its element.
                    #expect(effective[key + "[0]"] == String(value.dropFirst().dropLast()), "\(key)")
                } else {
                    #expect(
                        effective[key] == value, "\(key): documented \(text), in effect \(effective[key] ?? "absent")")
                }
                compared += 1
            }
        }
        #expect(compared >= 30, "only \(compared) documented defaults found")
    }

    @Test("trustlistd --check-config: the same check, exit 0 valid and 3 invalid", .requires(.trustlistd))
    func daemonCheck() throws {
        let trustlistd = try #require(BuiltProducts.trustlistd)
        let valid = try configurationWithFiles()
        let (good, goodText) = try TestTools.run(
            trustlistd, ["--check-config", "--config", valid.path], withStandardOutput: true)
        #expect(good == 0, "\(goodText)")
        #expect(goodText.hasPrefix("configuration \(valid.path): valid"))
        let invalid = try folder.write(
            Array(#"{"refreshIntervalSecond": 60, "networks": []}"#.utf8), to: "typo.json")
        let (bad, badText) = try TestTools.run(
            trustlistd, ["--check-config", "--config", invalid.path], withStandardOutput: true)
        #expect(bad == 3, "\(badText)")
        #expect(badText.contains("refreshIntervalSecond: unknown key; did you mean refreshIntervalSeconds?"))
    }
}
