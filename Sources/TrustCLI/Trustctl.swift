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
        ]
    }

    /// Runs `trustctl` with `arguments` (without the program name).
    /// - Returns: the exit status (per command: see each command's `--help`).
    public static func main(_ arguments: [String], context: CommandContext = .process) -> Int32 {
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
            let words = Set(commands.map { String($0.spec.name.split(separator: " ")[0]) })
            let closest = words.map { ($0, ParsedArguments.editDistance(first, $0)) }.min { $0.1 < $1.1 }
            let hint = closest.flatMap { $0.1 <= max(2, first.count / 3) ? "; did you mean '\($0.0)'?" : nil } ?? ""
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

    static var help: String {
        var text = """
            OVERVIEW: Keeps a wallet's trust in ISO/IEC 18013-5 trust networks current and honest: fetches and verifies
            signed VICALs (issuer CAs), RICALs (reader CAs) and EU Lists of Trusted Entities (LoTEs: PID, WRPAC and
            wallet providers), keeps the last good lists, answers trust queries, and decides the credentials a wallet
            holds (mdocs, SD-JWT VCs).

            USAGE: \(program) <command> [options]

            COMMANDS:

            """
        let width = commands.map { $0.spec.name.count }.max().map { $0 + 2 } ?? 16
        func row(_ name: String, _ summary: String) -> String {
            "  \(name)\(String(repeating: " ", count: width - name.count))\(summary)\n"
        }
        for command in commands {
            text += row(command.spec.name, command.spec.summary)
        }
        text += "\nOPTIONS:\n"
        text += row("-h, --help", "Show this help, or a command's with '\(program) <command> --help'.")
        text += row("--version", "Show the version.")
        text += """

            Configuration: --config FILE, else $\(Configuration.environmentVariable), else \(Configuration.defaultPath).
            """
        return text
    }
}
