import Foundation

/// RFC 3339 timestamps in UTC (`2025-11-18T18:38:12Z`), as the CLI, JSON, logs and state files write them.
public enum Timestamp {
    /// `date` as RFC 3339 UTC: whole seconds, or milliseconds when the date has a fraction of a second.
    public static func text(_ date: Date) -> String {
        let whole = date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
        var formatStyle = Date.ISO8601FormatStyle(includingFractionalSeconds: !whole)
        formatStyle.timeZone = TimeZone(identifier: "UTC") ?? formatStyle.timeZone
        return date.formatted(formatStyle)
    }

    /// Parses RFC 3339 (`2024-09-24T18:00:00Z`, fractional seconds and offsets allowed); nil when it is not.
    public static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
