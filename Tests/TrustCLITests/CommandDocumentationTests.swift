import Foundation
import TestSupport
import Testing

@testable import TrustCLI

/// `--help`, docs/cli.md, the man pages and the completions say the same, because the last three are checked against,
/// or made from, the command specifications `--help` prints: every command's options and exit codes are in
/// docs/cli.md, every option is in the man page and the completion scripts.
@Suite("Command documentation")
struct CommandDocumentationTests {
    static let specs = Trustctl.commands.map { $0.spec }
    static let cliDocs =
        (try? String(contentsOf: PackageRoot.url.appendingPathComponent("docs/cli.md"), encoding: .utf8)) ?? ""

    /// `--name` words in `text`.
    static func options(in text: String) -> Set<String> {
        Set(text.matches(of: /--([a-z][a-z0-9-]*)/).map { String($0.output.1) })
    }

    /// The exit codes a text states: in each paragraph, the digit after "EXIT STATUS", "Exit status" or "Exit" (and
    /// its parenthesis and colon), then each digit after a comma outside parentheses.
    static func exitCodes(in text: String) -> Set<Int> {
        var codes = Set<Int>()
        for paragraph in text.components(separatedBy: "\n\n") {
            let flat = paragraph.replacingOccurrences(of: "\n", with: " ")
            for match in flat.matches(of: #/(?:EXIT STATUS|Exit status|Exit)(?: \([^)]*\))?:? ([0-9]) /#) {
                codes.insert(Int(String(match.output.1))!)
                var depth = 0
                let rest = Array(flat[match.range.upperBound...])
                for (index, character) in rest.enumerated() {
                    if character == "(" { depth += 1 }
                    if character == ")" { depth = max(0, depth - 1) }
                    if depth == 0, character == ",", index + 3 < rest.count, rest[index + 1] == " ",
                        let digit = rest[index + 2].wholeNumberValue, rest[index + 3] == " "
                    {
                        codes.insert(digit)
                    }
                }
            }
        }
        return codes
    }

    /// The synopsis lines of `command` in docs/cli.md: indented lines `trustctl <name> …`.
    /// A synopsis may go on over lines indented further.
    static func synopsisLines(_ name: String) -> [String] {
        var lines: [String] = []
        var inSynopsis = false
        for line in cliDocs.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("    trustctl \(name) ") || line == "    trustctl \(name)" {
                inSynopsis = true
                lines.append(line)
            } else if inSynopsis, line.hasPrefix("      "),
                !line.trimmingCharacters(in: .whitespaces).hasPrefix("trustctl")
            {
                lines.append(line)
            } else {
                inSynopsis = false
            }
        }
        return lines
    }

    /// The section of docs/cli.md documenting `command` (the one whose synopsis it is in).
    static func section(_ name: String) -> String? {
        let lines = cliDocs.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let synopsis = lines.firstIndex(where: { $0.hasPrefix("    trustctl \(name)") }) else { return nil }
        let start = lines[..<synopsis].lastIndex { $0.hasPrefix("## ") } ?? 0
        let end = lines[(synopsis + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }

    @Test(
        "every command's options are those of its synopsis in docs/cli.md, no more, no fewer",
        arguments: specs.map(\.name))
    func optionsMatchTheDocs(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let lines = Self.synopsisLines(name)
        try #require(!lines.isEmpty, "docs/cli.md has no synopsis for trustctl \(name)")
        let documented = lines.reduce(into: Set<String>()) { $0.formUnion(Self.options(in: $1)) }
        let declared = Set(spec.options.map(\.name)).subtracting(["help"])
        #expect(
            documented == declared,
            "trustctl \(name): docs/cli.md \(documented.sorted()), the code \(declared.sorted())")
    }

    @Test("every command's exit codes in --help are those its docs/cli.md section gives", arguments: specs.map(\.name))
    func exitCodesMatchTheDocs(name: String) throws {
        let spec = try #require(Self.specs.first { $0.name == name })
        let section = try #require(Self.section(name), "docs/cli.md has no section for trustctl \(name)")
        let help = Self.exitCodes(in: spec.help(program: "trustctl"))
        #expect(!help.isEmpty, "trustctl \(name) --help states no exit status")
        #expect(
            help == Self.exitCodes(in: section),
            "trustctl \(name): --help \(help.sorted()), docs/cli.md \(Self.exitCodes(in: section).sorted())")
    }

    @Test("trustlistd's options and exit codes are those of docs/operations.md")
    func daemonMatchesTheDocs() throws {
        let operations = try String(
            contentsOf: PackageRoot.url.appendingPathComponent("docs/operations.md"), encoding: .utf8)
        let start = try #require(operations.range(of: "Command line: `trustlistd "))
        let commandLine = operations[start.upperBound...].prefix { $0 != "`" }
        let declared = Set(DaemonSpec.spec.options.map(\.name)).subtracting(["help", "version"])
        #expect(Self.options(in: String(commandLine)) == declared, "docs: \(commandLine); code: \(declared.sorted())")
        let status = try #require(operations.range(of: "Exit status: "))
        let rest = operations[status.lowerBound...]
        let end = rest.firstRange(of: #/\.\s/#)?.lowerBound ?? rest.endIndex
        let sentence = String(rest[..<end])
        #expect(Self.exitCodes(in: sentence) == Self.exitCodes(in: DaemonSpec.spec.discussion), "\(sentence)")
        #expect(Self.exitCodes(in: sentence) == [0, 1, 2, 3])
    }

    @Test("--help says what the code does: snapshot schemaVersion 2 and services, reader_key_usage, the CRL state none")
    func helpTexts() throws {
        func help(_ name: String) throws -> String {
            try #require(Self.specs.first { $0.name == name }).help(program: "trustctl")
        }
        #expect(try help("snapshot").contains("schemaVersion 2"))
        #expect(try help("snapshot").contains("services (every service of each usable LoTE"))
        #expect(try help("query reader").contains("reader_key_usage"))
        let status = try help("status")
        for state in ["fresh", "stale", "expired", "missing", "none"] {
            #expect(status.contains(" \(state) "), "\(state)")
        }
    }

    @Test(
        "the man pages carry every command and option, and groff formats them without a warning",
        .requires(.executable("groff")))
    func manualPages() throws {
        let groff = try #require(TestTools.executable(named: "groff"))
        for page in [ManualPage.trustctl, ManualPage.trustlistd] {
            let folder = try TemporaryDirectory()
            let file = try folder.write(Array(page.render().utf8), to: page.fileName)
            let (status, warnings) = try TestTools.run(groff, ["-man", "-Tutf8", "-ww", "-z", file.path])
            #expect(status == 0 && warnings.isEmpty, "\(page.fileName): \(warnings)")
            let text = try groffText(groff, file)
            for spec in page.commands {
                #expect(text.contains("\(page.program) \(spec.name)".trimmingCharacters(in: .whitespaces)))
                for option in spec.options where option.name != "help" {
                    #expect(text.contains("--\(option.name)"), "\(page.fileName): --\(option.name) of \(spec.name)")
                }
            }
        }
    }

    /// The page as text, hyphens as typed (groff -Tascii, no hyphenation, overstriking removed).
    func groffText(_ groff: URL, _ file: URL) throws -> String {
        let process = Process()
        process.executableURL = groff
        process.arguments = ["-man", "-Tascii", "-P-cbou", "-rHY=0", "-rLL=400n", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(
        "the bash completion completes commands, subcommands, options and their values", .requires(.executable("bash")))
    func bashCompletion() throws {
        let bash = try #require(TestTools.executable(named: "bash"))
        let folder = try TemporaryDirectory()
        let script = try folder.write(
            Array(CLIRun.run(["completion", "bash"]).run.standardOutput.utf8), to: "trustctl.bash")
        let cases: [([String], [String])] = [
            (["trustctl", "sta"], ["status"]),
            (["trustctl", "status", "--c"], ["--config"]),
            (["trustctl", "verify", "--kind", ""], ["vical", "rical", "lote", "crl", "status-list"]),
            (["trustctl", "query", ""], ["reader", "issuer", "request", "device-request", "credential", "-h", "--help"]),
            (["trustctl", "query", "reader", "--ch"], ["--chain"]),
            (["trustctl", "--log-format", ""], ["text", "json"]),
            (["trustctl", "--log-format", "json", "conf"], ["config"]),
            (["trustctl", "config", "check", "--j"], ["--json"]),
            (["trustctl", "completion", ""], ["bash", "zsh"]),
            (["trustctl", "sign", "--kind", ""], ["vical", "rical"]),
        ]
        var lines = ["source \(script.path)"]
        for (words, _) in cases {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            lines.append(
                "COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMPREPLY=(); _trustctl; echo \"${COMPREPLY[*]}\""
            )
        }
        let test = try folder.write(Array(lines.joined(separator: "\n").utf8), to: "test.sh")
        let process = Process()
        process.executableURL = bash
        process.arguments = ["--norc", test.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let replies = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for (index, (words, expected)) in cases.enumerated() {
            #expect(index < replies.count && replies[index] == expected.joined(separator: " "), "\(words): \(replies)")
        }
        // Every option of every command is offered somewhere.
        let text = try String(contentsOf: script, encoding: .utf8)
        for spec in Self.specs {
            for option in spec.options { #expect(text.contains("--\(option.name)"), "\(spec.name) --\(option.name)") }
        }
    }

    @Test("the zsh completion is valid zsh and names every option", .requires(.executable("zsh")))
    func zshCompletion() throws {
        let zsh = try #require(TestTools.executable(named: "zsh"))
        let folder = try TemporaryDirectory()
        let text = CLIRun.run(["completion", "zsh"]).run.standardOutput
        let script = try folder.write(Array(text.utf8), to: "_trustctl")
        let (status, errors) = try TestTools.run(zsh, ["-n", script.path])
        #expect(status == 0, "\(errors)")
        #expect(text.hasPrefix("#compdef trustctl\n"))
        for spec in Self.specs {
            #expect(text.contains("'\(spec.name)')"), "\(spec.name)")
            for option in spec.options where option.name != "help" {
                #expect(text.contains("--\(option.name)["), "\(spec.name) --\(option.name)")
            }
        }
    }
}
