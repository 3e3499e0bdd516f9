import Foundation

/// One log line in either format of `log.format` (docs/operations.md, "Logs"): what `trustlistd` writes for every
/// event, and what `trustctl --log-format json` writes on standard error.
///
/// - `text`: `<priority>message key=value …`, the message short and constant, the data as `key=value` with dotted
///   keys (`list.id=aamva/vical reason=rollback`). Values with spaces, quotes, `=` or control characters are
///   double-quoted with `\"`, `\\` and `\n` escaped, so a line stays a line.
/// - `json`: one object per line, `{"time": …, "level": …, "event": message, key: value, …}`, written by Foundation's
///   `JSONEncoder` (every value a string, as in the text form).
package enum LogLine {
    /// `<priority>message key=value …` and a line feed.
    package static func text(_ priority: LogSettings.Level, _ message: String, _ fields: [(String, String)]) -> String {
        var line = "<\(priority.syslogPriority)>\(message)"
        for (key, value) in fields { line += " \(key)=\(quoted(value))" }
        return line + "\n"
    }

    /// One JSON object and a line feed: `time`, `level`, `event`, then the fields, sorted by name. Foundation's
    /// `JSONEncoder` writes every value and every field (it keeps no order of its own, so the three first members are
    /// encoded one by one, then the fields as one object); a field named `time`, `level` or `event` is written as
    /// `field.<name>`.
    package static func json(
        _ priority: LogSettings.Level, _ message: String, _ fields: [(String, String)], time: Date
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
    package static func quoted(_ value: String) -> String {
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
