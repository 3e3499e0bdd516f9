import Foundation
import TrustLists

/// Where a command writes and what it may read of its environment; tests give their own.
public struct CommandContext: Sendable {
    /// Writes to standard output.
    public var standardOutput: @Sendable (String) -> Void
    /// Writes to standard error.
    public var standardError: @Sendable (String) -> Void
    /// The process environment (for `TRUSTLISTS_CONFIG`).
    public var environment: [String: String]
    /// The current time, UTC; "now" enters only here.
    public var now: @Sendable () -> Date

    /// Creates a context.
    public init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void,
        environment: [String: String], now: @escaping @Sendable () -> Date
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.now = now
    }

    /// The real process: stdout, stderr, its environment and the wall clock.
    public static let process = CommandContext(
        standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        standardError: { FileHandle.standardError.write(Data($0.utf8)) },
        environment: ProcessInfo.processInfo.environment, now: { Date() })

    /// This context with every line to standard error written as one JSON object (`trustctl --log-format json`):
    /// `time`, `level`, `event`, `program`, `message`, and `reason` when the message starts with a reason code
    /// (``LogLine/json(_:_:_:time:)``, the daemon's JSON lines). Standard output (reports, `--json`) is unchanged.
    func writingErrorsAsJSON() -> CommandContext {
        var context = self
        let write = standardError
        let now = now
        context.standardError = { text in
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let (level, event, message) = Self.classify(String(line))
                var fields = [("program", "trustctl"), ("message", message)]
                if let reason = Self.leadingReasonCode(message) { fields.append(("reason", reason)) }
                write(LogLine.json(level, event, fields, time: now()))
            }
        }
        return context
    }

    /// The level and event of a line `trustctl` writes on standard error, and its message without the prefix that
    /// says which (`Error: `, `UNKNOWN: `, `Usage: `).
    static func classify(_ line: String) -> (LogSettings.Level, String, String) {
        let prefixes: [(String, LogSettings.Level, String)] = [
            ("Error: ", .error, "error"), ("Usage: ", .error, "usage"), ("REFUSED: ", .error, "refused"),
            ("UNKNOWN: ", .error, "unknown"), ("CRITICAL: ", .error, "critical"), ("WARNING: ", .warning, "warning"),
        ]
        for (prefix, level, event) in prefixes where line.hasPrefix(prefix) {
            return (level, event, String(line.dropFirst(prefix.count)))
        }
        return (.info, line.hasPrefix("See '") ? "help" : "notice", line)
    }

    /// The reason code a message starts with (`cache_unreadable: …`, `config_invalid: …`): snake_case words with at
    /// least one underscore before `: `; nil otherwise.
    static func leadingReasonCode(_ message: String) -> String? {
        guard let colon = message.range(of: ": ") else { return nil }
        let word = message[..<colon.lowerBound]
        let isCode =
            word.contains("_") && word.first?.isLetter == true
            && word.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return isCode ? String(word) : nil
    }

    /// Writes a line of text for people to standard output, control characters escaped (see ``printable(_:)``).
    public func print(_ line: String = "") { standardOutput(Self.printable(line) + "\n") }
    /// Writes a line of text for people to standard error, control characters escaped.
    public func printError(_ line: String) { standardError(Self.printable(line) + "\n") }

    /// `text` with control characters other than newline and tab written as `\u{1B}`: human output quotes names,
    /// keys and messages taken from untrusted lists, which must not drive the terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}

/// One subcommand of `trustctl`.
protocol Command {
    /// Options, usage and help.
    static var spec: CommandSpec { get }
    /// The exit status for a usage error: 2 for `verify`, `query`, `sign`, `demo`; 3 (UNKNOWN) for the
    /// monitoring-style `status` and `refresh`.
    static var usageExitCode: Int32 { get }
    /// Runs the command.
    /// - Returns: the exit status.
    /// - Throws: ``UsageError`` for arguments that do not fit; the caller prints it with the usage line.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32
}

extension Command {
    static var usageExitCode: Int32 { 2 }
}
