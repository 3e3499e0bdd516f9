import COSE
import Foundation

/// RFC 3339 timestamps in UTC (`2025-11-18T18:38:12Z`), as the CLI, JSON, logs and the snapshot write them: one
/// format, by the COSE module's RFC 3339 code (the one that reads a list's tag 0 dates).
public enum Timestamp {
    /// `date` rounded to the millisecond, as RFC 3339 UTC: whole seconds, or the fraction when there is one.
    public static func text(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        let rounded = milliseconds.isFinite ? Date(timeIntervalSince1970: milliseconds / 1000) : date
        return RFC3339.string(from: rounded) ?? "\(date)"
    }

    /// Parses an RFC 3339 date-time (`2024-09-24T18:00:00Z`; fractions and offsets allowed, RFC 3339 §5.6); nil
    /// when it is not one.
    public static func parse(_ text: String) -> Date? {
        RFC3339.date(from: text)
    }
}
