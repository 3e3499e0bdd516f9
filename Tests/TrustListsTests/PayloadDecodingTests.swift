import COSE
import Publishing
import TestSupport
import Testing
import TrustLists

/// ``TrustList/decode(payload:kind:limits:)`` on payloads the fuzz targets (Fuzz/vical, Fuzz/rical) found or that
/// pin what they check.
@Suite("Payload decoding: versions, round trips, inputs found by fuzzing")
struct PayloadDecodingTests {
    let sim: ListSimulator

    init() throws {
        sim = try ListSimulator()
    }

    /// The simulator's payload of `kind` with `version` in place of "1.0".
    func payload(_ kind: ListKind, version: String) -> [UInt8] {
        let content = kind == .vical ? sim.vicalContent() : sim.ricalContent()
        guard case .map(let entries) = ListPublisher.payload(content) else { return [] }
        return CBOR.map(entries.map { $0.key == "version" ? CBOR.MapEntry(key: "version", value: .init(version)) : $0 })
            .encoded()
    }

    @Test("the simulator's payloads decode with no warning")
    func baseline() throws {
        for kind in [ListKind.vical, .rical] {
            let decoded = try TrustList.decode(payload: payload(kind, version: "1.0"), kind: kind, limits: .init())
            #expect(decoded.list.kind == kind)
            #expect(decoded.warnings.isEmpty)
        }
    }

    @Test(
        "a version that is not major.minor is a malformed payload (found by fuzzing: \"1.=\" was read as 1.x)",
        arguments: ["1.=", "1", "1.", ".0", "+1.0", "1.+0", "1.0.0", " 1.0", "1.0 ", "1.\u{661}", "", "one.zero"])
    func versionNotMajorMinor(version: String) {
        for kind in [ListKind.vical, .rical] {
            #expect(throws: TrustListError(.malformedPayload), "\(kind) \(version)") {
                try TrustList.decode(payload: payload(kind, version: version), kind: kind, limits: .init())
            }
        }
    }

    @Test("another major version is the wrong list type", arguments: ["2.0", "0.9", "10.0", "01.0"])
    func otherMajorVersion(version: String) {
        #expect(throws: TrustListError(.wrongListType)) {
            try TrustList.decode(payload: payload(.vical, version: version), kind: .vical, limits: .init())
        }
    }

    @Test("a later minor version is accepted with a warning", arguments: ["1.1", "1.10"])
    func laterMinorVersion(version: String) throws {
        let decoded = try TrustList.decode(payload: payload(.vical, version: version), kind: .vical, limits: .init())
        guard let vical = decoded.list.vical else {
            Issue.record("not a VICAL")
            return
        }
        #expect(vical.header.version == version)
        #expect(decoded.warnings.contains { $0.contains("newer than 1.0") })
    }
}
