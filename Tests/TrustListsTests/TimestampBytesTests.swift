import Foundation
import Testing
import TrustLists

/// A decision's time is appended to its rendered body as bytes (`Timestamp.append`): the same RFC 3339 text as
/// `Timestamp.text`. The expected texts are Python's (`datetime` plus milliseconds, trailing zeros dropped).
@Suite("Timestamp: the time appended as bytes")
struct TimestampBytesTests {
    @Test(
        "appends the RFC 3339 text of the instant rounded to the millisecond, after what is already there",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (1_763_491_092.0, "2025-11-18T18:38:12Z"),
            (1_763_491_092.1, "2025-11-18T18:38:12.1Z"), (1_763_491_092.12, "2025-11-18T18:38:12.12Z"),
            (1_763_491_092.123, "2025-11-18T18:38:12.123Z"), (951_782_400.5, "2000-02-29T00:00:00.5Z"),
            (-62_135_596_800.0, "0001-01-01T00:00:00Z"), (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
            (1_764_979_200.007, "2025-12-06T00:00:00.007Z"),
        ])
    func appended(seconds: Double, expected: String) {
        var bytes = Array("at=".utf8)
        Timestamp.append(Date(timeIntervalSince1970: seconds), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "at=" + expected)
        #expect(Timestamp.text(Date(timeIntervalSince1970: seconds)) == expected)
    }
}
