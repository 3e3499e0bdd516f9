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
        usage: "[--config <file>] [--metrics-file <file>] [--export-dir <dir>]",
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
            .flag("version", "Show the version."),
        ],
        discussion: """
            SIGHUP reloads the configuration and refreshes every list (the HTTP listeners stay; a changed "server"
            object takes effect at the next start); SIGTERM or SIGINT stops within a few seconds, letting HTTP
            requests in flight finish for up to 5 seconds.
            Logs go to stderr, one line per event, with journald priority prefixes (<3> error, <4> warning, <6> info).
            Metrics are written to metrics.prom in the cache directory. See docs/operations.md.

            EXIT STATUS: 0 stopped by a signal, 1 cannot start (configuration, the HTTP API cannot listen, or the admin
            token file of server.admin is unusable), 2 usage error.
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

        let logger = Logger()
        let control = DaemonControl()
        // First, before anything starts a thread: the signal mask is inherited by every thread made later.
        let signals = SignalHandling(control: control, logger: logger)
        defer { signals.cancel() }

        let configuration: Configuration
        do {
            configuration = try Configuration.load(path: parsed.value("config"), environment: context.environment)
        } catch {
            logger.log(.error, "cannot start", [("reason", "config_invalid"), ("message", error.description)])
            return 1
        }
        let metricsFile = parsed.value("metrics-file").map { URL(fileURLWithPath: $0).standardizedFileURL }
        let exportDirectory = parsed.value("export-dir").map { URL(fileURLWithPath: $0).standardizedFileURL }
        let daemon = Daemon(
            configuration: configuration, extraMetricsFile: metricsFile, exportDirectory: exportDirectory,
            passedSockets: passedSockets(), control: control, logger: logger, notifier: SystemdNotifier())
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
