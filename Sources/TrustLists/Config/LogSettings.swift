/// How `trustlistd` writes its log (the `log` object of the configuration; docs/operations.md, "Logs"): the line
/// format, the least severe level written, and whether HTTP requests are logged one line each.
///
///     "log": { "format": "json", "level": "info", "access": true }
public struct LogSettings: Sendable, Hashable {
    /// How a log line is written.
    public enum Format: String, Sendable, Hashable, CaseIterable, Encodable {
        /// `<6>message key=value …`: the syslog priority journald reads, a short constant message, `key=value` fields
        /// (the default).
        case text
        /// One JSON object per line: `time`, `level`, `event` (the constant message), then the fields as members.
        case json
    }

    /// The severity of a line, as the daemon writes it; a line below ``LogSettings/level`` is not written.
    public enum Level: String, Sendable, Hashable, CaseIterable, Comparable, Encodable {
        /// Something failed and trust is affected, or the daemon cannot go on as asked.
        case error
        /// Something failed; the last good state is still in use.
        case warning
        /// Normal events (the default: every line).
        case info

        /// The syslog priority (sd-daemon(3)): 3, 4, 6.
        public var syslogPriority: Int {
            switch self {
            case .error: 3
            case .warning: 4
            case .info: 6
            }
        }

        /// More severe first: `error < warning < info`.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.syslogPriority < rhs.syslogPriority }
    }

    /// The line format (default ``Format/text``).
    public var format: Format = .text
    /// The least severe level written (default ``Level/info``: everything).
    public var level: Level = .info
    /// Whether every HTTP request answered by a route of the API is logged (`http request`: method, path, status,
    /// bytes, duration, client); default false.
    public var access = false

    /// The defaults: text, info, no access log.
    public init() {}

    /// Reads the `log` object; nil gives the defaults.
    /// - Throws: ``ConfigurationError`` naming the key for an unknown key, a wrong type, or a format or level that is
    ///   not one of the names above.
    init(_ reader: JSONObjectReader?) throws(ConfigurationError) {
        guard let reader else { return }
        try reader.requireOnly(["format", "level", "access"])
        if let text = try reader.string("format") {
            guard let format = Format(rawValue: text) else {
                throw reader.error(at: "format", "'\(text)' is not a log format; use text or json")
            }
            self.format = format
        }
        if let text = try reader.string("level") {
            guard let level = Level(rawValue: text) else {
                throw reader.error(at: "level", "'\(text)' is not a log level; use error, warning or info")
            }
            self.level = level
        }
        access = try reader.bool("access") ?? false
    }
}
