import Foundation
import Synchronization
import TestSupport
import TrustCLI

/// Runs `trustctl` in-process with captured output and a fixed clock.
final class CLIRun: Sendable {
    private let output = Mutex<(out: String, err: String)>(("", ""))

    /// Standard output so far.
    var standardOutput: String { output.withLock { $0.out } }
    /// Standard error so far.
    var standardError: String { output.withLock { $0.err } }

    /// Runs `trustctl arguments` at `now`.
    static func run(
        _ arguments: [String], now: Date = TestPKI.referenceTime, environment: [String: String] = [:]
    )
        -> (status: Int32, run: CLIRun)
    {
        let run = CLIRun()
        let context = CommandContext(
            standardOutput: { text in run.output.withLock { $0.out += text } },
            standardError: { text in run.output.withLock { $0.err += text } }, environment: environment, now: { now })
        return (Trustctl.main(arguments, context: context), run)
    }

    /// Standard output parsed as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(standardOutput.utf8))) as? [String: Any] ?? [:]
    }
}
