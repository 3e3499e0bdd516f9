import Foundation
import Testing
import TrustLists

/// A network's `statusLists` object (docs/configuration.md, statusLists): read strictly like the rest of the file, with
/// the defaults the issue and the documentation give (mode warn, no prefetch, no allowed host, 2 seconds).
@Suite("Configuration: statusLists")
struct StatusListSettingsTests {
    static let file = URL(fileURLWithPath: "/etc/trustlists/trustlists.json")

    static func configuration(_ statusLists: String?, insecure: Bool = false) throws -> Configuration {
        let member = statusLists.map { #", "statusLists": \#($0)"# } ?? ""
        let json =
            #"{"allowInsecureURLs": \#(insecure), "networks": [{"id": "a", "root": {"url": "https://root.example/r.pem", "sha256": ["\#(String(repeating: "ab", count: 32))"]}, "vical": {"url": "https://lists.example/vical"}\#(member)}]}"#
        return try Configuration(json: Data(json.utf8), file: file)
    }

    static func refusal(_ statusLists: String) -> ConfigurationError? {
        do {
            _ = try configuration(statusLists)
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            return nil
        }
    }

    @Test("without a statusLists object: warn, no prefetch, no allowed host, 2 seconds")
    func defaults() throws {
        let settings = try Self.configuration(nil).networks[0].statusLists
        #expect(settings.mode == .warn)
        #expect(settings.prefetch.isEmpty)
        #expect(settings.allowedHosts.isEmpty)
        #expect(settings.fetchTimeoutSeconds == 2)
        #expect(!settings.allows(uri: "https://status.example/1"))
    }

    @Test("every member read")
    func members() throws {
        let settings = try Self.configuration(
            #"{"mode": "require", "prefetch": ["https://status.example/lists/1"], "allowedHosts": ["status.example", "192.0.2.7", "::1"], "fetchTimeoutSeconds": 0.5}"#
        ).networks[0].statusLists
        #expect(settings.mode == .require)
        #expect(settings.prefetch == ["https://status.example/lists/1"])
        #expect(settings.allowedHosts == ["status.example", "192.0.2.7", "::1"])
        #expect(settings.fetchTimeoutSeconds == 0.5)
    }

    @Test("allowed hosts compare exactly with the URI's host, the port ignored")
    func hosts() throws {
        var settings = StatusListSettings()
        settings.allowedHosts = ["status.example", "192.0.2.7", "::1"]
        #expect(settings.allows(uri: "https://status.example/lists/1"))
        #expect(settings.allows(uri: "https://STATUS.example:8443/lists/1"))
        #expect(settings.allows(uri: "https://192.0.2.7:1/x"))
        #expect(settings.allows(uri: "https://[::1]:8443/x"))
        #expect(!settings.allows(uri: "https://evil.status.example/lists/1"))
        #expect(!settings.allows(uri: "https://status.example.evil/lists/1"))
        #expect(!settings.allows(uri: "https://status.example@evil.example/lists/1"))
        #expect(!settings.allows(uri: "urn:status:1"))
    }

    @Test(
        "bad values are refused with their path",
        arguments: [
            (#"{"mode": "strict"}"#, "networks[0].statusLists.mode"),
            (#"{"mdoe": "warn"}"#, "networks[0].statusLists.mdoe"),
            (#"{"prefetch": ["http://status.example/1"]}"#, "networks[0].statusLists.prefetch[0]"),
            (#"{"prefetch": [7]}"#, "networks[0].statusLists.prefetch[0]"),
            (#"{"allowedHosts": ["https://status.example"]}"#, "networks[0].statusLists.allowedHosts[0]"),
            (#"{"allowedHosts": ["status.example:443"]}"#, "networks[0].statusLists.allowedHosts[0]"),
            (#"{"fetchTimeoutSeconds": 0}"#, "networks[0].statusLists.fetchTimeoutSeconds"),
            (#"{"fetchTimeoutSeconds": "2"}"#, "networks[0].statusLists.fetchTimeoutSeconds"),
            (#"[]"#, "networks[0].statusLists"),
        ])
    func refused(json: String, path: String) throws {
        let error = try #require(Self.refusal(json), "accepted: \(json)")
        #expect(error.path == path, "\(error)")
        #expect(error.code.rawValue == "config_invalid")
    }

    @Test("an http prefetch URI is accepted with allowInsecureURLs")
    func insecure() throws {
        let settings = try Self.configuration(#"{"prefetch": ["http://127.0.0.1:8080/1"]}"#, insecure: true)
            .networks[0].statusLists
        #expect(settings.prefetch == ["http://127.0.0.1:8080/1"])
    }
}
