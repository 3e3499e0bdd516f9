import CSystemd
import Foundation
import TrustCLI
import TrustLists

/// `trustlistd [--config FILE] [--metrics-file FILE] [--export-dir DIR]`: parses the command line, loads the
/// configuration, takes the sockets systemd passes, and runs the ``Daemon``.
enum DaemonCommand {
    static let program = "trustlistd"

    static let spec = CommandSpec(
        name: "",
        overview: """
            Keeps the configured trust lists current: serves the last good lists at once, then refreshes each list \
            when it is due (with backoff after failures) and writes metrics after every refresh. With a "server" \
            object in the configuration, or sockets passed by systemd, it serves the HTTP API and the console, a \
            status page at / (docs/operations.md).
            """,
        usage: "[--config <file>] [--metrics-file <file>] [--export-dir <dir>] [--log-format <format>] [--check-config]",
        options: [
            .value(
                "config", "file",
                "Configuration file (default: $\(Configuration.environmentVariable), else \(Configuration.defaultPath))."
            ),
            .value(
                "metrics-file", "file",
                "Also write the Prometheus metrics here (mode 0644), e.g. in node_exporter's textfile directory."),
            .value(
                "export-dir", "dir",
                "Keep a static export (snapshot and signed lists, content-addressed, current.json) here for nginx or "
                    + "a CDN; written at start and after every refresh (see trustctl export --help)."),
            .value(
                "log-format", "format",
                "text (the default: journald priority prefixes, key=value fields) or json (one object per line); "
                    + "replaces the configuration's log.format."),
            .flag(
                "check-config",
                "Check the configuration as 'trustctl config check' does (the files it names included), print the "
                    + "configuration in effect, and exit: 0 valid, 3 invalid. The units run it before a start and a "
                    + "reload."),
            .flag("version", "Show the version."),
        ],
        discussion: """
            SIGHUP reloads the configuration and refreshes every list (the HTTP listeners stay; a changed "server"
            object takes effect at the next start); SIGTERM or SIGINT stops within a few seconds, letting HTTP
            requests in flight finish for up to 5 seconds.
            Logs go to stderr, one line per event: with log.format text (the default) with journald priority prefixes
            (<3> error, <4> warning, <6> info), with json one object per line (time, level, event, the fields);
            log.level leaves out less severe lines, log.access adds one line per HTTP request. Every admin action
            (refresh now, reload) logs one "admin action" line with its outcome and the client's address.
            Metrics are written to metrics.prom in the cache directory. See docs/operations.md.

            EXIT STATUS: 0 stopped by a signal (--check-config: valid), 1 cannot start (configuration, the HTTP API
            cannot listen, or the admin token file of server.admin is unusable), 2 usage error, 3 --check-config:
            invalid.
            """)

    /// Runs the daemon.
    /// - Parameter arguments: the command line without the program name.
    /// - Returns: the exit status.
    static func main(_ arguments: [String]) -> Int32 {
        let context = CommandContext.process
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try ParsedArguments(arguments, spec: spec)
            if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        } catch {
            context.printError("Error: \(error.message)")
            context.printError("Usage: \(program) \(spec.usage)")
            context.printError("See '\(program) --help'")
            return 2
        }
        if parsed.flag("help") {
            context.print(spec.help(program: program))
            return 0
        }
        if parsed.flag("version") {
            context.print("\(program) \(ServiceIdentity.version)")
            return 0
        }

        if parsed.flag("check-config") {
            return ConfigurationCheck.run(path: parsed.value("config"), json: false, context: context)
        }
        let logFormat: LogSettings.Format?
        if let text = parsed.value("log-format") {
            guard let format = LogSettings.Format(rawValue: text) else {
                context.printError("Error: --log-format must be text or json, not '\(text)'")
                context.printError("Usage: \(program) \(spec.usage)")
                context.printError("See '\(program) --help'")
                return 2
            }
            logFormat = format
        } else {
            logFormat = nil
        }
        let logger = Logger(format: logFormat ?? .text)
        let control = DaemonControl()
        // First, before anything starts a thread: the signal mask is inherited by every thread made later.
        let signals = SignalHandling(control: control, logger: logger)
        defer { signals.cancel() }

        let configuration: Configuration
        do {
            configuration = try Configuration.load(path: parsed.value("config"), environment: context.environment)
        } catch {
            logger.log(.error, "cannot start", [("reason", error.code.rawValue), ("message", error.description)])
            return 1
        }
        let metricsFile = parsed.value("metrics-file").map { URL(fileURLWithPath: $0).standardizedFileURL }
        let exportDirectory = parsed.value("export-dir").map { URL(fileURLWithPath: $0).standardizedFileURL }
        let daemon = Daemon(
            configuration: configuration, extraMetricsFile: metricsFile, exportDirectory: exportDirectory,
            passedSockets: passedSockets(), control: control, logger: logger, logFormatOverride: logFormat,
            notifier: SystemdNotifier())
        return daemon.run()
    }

    /// The listening sockets systemd passed (socket activation, `sd_listen_fds(3)`: fd 3 on), with the environment
    /// variables that named them removed so that no child takes them for its own.
    static func passedSockets() -> [Int32] {
        let count = sd_listen_fds(1)
        guard count > 0 else { return [] }
        return (0..<count).map { SD_LISTEN_FDS_START + $0 }
    }
}
