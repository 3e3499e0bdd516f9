import Foundation
import TestSupport
import Testing
import TrustLists

/// `trustctl --log-format json <command>`: every line on standard error is one JSON object (time, level, event,
/// program, message, reason), for a log pipeline; standard output is unchanged.
@Suite("trustctl --log-format")
struct LogFormatOptionTests {
    /// Standard error's lines, each decoded as an object of strings.
    func objects(_ text: String) throws -> [[String: String]] {
        try text.split(separator: "\n").map { line in
            try JSONDecoder().decode([String: String].self, from: Data(line.utf8))
        }
    }

    @Test("a configuration error: one JSON object, level error, the monitoring word as event, reason config_invalid")
    func configurationError() throws {
        let folder = try TemporaryDirectory()
        let file = try folder.write(Array(#"{"networks": [], "networks": []}"#.utf8), to: "bad.json")
        let (status, run) = CLIRun.run(["--log-format", "json", "status", "--config", file.path])
        #expect(status == 3)
        #expect(run.standardOutput.isEmpty)
        let lines = try objects(run.standardError)
        try #require(lines.count == 1, "\(run.standardError)")
        #expect(lines[0]["level"] == "error")
        #expect(lines[0]["event"] == "unknown")
        #expect(lines[0]["program"] == "trustctl")
        #expect(lines[0]["reason"] == "config_invalid")
        #expect(
            lines[0]["message"] == "config_invalid: \(file.path): networks: given twice; a key may appear once in "
                + "an object (tools differ on which one counts)")
        #expect(lines[0]["time"].flatMap(Timestamp.parse) == TestPKI.referenceTime)
    }

    @Test("a usage error: the error, the usage and the pointer to --help, each one object")
    func usageError() throws {
        let (status, run) = CLIRun.run(["--log-format=json", "status", "--colour"])
        #expect(status == 3)
        let lines = try objects(run.standardError)
        #expect(lines.map { $0["event"] } == ["error", "usage", "help"])
        #expect(lines[0]["message"] == "unknown option '--colour'")
        #expect(lines.map { $0["level"] } == ["error", "error", "info"])
    }

    @Test("text is the default and the same as without the option; another format is a usage error")
    func textAndRefusal() throws {
        let plain = CLIRun.run(["status", "--colour"]).run.standardError
        let text = CLIRun.run(["--log-format", "text", "status", "--colour"]).run.standardError
        #expect(plain == text)
        #expect(plain.hasPrefix("Error: unknown option '--colour'"))
        let (status, run) = CLIRun.run(["--log-format", "yaml", "status"])
        #expect(status == 2)
        #expect(run.standardError.hasPrefix("Error: --log-format must be text or json, not 'yaml'"))
    }
}
