import Foundation
import Synchronization

/// syslog priorities, as the `<N>` prefix journald reads from a line on stderr (sd-daemon(3)).
enum LogPriority: Int, Sendable {
    /// Something failed and trust is affected (no trust, expired, cannot start).
    case error = 3
    /// Something failed; the last good list is still in use.
    case warning = 4
    /// Normal events.
    case info = 6
}

/// Writes one line per event to stderr: `<priority>message key=value …`, the message short and constant, the data
/// as `key=value` with dotted keys (`list.id=aamva/vical reason=rollback`). Values with spaces, quotes, `=` or
/// control characters are double-quoted with `\"`, `\\` and `\n` escaped, so a line stays a line.
final class Logger: Sendable {
    /// Serializes lines from the loop, the signal queue and the watchdog timer.
    private let lock = Mutex<Void>(())

    /// Writes one event.
    /// - Parameters:
    ///   - priority: its syslog priority.
    ///   - message: a short constant text (`list refresh failed`).
    ///   - fields: keys and values; nil values are left out.
    func log(_ priority: LogPriority, _ message: String, _ fields: [(String, String?)] = []) {
        var line = "<\(priority.rawValue)>\(message)"
        for (key, value) in fields {
            guard let value else { continue }
            line += " \(key)=\(Self.quoted(value))"
        }
        line += "\n"
        lock.withLock { _ in FileHandle.standardError.write(Data(line.utf8)) }
    }

    /// `value` as it is written after `key=`.
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
