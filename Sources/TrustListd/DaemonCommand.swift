import CSystemd
import Foundation
import TrustCLI
import TrustLists
import X509

/// `trustlistd [--config FILE] [--metrics-file FILE] [--export-dir DIR] [--log-format FORMAT] [--check-config]`
/// (``DaemonSpec``): parses the command line, loads the configuration, takes the sockets systemd passes, and runs the
/// ``Daemon``.
enum DaemonCommand {
    static let program = DaemonSpec.program

    static var spec: CommandSpec { DaemonSpec.spec }

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
        // A list entry whose Names or extensions OpenSSL cannot decode when first read is left out of every chain
        // (docs/architecture.md, "The snapshot"); say so once.
        Certificate.reportDeferredDecodingFailures { certificate, error in
            logger.log(
                .warning, "listed certificate not used",
                [
                    ("certificate.sha256", certificate.sha256Hex), ("reason", error.code.rawValue),
                    ("message", error.reason),
                ])
        }
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
