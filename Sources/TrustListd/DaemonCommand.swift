import Foundation
import TrustCLI
import TrustLists

/// `trustlistd [--config FILE] [--metrics-file FILE]`: parses the command line, loads the configuration and runs
/// the ``Daemon``.
enum DaemonCommand {
    static let program = "trustlistd"

    static let spec = CommandSpec(
        name: "",
        overview: """
            Keeps the configured trust lists current: serves the last good lists at once, then refreshes each list \
            when it is due (with backoff after failures) and writes metrics after every refresh.
            """,
        usage: "[--config <file>] [--metrics-file <file>]",
        options: [
            .value(
                "config", "file",
                "Configuration file (default: $\(Configuration.environmentVariable), else \(Configuration.defaultPath))."
            ),
            .value(
                "metrics-file", "file",
                "Also write the Prometheus metrics here (mode 0644), e.g. in node_exporter's textfile directory."),
            .flag("version", "Show the version."),
        ],
        discussion: """
            SIGHUP reloads the configuration and refreshes every list; SIGTERM or SIGINT stops within a few seconds.
            Logs go to stderr, one line per event, with journald priority prefixes (<3> error, <4> warning, <6> info).
            Metrics are written to metrics.prom in the cache directory. See docs/operations.md.

            EXIT STATUS: 0 stopped by a signal, 1 cannot start (configuration), 2 usage error.
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
        let daemon = Daemon(
            configuration: configuration, extraMetricsFile: metricsFile, control: control, logger: logger,
            notifier: SystemdNotifier())
        return daemon.run()
    }
}
