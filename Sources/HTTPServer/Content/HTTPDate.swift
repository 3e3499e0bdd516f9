import Foundation

/// HTTP dates (RFC 9110 §5.6.7) for `Last-Modified`, `Date` and `Expires`.
public enum HTTPDate {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats a time as IMF-fixdate, the preferred HTTP-date form (RFC 9110 §5.6.7), in UTC:
    /// `Sun, 06 Nov 1994 08:49:37 GMT`.
    /// - Parameter date: the time; fractions of a second are dropped (rounded towards the past).
    /// - Returns: the 29-character field value. Years outside 0…9999 cannot be written in four digits and are
    ///   clamped to them.
    public static func imfFixdate(_ date: Date) -> String {
        imfFixdate(secondsSince1970: Int64(date.timeIntervalSince1970.rounded(.down)))
    }

    /// Formats seconds since 1970-01-01T00:00:00Z as IMF-fixdate (RFC 9110 §5.6.7).
    /// - Parameter secondsSince1970: the time in whole seconds since the Unix epoch, UTC.
    /// - Returns: the field value, years clamped to 0…9999.
    public static func imfFixdate(secondsSince1970: Int64) -> String {
        // 0000-01-01T00:00:00Z … 9999-12-31T23:59:59Z.
        let seconds = min(max(secondsSince1970, -62_167_219_200), 253_402_300_799)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(pad(day, 2)) \(months[month - 1]) \(pad(Int(year), 4)) "
            + "\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)) GMT"
    }

    /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110 §5.6.7) with Foundation's formatter; nil for
    /// anything else (the obsolete RFC 850 and asctime forms included: a recipient that cannot read a date ignores the
    /// precondition, RFC 9110 §13.1.3).
    public static func parse(_ text: String) -> Date? {
        guard text.utf8.count == 29 else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (the civil-from-days algorithm over
    /// 400-year eras).
    static func civilDate(daysSince1970: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = daysSince1970 + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
