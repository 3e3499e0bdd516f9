import Foundation
import X509

/// RFC 3339 timestamps in UTC (`2025-11-18T18:38:12Z`), as the CLI, JSON, logs and the snapshot write them: one
/// format, by the X509 module's RFC 3339 code (the one that reads a list's tag 0 dates and a LoTE's dates).
public enum Timestamp {
    /// `date` rounded to the millisecond, as RFC 3339 UTC: whole seconds, or the fraction when there is one.
    ///
    /// RFC 3339 writes the years 0000 ... 9999 only: an instant outside them (a list may carry an epoch date in any
    /// year, and an offset or the rounding can carry a date at either end over) is written as the nearest one inside,
    /// `0000-01-01T00:00:00Z` or `9999-12-31T23:59:59.999Z`, so that what is written always reads back.
    public static func text(_ date: Date) -> String {
        guard !date.timeIntervalSince1970.isNaN else { return "\(date)" }
        return RFC3339.string(from: Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)) ?? "\(date)"
    }

    /// ``text(_:)`` as UTF-8, appended to `bytes` without making a `String` (the decision time of every answer).
    /// - Parameters:
    ///   - date: the instant.
    ///   - bytes: where the text is appended.
    public static func append(_ date: Date, to bytes: inout [UInt8]) {
        if date.timeIntervalSince1970.isNaN
            || !RFC3339.append(Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000), to: &bytes)
        {
            bytes.append(contentsOf: text(date).utf8)
        }
    }

    /// ``text(_:)`` with exactly three fraction digits (`2025-11-18T18:38:12.000Z`, `…:12.100Z`): one width for
    /// every instant of the years 0000 ... 9999, so that the columns of a table line up.
    public static func column(_ date: Date) -> String {
        let text = text(date)
        guard text.hasSuffix("Z"), text.count >= 20 else { return text }
        let body = String(text.dropLast())
        guard let dot = body.lastIndex(of: ".") else { return body + ".000Z" }
        let fraction = body[body.index(after: dot)...]
        return body + String(repeating: "0", count: max(0, 3 - fraction.count)) + "Z"
    }

    /// Parses an RFC 3339 date-time (`2024-09-24T18:00:00Z`; fractions and offsets allowed, RFC 3339 §5.6); nil
    /// when it is not one.
    public static func parse(_ text: String) -> Date? {
        RFC3339.date(from: text)
    }

    /// The first and the last millisecond RFC 3339 can write: 0000-01-01T00:00:00.000Z and
    /// 9999-12-31T23:59:59.999Z, in milliseconds since 1970-01-01T00:00:00Z.
    static let writableMilliseconds: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// `date` in whole milliseconds since 1970, rounded to the nearest and clamped to ``writableMilliseconds``;
    /// 0 for NaN.
    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded()
        guard !value.isNaN else { return 0 }
        if value <= Double(writableMilliseconds.lowerBound) { return writableMilliseconds.lowerBound }
        if value >= Double(writableMilliseconds.upperBound) { return writableMilliseconds.upperBound }
        return Int64(value)
    }
}
