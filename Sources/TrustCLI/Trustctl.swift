import Foundation
import TrustLists

/// The operator CLI: `trustctl <command> [options]` (docs/architecture.md, Configuration).
public enum Trustctl {
    static let program = "trustctl"

    static var commands: [any Command.Type] {
        [
            VerifyCommand.self, RefreshCommand.self, StatusCommand.self, QueryReaderCommand.self,
            QueryIssuerCommand.self, QueryRequestCommand.self, QueryDeviceRequestCommand.self,
            QueryCredentialCommand.self, SnapshotCommand.self, ExportCommand.self, SignCommand.self, DemoCommand.self,
            ConfigCheckCommand.self, CompletionCommand.self, ManPageCommand.self,
        ]
    }

    /// Runs `trustctl` with `arguments` (without the program name).
    /// - Returns: the exit status (per command: see each command's `--help`).
    public static func main(_ arguments: [String], context: CommandContext = .process) -> Int32 {
        var arguments = arguments
        var context = context
        // `--log-format text|json` before the command: how lines to standard error are written.
        if let first = arguments.first, first == "--log-format" || first.hasPrefix("--log-format=") {
            let inline = first.hasPrefix("--log-format=") ? String(first.dropFirst("--log-format=".count)) : nil
            let value = inline ?? (arguments.count > 1 ? arguments[1] : "")
            guard let format = LogSettings.Format(rawValue: value) else {
                context.printError("Error: --log-format must be text or json, not '\(value)'")
                context.printError("Usage: \(program) [--log-format text|json] <command> [options]")
                return 2
            }
            arguments.removeFirst(inline == nil ? 2 : 1)
            if format == .json { context = context.writingErrorsAsJSON() }
        }
        guard let first = arguments.first, first != "-h", first != "--help", first != "help" else {
            context.print(help)
            return arguments.isEmpty ? 2 : 0
        }
        if first == "--version" {
            context.print("\(program) \(ServiceIdentity.version)")
            return 0
        }
        // The longest command name that the arguments start with ("query reader" before "query").
        let match = commands.filter { command in
            let words = command.spec.name.split(separator: " ").map(String.init)
            return arguments.count >= words.count && Array(arguments.prefix(words.count)) == words
        }.max { $0.spec.name.count < $1.spec.name.count }
        let groupMembers = commands.filter { $0.spec.name.hasPrefix(first + " ") }
        if match == nil, !groupMembers.isEmpty {
            // `trustctl query`, `trustctl query --help`: the group's commands.
            let asked = arguments.dropFirst().allSatisfy { $0 == "-h" || $0 == "--help" } && arguments.count > 1
            let lines = groupMembers.map { "  \(program) \($0.spec.name) \($0.spec.usage)\n      \($0.spec.summary)" }
            let text =
                "'\(first)' takes a subcommand:\n" + lines.joined(separator: "\n")
                + "\nSee '\(program) \(groupMembers[0].spec.name) --help'"
            if asked {
                context.print(text)
                return 0
            }
            let unknown =
                arguments.count > 1 ? "unknown subcommand '\(arguments.prefix(2).joined(separator: " "))'; " : ""
            context.printError("Error: " + unknown + text)
            return 2
        }
        guard let command = match else {
            // The command whose first word is closest to the one typed, when one is close (`stauts` → `status`).
            var words: [String] = []
            for command in commands {
                let word = String(command.spec.name.split(separator: " ")[0])
                if !words.contains(word) { words.append(word) }
            }
            let hint = Spelling.closest(to: first, among: words).map { "; did you mean '\($0)'?" } ?? ""
            context.printError("Error: unknown command '\(arguments.prefix(2).joined(separator: " "))'\(hint)")
            context.printError("Usage: \(program) <command> [options]")
            context.printError("See '\(program) --help'")
            return 2
        }
        let rest = Array(arguments.dropFirst(command.spec.name.split(separator: " ").count))
        do {
            let parsed = try ParsedArguments(rest, spec: command.spec)
            if parsed.flag("help") {
                context.print(command.spec.help(program: program))
                return 0
            }
            return try command.run(parsed, context: context)
        } catch let error as UsageError {
            context.printError("Error: \(error.message)")
            context.printError("Usage: \(program) \(command.spec.name) \(command.spec.usage)")
            context.printError("See '\(program) \(command.spec.name) --help'")
            return command.usageExitCode
        } catch {
            context.printError("Error: \(error)")
            return command.usageExitCode
        }
    }

    /// What `trustctl` is, for `--help` and trustctl(1).
    static let overview = """
        Keeps a wallet's trust in ISO/IEC 18013-5 trust networks current and honest: fetches and verifies signed \
        VICALs (issuer CAs), RICALs (reader CAs) and EU Lists of Trusted Entities (LoTEs: PID, WRPAC and wallet \
        providers), keeps the last good lists, answers trust queries, and decides the credentials a wallet holds \
        (mdocs, SD-JWT VCs).
        """

    /// The options before the command, for `--help`, trustctl(1) and the completions.
    static let globalOptions: [CommandSpec.Option] = [
        .flag("help", "Show this help, or a command's with 'trustctl <command> --help'."),
        .flag("version", "Show the version."),
        .value(
            "log-format", "text|json",
            "Before the command: text (the default) or json, one object per line on standard error (time, level, "
                + "event, message, reason)."),
    ]

    static var help: String {
        var text = """
            OVERVIEW: \(overview)

            USAGE: \(program) [--log-format text|json] <command> [options]

            COMMANDS:

            """
        let width = commands.map { $0.spec.name.count }.max().map { $0 + 2 } ?? 16
        func row(_ name: String, _ summary: String) -> String {
            // A name as wide as the column gets its text on the next line.
            let gap =
                name.count < width
                ? String(repeating: " ", count: width - name.count) : "\n" + String(repeating: " ", count: width + 2)
            return "  \(name)\(gap)\(summary)\n"
        }
        for command in commands {
            text += row(command.spec.name, command.spec.summary)
        }
        text += "\nOPTIONS:\n"
        for option in globalOptions {
            let name = option.name == "help" ? "-h, --help" : "--\(option.name)"
            text += row(name + (option.valueName.map { " <\($0)>" } ?? ""), option.help)
        }
        text += """

            Configuration: --config FILE, else $\(Configuration.environmentVariable), else \(Configuration.defaultPath).
            """
        return text
    }
}
