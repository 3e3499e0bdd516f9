import COSE
import Foundation
import TestSupport
import Testing
import X509

@Suite("Dates: tag 0 RFC 3339 and tag 1 epoch (RFC 8949 §3.4.1, §3.4.2)")
struct CBORDateTests {
    func date(_ item: CBOR) throws -> Date {
        try CBORReader(CBORDecoder().decode(item.encoded()), path: "date").date()
    }

    @Test(
        "parses RFC 3339 date-times with and without fractions and offsets",
        arguments: [
            ("2013-03-21T20:04:00Z", 1_363_896_240.0),
            ("2025-11-13T10:09:13.6521425Z", 1_763_028_553.6521425),
            ("2025-11-13T10:09:13.6Z", 1_763_028_553.6),
            ("2025-11-13T10:09:13.123456789Z", 1_763_028_553.123456789),
            ("2013-03-21T22:04:00+02:00", 1_363_896_240.0),
            ("2013-03-21T15:34:00-04:30", 1_363_896_240.0),
            ("2013-03-21t20:04:00z", 1_363_896_240.0),
            ("1970-01-01T00:00:00Z", 0),
            ("1969-12-31T23:59:59Z", -1),
            ("2000-02-29T00:00:00Z", 951_782_400),
            ("2024-12-31T23:59:60Z", 1_735_689_600),  // a leap second counts as the next second
            ("0001-01-01T00:00:00Z", -62_135_596_800),
            ("9999-12-31T23:59:59Z", 253_402_300_799),
        ])
    func parsesTag0(_ text: String, _ expected: Double) throws {
        let parsed = try date(.tagged(0, .textString(text)))
        #expect(abs(parsed.timeIntervalSince1970 - expected) < 1e-6)
        #expect(RFC3339.date(from: text) == parsed)
    }

    @Test("reads the 7-digit fraction of a real RICAL date to 100 ns")
    func sevenDigitFraction() throws {
        let parsed = try date(.tagged(0, "2025-11-13T10:09:13.6521425Z"))
        let whole = Date(timeIntervalSince1970: 1_763_028_553)
        #expect(abs(parsed.timeIntervalSince(whole) - 0.6521425) < 5e-7)
    }

    @Test(
        "rejects malformed date-times with the path and the reason",
        arguments: [
            "2025-13-01T00:00:00Z", "2025-02-29T00:00:00Z", "2025-04-31T00:00:00Z", "2025-00-10T00:00:00Z",
            "2025-01-01T24:00:00Z", "2025-01-01T00:60:00Z", "2025-01-01T00:00:61Z", "2025-01-01 00:00:00Z",
            "2025-01-01T00:00:00", "2025-01-01T00:00:00.Z", "2025-01-01T00:00:00.1234567890Z",
            "2025-01-01T00:00:00+0100", "2025-01-01T00:00:00+24:00", "2025-1-01T00:00:00Z", "25-01-01T00:00:00Z",
            "2025-01-01T00:00:00Zjunk", "2025-01-01", "", "２０２５-01-01T00:00:00Z",
        ])
    func rejectsMalformed(_ text: String) {
        let error = coseError { try date(.tagged(0, .textString(text))) }
        #expect(error?.code == .unexpectedType)
        #expect(error?.reason.hasPrefix("date: expected RFC 3339 date-time, found") == true)
        #expect(RFC3339.date(from: text) == nil)
    }

    @Test("reads tag 1 epoch dates as integers and floats, and rejects other content")
    func parsesTag1() throws {
        #expect(try date(.tagged(1, 1_363_896_240)).timeIntervalSince1970 == 1_363_896_240)
        #expect(try date(.tagged(1, 1_363_896_240.5)).timeIntervalSince1970 == 1_363_896_240.5)
        #expect(try date(.tagged(1, -1)).timeIntervalSince1970 == -1)
        #expect(coseError { try date(.tagged(1, .float(.infinity))) }?.code == .unexpectedType)
        #expect(coseError { try date(.tagged(1, .float(.nan))) }?.code == .unexpectedType)
        #expect(coseError { try date(.tagged(1, "1")) }?.reason.hasPrefix("date: expected integer or float") == true)
        #expect(
            coseError { try date("2025-01-01T00:00:00Z") }?.reason
                == "date: expected date (tag 0 or tag 1), found text string")
        #expect(
            coseError { try date(.tagged(0, 5)) }?.reason
                == "date: expected text string in tag 0 (date-time), found unsigned integer")
    }

    @Test("encodes dates as tag 0 in UTC with Z, with a fraction only when there is one")
    func encodesTag0() {
        #expect(CBOR.date(Date(timeIntervalSince1970: 1_363_896_240)) == .tagged(0, "2013-03-21T20:04:00Z"))
        #expect(CBOR.date(Date(timeIntervalSince1970: 1_363_896_240.5)) == .tagged(0, "2013-03-21T20:04:00.5Z"))
        #expect(CBOR.date(Date(timeIntervalSince1970: -1)) == .tagged(0, "1969-12-31T23:59:59Z"))
        #expect(CBOR.date(Date(timeIntervalSince1970: 951_782_400)) == .tagged(0, "2000-02-29T00:00:00Z"))
        #expect(
            hexString(CBOR.date(Date(timeIntervalSince1970: 1_363_896_240)).encoded())
                == "c074323031332d30332d32315432303a30343a30305a")
        // Outside 0000 ... 9999, tag 1.
        #expect(CBOR.date(Date(timeIntervalSince1970: 1e13)) == .tagged(1, .float(1e13)))
    }

    @Test("round-trips dates through tag 0, the 7-digit RICAL fraction included")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 3339)
        var dates = [RFC3339.date(from: "2025-11-13T10:09:13.6521425Z") ?? Date.distantPast]
        for _ in 0..<500 {
            let seconds = Double(Int64.random(in: -62_000_000_000...250_000_000_000, using: &generator))
            let fraction = Double(Int.random(in: 0..<1000, using: &generator)) / 1000
            dates.append(Date(timeIntervalSince1970: seconds + fraction))
        }
        for original in dates {
            let encoded = CBOR.date(original)
            guard case .tagged(0, .textString(let text)) = encoded else {
                Issue.record("expected tag 0 for \(original), found \(encoded)")
                continue
            }
            #expect(try date(encoded) == original, "\(text)")
        }
        #expect(RFC3339.string(from: dates[0])?.hasPrefix("2025-11-13T10:09:13.652142") == true)
    }
}
