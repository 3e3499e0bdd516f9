import Foundation
import Synchronization
import TrustLists

/// The severity of a log line: error (3), warning (4), info (6), the syslog priorities journald reads
/// (sd-daemon(3)).
typealias LogPriority = LogSettings.Level

/// Writes one line per event to stderr, in the configured format (`log.format`, docs/operations.md, "Logs"), leaving
/// out lines less severe than `log.level`:
///
/// - `text`: `<priority>message key=value …`, the message short and constant, the data as `key=value` with dotted
///   keys (`list.id=aamva/vical reason=rollback`). Values with spaces, quotes, `=` or control characters are
///   double-quoted with `\"`, `\\` and `\n` escaped, so a line stays a line.
/// - `json`: one object per line, `{"time": …, "level": …, "event": message, key: value, …}`, written by Foundation's
///   `JSONEncoder` (members in that order; every value a string, as in the text form).
///
/// The format and level may change while the daemon runs (a reload); lines from the loop, the signal queue, the
/// watchdog timer and the HTTP threads never interleave.
final class Logger: Sendable {
    /// The format and level, and the write of one line: one lock, so lines never interleave.
    private let settings: Mutex<(format: LogSettings.Format, level: LogSettings.Level)>
    /// Where lines go: stderr, or a test's collector.
    private let sink: @Sendable (String) -> Void
    /// "Now" for the `time` member of JSON lines.
    private let now: @Sendable () -> Date

    /// A logger writing to stderr.
    /// - Parameters:
    ///   - format: the line format until ``configure(format:level:)`` says otherwise.
    ///   - level: the least severe level written.
    ///   - sink: where each line (with its line feed) goes; stderr by default.
    ///   - now: the clock of JSON lines' `time`.
    init(
        format: LogSettings.Format = .text, level: LogSettings.Level = .info,
        sink: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        settings = Mutex((format, level))
        self.sink = sink
        self.now = now
    }

    /// Changes the format and level of the lines written from now on.
    func configure(format: LogSettings.Format, level: LogSettings.Level) {
        settings.withLock { $0 = (format, level) }
    }

    /// The format in use.
    var format: LogSettings.Format { settings.withLock { $0.format } }

    /// Writes one event, unless its priority is below the configured level.
    /// - Parameters:
    ///   - priority: its severity.
    ///   - message: a short constant text (`list refresh failed`): the `event` of a JSON line.
    ///   - fields: keys and values; nil values are left out.
    func log(_ priority: LogPriority, _ message: String, _ fields: [(String, String?)] = []) {
        let present = fields.compactMap { key, value in value.map { (key, $0) } }
        settings.withLock { settings in
            guard priority <= settings.level else { return }
            switch settings.format {
            case .text: sink(Self.textLine(priority, message, present))
            case .json: sink(Self.jsonLine(priority, message, present, time: now()))
            }
        }
    }

    /// `<priority>message key=value …` and a line feed.
    static func textLine(_ priority: LogPriority, _ message: String, _ fields: [(String, String)]) -> String {
        var line = "<\(priority.syslogPriority)>\(message)"
        for (key, value) in fields { line += " \(key)=\(quoted(value))" }
        return line + "\n"
    }

    /// One JSON object and a line feed: `time`, `level`, `event`, then the fields, sorted by name. Foundation's
    /// `JSONEncoder` writes every value and every field (it keeps no order of its own, so the three first members are
    /// encoded one by one, then the fields as one object); a field named `time`, `level` or `event` is written as
    /// `field.<name>`.
    static func jsonLine(
        _ priority: LogPriority, _ message: String, _ fields: [(String, String)], time: Date
    ) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var members: [String: String] = [:]
        for (key, value) in fields {
            let name = ["time", "level", "event"].contains(key) ? "field.\(key)" : key
            if members[name] == nil { members[name] = value }
        }
        var line = "{"
        for (name, value) in [("time", Timestamp.column(time)), ("level", priority.rawValue), ("event", message)] {
            guard let encoded = try? encoder.encode(value) else { continue }  // never fails for a string
            line += (line == "{" ? "\"" : ",\"") + name + "\":" + String(decoding: encoded, as: UTF8.self)
        }
        let body = (try? encoder.encode(members)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        line += body == "{}" ? "}" : "," + body.dropFirst()
        return line + "\n"
    }

    /// `value` as it is written after `key=` in a text line.
    static func quoted(_ value: String) -> String {
        let plain =
            !value.isEmpty
            && value.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "=" && scalar != "\\"
            }
        if plain { return value }
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        return text + "\""
    }
}
