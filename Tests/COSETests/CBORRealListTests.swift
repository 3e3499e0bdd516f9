import COSE
import Foundation
import Testing

/// The folder of real signed lists (`../shared/fixtures/real/` beside the package), or nil where it is absent.
private let realFixtures: URL? = {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/real")
    return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
}()

@Suite("Real trust lists", .enabled(if: realFixtures != nil, "../shared/fixtures/real/ is absent"))
struct CBORRealListTests {
    @Test(
        "decodes the real signed lists and the payload inside, dates included",
        arguments: [
            ("aamva_vical_2024-09-24.cbor", "2024-09-24T17:37:31Z", 3),
            ("aamva_vical_2025-11-18.cbor", "2025-11-18T18:38:12Z", 14),
            ("austroads_vical_2024-09-19.cbor", "2024-09-19T23:19:59Z", 35),
            ("rdw_test_vical_2025-02-25.vical", "2025-02-25T00:00:00Z", 45),
            ("nzta_rical_2025-11-13.rical", "2025-11-13T10:09:13.6521425Z", 16),
        ])
    func decodesRealList(_ file: String, _ date: String, _ entries: Int) throws {
        guard let folder = realFixtures else { return }
        let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
        let message = try CBORDecoder().decode(bytes)
        #expect(message.encodedBytes.count == bytes.count)
        let parts = try CBORReader(message, path: file).array()
        #expect(parts.count == 4)
        let protected = try CBORReader(CBORDecoder().decode(try parts[0].bytes())).map()
        #expect(try protected.required(1).int() == -7)  // ES256
        let payload = try CBORReader(CBORDecoder().decode(try parts[2].bytes()), path: "payload").map()
        #expect(try payload.required("date").date() == RFC3339.date(from: date))
        #expect(try payload.required("certificateInfos").array().count == entries)
        for info in try payload.required("certificateInfos").array() {
            let map = try info.map()
            #expect(try !map.required("certificate").bytes().isEmpty)
            #expect(try !map.required("serialNumber").biguint().isEmpty)
        }
        // Whatever form the publisher chose, the value survives our deterministic encoding.
        let value = message.value
        #expect(try CBORDecoder.decodeValue(value.encoded()) == value)
    }
}
