import Foundation

/// RFC 3339 `date-time` strings, as carried by CBOR tag 0 (RFC 8949 §3.4.1), the `tdate` of ISO/IEC 18013-5, the
/// JAdES `sigT` header (ETSI TS 119 182-1) and the dates of a LoTE (ETSI TS 119 602).
///
/// Parsing accepts `YYYY-MM-DDTHH:MM:SS`, an optional fraction of 1 to 9 digits, and `Z` or a numeric offset
/// `±HH:MM` (RFC 3339 §5.6; `t` and `z` in lower case too). A leap second (`:60`) counts as the next second, since
/// `Date` has no leap seconds. Formatting always writes UTC with `Z`.
public enum RFC3339 {
    /// Parses an RFC 3339 `date-time` (RFC 3339 §5.6).
    /// - Parameter text: e.g. `2025-11-13T10:09:13.6521425Z` or `2013-03-21T22:04:00+02:00`.
    /// - Returns: the instant, or `nil` when `text` is not a valid `date-time`.
    public static func date(from text: String) -> Date? {
        if case .success(let date) = parse(text) { return date }
        return nil
    }

    /// Formats `date` as an RFC 3339 `date-time` in UTC with `Z` (RFC 3339 §5.6), with a fraction only when the
    /// date has one: the fewest digits (up to 9) that parse back to the same `Date`.
    /// - Parameter date: the instant; its year must be 0000 ... 9999.
    /// - Returns: the string, or `nil` for a date outside the years 0000 ... 9999 or not finite.
    public static func string(from date: Date) -> String? {
        var failed = false
        let text = String(unsafeUninitializedCapacity: maxLength) { buffer in
            guard let count = write(date, into: buffer) else {
                failed = true
                return 0
            }
            return count
        }
        return failed ? nil : text
    }

    /// ``string(from:)``'s text as UTF-8 bytes, appended to `bytes`, without making a `String`.
    /// - Parameters:
    ///   - date: the instant; its year must be 0000 ... 9999.
    ///   - bytes: where the text is appended.
    /// - Returns: false (and nothing appended) for a date ``string(from:)`` answers nil for.
    public static func append(_ date: Date, to bytes: inout [UInt8]) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxLength) { buffer in
            guard let count = write(date, into: buffer) else { return false }
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: buffer[..<count]))
            return true
        }
    }

    /// The longest text ``string(from:)`` writes: `9999-12-31T23:59:59.999999999Z`.
    static let maxLength = 30

    /// Writes ``string(from:)``'s text into `buffer` (at least ``maxLength`` bytes); returns its length, or nil for
    /// a date outside the years 0000 ... 9999 or not finite. Digits are written in place: building the text from
    /// `String` pieces cost more than the rest of a memoized decision's answer.
    private static func write(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e15 else { return nil }
        let whole = interval.rounded(.down)
        let seconds = Int64(whole)
        var fractionValue: Int64 = 0
        var fractionDigits = 0
        if interval != whole {
            let fraction = interval - whole
            var chosen: (value: Int64, digits: Int)?
            for digits in 1...9 {
                let scaled = Int64((fraction * powersOfTen[digits]).rounded())
                guard scaled < Int64(powersOfTen[digits]) else { continue }
                if makeDate(seconds: seconds, fraction: scaled, digits: digits) == date {
                    chosen = (scaled, digits)
                    break
                }
            }
            (fractionValue, fractionDigits) = chosen ?? (min(Int64((fraction * 1e9).rounded()), 999_999_999), 9)
        }
        let days = floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (0...9999).contains(year), buffer.count >= maxLength else { return nil }
        var cursor = 0
        func put(_ value: Int64, _ width: Int) {
            var rest = value
            for position in stride(from: cursor + width - 1, through: cursor, by: -1) {
                buffer[position] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            cursor += width
        }
        func put(_ byte: Unicode.Scalar) {
            buffer[cursor] = UInt8(ascii: byte)
            cursor += 1
        }
        put(year, 4)
        put("-")
        put(month, 2)
        put("-")
        put(day, 2)
        put("T")
        put(secondOfDay / 3600, 2)
        put(":")
        put(secondOfDay / 60 % 60, 2)
        put(":")
        put(secondOfDay % 60, 2)
        if fractionValue != 0 {
            put(".")
            put(fractionValue, fractionDigits)
        }
        put("Z")
        return cursor
    }

    /// Parses `text`, or says what is wrong with it.
    /// - Parameter text: the candidate `date-time`.
    /// - Returns: the instant, or the reason it is not one.
    public static func parse(_ text: String) -> Result<Date, ParseFailure> {
        let bytes = Array(text.utf8)
        var cursor = 0

        func number(_ width: Int, _ field: String) -> Result<Int64, ParseFailure> {
            guard cursor + width <= bytes.count else { return .failure(ParseFailure("\(field) is missing")) }
            var value: Int64 = 0
            for byte in bytes[cursor..<(cursor + width)] {
                guard byte >= 0x30 && byte <= 0x39 else {
                    return .failure(ParseFailure("expected \(width) digits for the \(field)"))
                }
                value = value * 10 + Int64(byte - 0x30)
            }
            cursor += width
            return .success(value)
        }
        func expect(_ allowed: String, after field: String) -> Result<UInt8, ParseFailure> {
            guard cursor < bytes.count, allowed.utf8.contains(bytes[cursor]) else {
                let options = allowed.map { "'\($0)'" }.joined(separator: " or ")
                return .failure(ParseFailure("expected \(options) after the \(field)"))
            }
            cursor += 1
            return .success(bytes[cursor - 1])
        }

        do throws(ParseFailure) {
            let year = try number(4, "year").get()
            _ = try expect("-", after: "year").get()
            let month = try number(2, "month").get()
            _ = try expect("-", after: "month").get()
            let day = try number(2, "day").get()
            _ = try expect("Tt", after: "date").get()
            let hour = try number(2, "hour").get()
            _ = try expect(":", after: "hour").get()
            let minute = try number(2, "minute").get()
            _ = try expect(":", after: "minute").get()
            let second = try number(2, "second").get()
            var fraction: Int64 = 0
            var fractionDigits = 0
            if cursor < bytes.count && bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                while cursor < bytes.count && bytes[cursor] >= 0x30 && bytes[cursor] <= 0x39 {
                    fractionDigits += 1
                    guard fractionDigits <= 9 else {
                        return .failure(ParseFailure("expected at most 9 digits of fractional seconds"))
                    }
                    fraction = fraction * 10 + Int64(bytes[cursor] - 0x30)
                    cursor += 1
                }
                guard fractionDigits > 0 else {
                    return .failure(ParseFailure("expected digits after the decimal point"))
                }
            }
            var offsetSeconds: Int64 = 0
            let zone = try expect("Zz+-", after: fractionDigits > 0 ? "fractional seconds" : "seconds").get()
            if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
                let offsetHour = try number(2, "offset hour").get()
                _ = try expect(":", after: "offset hour").get()
                let offsetMinute = try number(2, "offset minute").get()
                guard offsetHour <= 23, offsetMinute <= 59 else {
                    return .failure(ParseFailure("offset \(offsetHour):\(offsetMinute) is out of range"))
                }
                offsetSeconds = (offsetHour * 3600 + offsetMinute * 60) * (zone == UInt8(ascii: "-") ? -1 : 1)
            }
            guard cursor == bytes.count else {
                return .failure(ParseFailure("expected the end after the time zone, found more characters"))
            }
            guard (1...12).contains(month) else { return .failure(ParseFailure("month \(month) is out of range")) }
            guard (1...daysInMonth(year: year, month: month)).contains(day) else {
                return .failure(ParseFailure("day \(day) is out of range for \(padded(year, width: 4))-\(month)"))
            }
            guard hour <= 23, minute <= 59, second <= 60 else {
                return .failure(ParseFailure("time \(hour):\(minute):\(second) is out of range"))
            }
            let seconds =
                daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
                - offsetSeconds
            return .success(makeDate(seconds: seconds, fraction: fraction, digits: fractionDigits))
        } catch {
            return .failure(error)
        }
    }

    /// Why a string is not an RFC 3339 `date-time`.
    public struct ParseFailure: Error {
        /// What is wrong, in words.
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, UTC)

    private static let powersOfTen: [Double] = (0...9).map { pow(10, Double($0)) }

    /// The one way both the parser and the formatter turn whole seconds and a decimal fraction into a `Date`, so
    /// that a formatted date parses back to the same value.
    private static func makeDate(seconds: Int64, fraction: Int64, digits: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds) + (digits == 0 ? 0 : Double(fraction) / powersOfTen[digits]))
    }

    private static func isLeapYear(_ year: Int64) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }

    /// Days from 1970-01-01 to the given date. Years are counted from March, so that the leap day falls at the end
    /// of a counted year; 400-year cycles have 146,097 days.
    private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let cycle = floorDivide(marchYear, 400)
        let yearOfCycle = marchYear - cycle * 400  // 0 ... 399
        let monthFromMarch = (month + 9) % 12  // March 0 ... February 11
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfCycle = yearOfCycle * 365 + yearOfCycle / 4 - yearOfCycle / 100 + dayOfYear
        return cycle * 146_097 + dayOfCycle - 719_468  // 719,468 days from 0000-03-01 to 1970-01-01
    }

    /// The inverse of `daysSince1970`.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let cycle = floorDivide(shifted, 146_097)
        let dayOfCycle = shifted - cycle * 146_097  // 0 ... 146,096
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func padded(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
