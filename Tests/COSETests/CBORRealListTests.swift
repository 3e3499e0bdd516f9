import COSE
import Foundation
import TestSupport
import Testing

@Suite("Real trust lists", .requires(.realFixtures))
struct CBORRealListTests {
    @Test(
        "decodes the real signed lists and the payload inside, dates included",
        // The dates of the fixture README as seconds since 1970 (`date -u -d 2024-09-24T17:37:31Z +%s.%N`), not
        // read by the RFC 3339 code under test.
        arguments: [
            ("aamva_vical_2024-09-24.cbor", 1_727_199_451.0, 3),
            ("aamva_vical_2025-11-18.cbor", 1_763_491_092.0, 14),
            ("austroads_vical_2024-09-19.cbor", 1_726_787_999.0, 35),
            ("rdw_test_vical_2025-02-25.vical", 1_740_441_600.0, 45),
            ("nzta_rical_2025-11-13.rical", 1_763_028_553.652_142_5, 16),  // 2025-11-13T10:09:13.6521425Z
        ])
    func decodesRealList(_ file: String, _ seconds: Double, _ entries: Int) throws {
        let bytes = Data(try RealFixtures.bytes(file))
        let message = try CBORDecoder().decode(bytes)
        #expect(message.encodedBytes.count == bytes.count)
        let parts = try CBORReader(message, path: file).array()
        #expect(parts.count == 4)
        let protected = try CBORReader(CBORDecoder().decode(try parts[0].bytes())).map()
        #expect(try protected.required(1).int() == -7)  // ES256
        let payload = try CBORReader(CBORDecoder().decode(try parts[2].bytes()), path: "payload").map()
        let date = try payload.required("date").date()
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001, "\(file): \(date.timeIntervalSince1970)")
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
