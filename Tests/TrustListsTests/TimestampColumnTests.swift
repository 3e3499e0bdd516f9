import Foundation
import Testing
import TrustLists

/// Table columns of `trustctl status` write instants with exactly three fraction digits, so that they line up.
@Suite("Timestamp: one width in table columns")
struct TimestampColumnTests {
    @Test(
        "whole seconds, one and two fraction digits all become three; the width is always 24",
        arguments: [
            (1_763_491_092.0, "2025-11-18T18:38:12.000Z"), (1_763_491_092.1, "2025-11-18T18:38:12.100Z"),
            (1_763_491_092.12, "2025-11-18T18:38:12.120Z"), (1_763_491_092.123, "2025-11-18T18:38:12.123Z"),
        ])
    func threeDigits(seconds: Double, expected: String) {
        let text = Timestamp.column(Date(timeIntervalSince1970: seconds))
        #expect(text == expected)
        #expect(text.count == 24)
        #expect(Timestamp.parse(text) == Timestamp.parse(Timestamp.text(Date(timeIntervalSince1970: seconds))))
    }
}
