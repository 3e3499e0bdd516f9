import Foundation
import Testing
import TrustLists

/// The `lotes` of a network (docs/configuration.md): each LoTE's id, URL, `loteType` and optional provider and
/// bootstrap file; a network may be LoTEs only; list ids are `<network>/<id>`.
@Suite("Configuration: LoTEs")
struct LoTEConfigurationTests {
    let pin = String(repeating: "ab", count: 32)
    let pidType = "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList"

    func configuration(_ network: String) throws(ConfigurationError) -> Configuration {
        let text = """
            {"networks": [{"id": "eu", "root": {"url": "https://root.example/r.pem", "sha256": ["\(pin)"]}\(network)}]}
            """
        return try Configuration(json: Data(text.utf8), file: URL(fileURLWithPath: "/etc/trustlists/trustlists.json"))
    }

    @Test("a network of LoTEs only: each is a list named <network>/<id>, of kind lote, with its LoTEType")
    func lotesOnly() throws {
        let configuration = try configuration(
            """
            , "lotes": [{"id": "pid", "url": "https://lists.example/pid.jws", "loteType": "\(pidType)",
                         "provider": "European Commission"},
                        {"id": "wrpac", "url": "https://lists.example/wrpac.jws",
                         "loteType": "http://uri.etsi.org/19602/LoTEType/EUWRPACProvidersList"}]
            """)
        #expect(configuration.lists.map(\.id.description) == ["eu/pid", "eu/wrpac"])
        #expect(configuration.lists.map(\.id.kind) == [.lote, .lote])
        #expect(configuration.lists[0].source.loteType == pidType)
        #expect(configuration.lists[0].source.provider == "European Commission")
        #expect(ListID("eu/pid") == configuration.lists[0].id)
        #expect(configuration.list(ListID(network: "eu", name: "wrpac")) != nil)
    }

    @Test(
        "an id that is vical or rical, not a name, or given twice, and a missing or non-URI loteType are refused",
        arguments: [
            (#"[{"id": "vical", "url": "https://l.example/a", "loteType": "http://x/T"}]"#, "lotes[0].id"),
            (#"[{"id": "Pid", "url": "https://l.example/a", "loteType": "http://x/T"}]"#, "lotes[0].id"),
            (#"[{"id": "a/b", "url": "https://l.example/a", "loteType": "http://x/T"}]"#, "lotes[0].id"),
            (#"[{"id": "pid", "url": "https://l.example/a"}]"#, "lotes[0].loteType"),
            (#"[{"id": "pid", "url": "https://l.example/a", "loteType": "not a uri"}]"#, "lotes[0].loteType"),
            (
                #"[{"id": "pid", "url": "https://l.example/a", "loteType": "http://x/T"}, {"id": "pid", "url": "https://l.example/b", "loteType": "http://x/T"}]"#,
                "lotes[1].id"
            ),
            (#"[{"id": "pid", "url": "http://l.example/a", "loteType": "http://x/T"}]"#, "lotes[0].url"),
            (
                #"[{"id": "pid", "url": "https://l.example/a", "loteType": "http://x/T", "signerEKU": "1.2"}]"#,
                "lotes[0].signerEKU"
            ),
        ])
    func refused(lotes: String, path: String) {
        do {
            _ = try configuration(", \"lotes\": \(lotes)")
            Issue.record("accepted: \(lotes)")
        } catch {
            #expect(error.path.hasSuffix(path), "\(error)")
        }
    }

    @Test("a network with no list at all is refused")
    func noList() {
        #expect(throws: ConfigurationError.self) { try configuration("") }
        #expect(throws: ConfigurationError.self) { try configuration(", \"lotes\": []") }
    }
}
