import Foundation
import Testing
import TrustLists

/// The `presentation` object of the configuration: pre-registered clients with their certificates and response URIs
/// (OpenID4VP 1.0 §5.9.2), and the older `preRegisteredClientIDs`, which still loads.
@Suite("Configuration: presentation settings")
struct PresentationSettingsTests {
    let pin = String(repeating: "ab", count: 32)

    func configuration(_ presentation: String) throws(ConfigurationError) -> Configuration {
        let text = """
            {"networks": [{"id": "n", "root": {"url": "https://root.example/r.pem", "sha256": ["\(pin)"]},
                           "vical": {"url": "https://lists.example/vical"}}],
             "presentation": \(presentation)}
            """
        return try Configuration(json: Data(text.utf8), file: URL(fileURLWithPath: "/etc/trustlists/trustlists.json"))
    }

    @Test("a registered client reads its clientID, certificate digests and https response URIs")
    func registered() throws {
        let settings = try configuration(
            """
            {"preRegisteredClients": [{"clientID": "bank", "certificateSHA256": ["\(pin)"],
                                       "responseURIs": ["https://bank.example/response"]}],
             "preRegisteredClientIDs": ["legacy"]}
            """
        ).presentation
        #expect(settings.preRegisteredClients.count == 1)
        #expect(settings.preRegisteredClients[0].clientID == "bank")
        #expect(settings.preRegisteredClients[0].certificateSHA256 == [[UInt8](repeating: 0xAB, count: 32)])
        #expect(settings.preRegisteredClients[0].responseURIs == ["https://bank.example/response"])
        #expect(settings.preRegisteredClientIDs == ["legacy"])
    }

    @Test(
        "a registration without what binds it, with an empty clientID or a non-https URI, is refused with its path",
        arguments: [
            (#"[{"clientID": "bank", "responseURIs": ["https://bank.example/r"]}]"#, "certificateSHA256"),
            (#"[{"clientID": "bank", "certificateSHA256": ["PIN"]}]"#, "responseURIs"),
            (
                #"[{"clientID": "bank", "certificateSHA256": ["PIN"], "responseURIs": ["http://bank.example/r"]}]"#,
                "responseURIs[0]"
            ),
            (#"[{"clientID": "", "certificateSHA256": ["PIN"], "responseURIs": ["https://b/r"]}]"#, "clientID"),
            (
                #"[{"clientID": "bank", "certificateSHA256": ["abcd"], "responseURIs": ["https://bank.example/r"]}]"#,
                "certificateSHA256[0]"
            ),
            (
                #"[{"clientID": "bank", "certificateSHA256": ["PIN"], "responseURIs": ["https://b/r"], "extra": 1}]"#,
                "extra"
            ),
        ])
    func refused(clients: String, path: String) {
        do {
            _ = try configuration(
                #"{"preRegisteredClients": "# + clients.replacingOccurrences(of: "PIN", with: pin) + "}")
            Issue.record("accepted \(clients)")
        } catch {
            #expect(error.path.hasSuffix(path), "\(error)")
        }
    }
}
