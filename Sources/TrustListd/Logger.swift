import Foundation
import Synchronization
import TrustLists

/// The severity of a log line: error (3), warning (4), info (6), the syslog priorities journald reads
/// (sd-daemon(3)).
typealias LogPriority = LogSettings.Level

/// Writes one line per event to stderr, in the configured format (`log.format`, docs/operations.md, "Logs"; the
/// lines are ``LogLine``'s), leaving out lines less severe than `log.level`.
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
            case .text: sink(LogLine.text(priority, message, present))
            case .json: sink(LogLine.json(priority, message, present, time: now()))
            }
        }
    }
}
