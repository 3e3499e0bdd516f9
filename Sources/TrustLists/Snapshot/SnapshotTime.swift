import Foundation

/// The snapshot's one date format: RFC 3339 in UTC with millisecond precision, `2025-11-13T10:09:13.652Z`, or
/// `2025-11-13T10:09:13Z` for a whole second.
///
/// The builder rounds every date to the millisecond (``normalized(_:)``) and the reader rounds what it parses the same
/// way, so a snapshot read back from JSON equals the one written. Sub-millisecond fractions (the NZTA RICAL's `date`
/// has seven digits) are rounded to the nearest millisecond; that moves a freshness boundary by under 1 ms.
/// Text is written with ``Timestamp/text(_:)`` and read here with ``Timestamp/parse(_:)`` (arithmetic, no date
/// formatter), so that loading 10,000 issuers' dates costs microseconds.
enum SnapshotTime {
    /// `date` in whole milliseconds since 1970-01-01T00:00:00Z, rounded to the nearest, within the years RFC 3339
    /// can write (see ``Timestamp/text(_:)``); 0 for NaN.
    static func milliseconds(_ date: Date) -> Int64 {
        Timestamp.milliseconds(date)
    }

    /// `date` rounded to the millisecond, in the one Double form that parsing also produces.
    static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// Parses an RFC 3339 date-time (rejecting impossible values such as February 30 or hour 24); the result is
    /// ``normalized(_:)``. Nil when the text is not RFC 3339.
    static func parse(_ text: String) -> Date? {
        Timestamp.parse(text).map(normalized)
    }
}
