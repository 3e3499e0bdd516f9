import Foundation

/// The snapshot's one date format: RFC 3339 in UTC with millisecond precision, `2025-11-13T10:09:13.652Z`, or
/// `2025-11-13T10:09:13Z` for a whole second.
///
/// The builder rounds every date to the millisecond (``normalized(_:)``) and the reader rounds what it parses the same
/// way, so a snapshot read back from JSON equals the one written. Sub-millisecond fractions (the NZTA RICAL's `date`
/// has seven digits) are rounded to the nearest millisecond; that moves a freshness boundary by under 1 ms.
/// Formatting and parsing of this fixed form are done here by arithmetic rather than through a date formatter, so
/// that loading 10,000 issuers' dates costs microseconds, not milliseconds.
enum SnapshotTime {
    /// `date` in whole milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest; 0 for a non-finite date.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard value.isFinite, abs(value) < 1e17 else { return 0 }
        return Int64(value)
    }

    /// `date` rounded to the millisecond, in the one Double form that parsing also produces.
    static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// RFC 3339 UTC text of `date`, milliseconds only when the date has a fraction of a second.
    static func text(_ date: Date) -> String {
        let milliseconds = milliseconds(date)
        let seconds = floorDivide(milliseconds, 1000)
        let fraction = milliseconds - seconds * 1000
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        guard (0...9999).contains(year) else { return Timestamp.text(date) }
        var text =
            pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if fraction != 0 { text += "." + pad(fraction, 3) }
        return text + "Z"
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.mmm]Z` directly (rejecting impossible values such as February 30 or hour 24),
    /// and any other RFC 3339 form through ``Timestamp/parse(_:)``; the result is ``normalized(_:)``. Nil when the text
    /// is not RFC 3339.
    static func parse(_ text: String) -> Date? {
        switch parseFixed(text) {
        case .date(let date): date
        case .invalid: nil
        case .otherForm: Timestamp.parse(text).map(normalized)
        }
    }

    private enum FixedForm {
        case date(Date)
        case invalid
        case otherForm
    }

    private static func parseFixed(_ text: String) -> FixedForm {
        let parsed = text.utf8.withContiguousStorageIfAvailable { bytes -> FixedForm in
            guard bytes.count == 20 || bytes.count == 24, bytes[bytes.count - 1] == UInt8(ascii: "Z") else {
                return .otherForm
            }
            func number(_ start: Int, _ length: Int) -> Int64? {
                var value: Int64 = 0
                for index in start..<(start + length) {
                    let digit = bytes[index] &- UInt8(ascii: "0")
                    guard digit < 10 else { return nil }
                    value = value * 10 + Int64(digit)
                }
                return value
            }
            let separators: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
            for (index, character) in separators where bytes[index] != character.asciiValue {
                return .otherForm
            }
            guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2)
            else { return .otherForm }
            var fraction: Int64 = 0
            if bytes.count == 24 {
                guard bytes[19] == UInt8(ascii: "."), let digits = number(20, 3) else { return .otherForm }
                fraction = digits
            }
            guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else {
                return .invalid
            }
            let days = days(fromCivil: year, month, day)
            // Reject dates such as February 30 rather than rolling them over.
            guard civil(fromDays: days) == (year, month, day) else { return .invalid }
            let milliseconds = ((days * 86_400 + hour * 3600 + minute * 60 + second) * 1000) + fraction
            return .date(Date(timeIntervalSince1970: Double(milliseconds) / 1000))
        }
        return parsed ?? .otherForm
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (era arithmetic: 400-year cycles of 146,097 days, years
    /// counted from March so that the leap day comes last).
    private static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (the inverse of ``days(fromCivil:_:_:)``).
    private static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
