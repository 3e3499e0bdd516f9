import Testing

@testable import TrustCLI

@Suite("Argument parsing")
struct ArgumentTests {
    let spec = CommandSpec(
        name: "demo-cmd", overview: "x.", usage: "",
        options: [.value("kind", "k", "kind"), .value("root", "pem", "root", repeatable: true), .flag("json", "json")])

    @Test("--flag value and --flag=value both work; repeatable options collect; positionals stay in order")
    func forms() throws {
        let parsed = try ParsedArguments(
            ["a", "--kind", "vical", "--root=r1", "--root", "r2", "b", "--json"], spec: spec)
        #expect(parsed.value("kind") == "vical")
        #expect(parsed.values("root") == ["r1", "r2"])
        #expect(parsed.flag("json"))
        #expect(parsed.positionals == ["a", "b"])
    }

    @Test("-- ends the options")
    func doubleDash() throws {
        let parsed = try ParsedArguments(["--", "--kind"], spec: spec)
        #expect(parsed.positionals == ["--kind"])
        #expect(parsed.value("kind") == nil)
    }

    @Test("an unknown option is rejected with the closest known one as a hint")
    func unknownWithHint() {
        do {
            _ = try ParsedArguments(["--knd", "x"], spec: spec)
            Issue.record("accepted --knd")
        } catch {
            #expect(error.message == "unknown option '--knd'; did you mean '--kind'?")
        }
        do {
            _ = try ParsedArguments(["--zzzzzzzz"], spec: spec)
            Issue.record("accepted --zzzzzzzz")
        } catch {
            #expect(error.message == "unknown option '--zzzzzzzz'")
        }
    }

    @Test("a missing value, a value on a flag, and a repeated single option are usage errors")
    func errors() {
        #expect(throws: UsageError.self) { try ParsedArguments(["--kind"], spec: spec) }
        #expect(throws: UsageError.self) { try ParsedArguments(["--json=yes"], spec: spec) }
        #expect(throws: UsageError.self) { try ParsedArguments(["--kind", "a", "--kind", "b"], spec: spec) }
        #expect(throws: UsageError.self) { try ParsedArguments(["-k"], spec: spec) }
    }

    @Test("-h and --help are flags everywhere; help has OVERVIEW, USAGE and OPTIONS")
    func help() throws {
        #expect(try ParsedArguments(["-h"], spec: spec).flag("help"))
        let text = spec.help(program: "trustctl")
        #expect(text.contains("OVERVIEW: x."))
        #expect(text.contains("USAGE: trustctl demo-cmd"))
        #expect(text.contains("OPTIONS:"))
        #expect(text.contains("--root <pem>"))
        #expect(text.contains("(repeatable)"))
    }
}

@Suite("Human output")
struct HumanOutputTests {
    @Test("control characters from untrusted lists are escaped; newlines and tabs stay")
    func escapesControls() {
        #expect(CommandContext.printable("CN=Evil\u{1B}[31m\u{0}x") == "CN=Evil\\u{1B}[31m\\u{0}x")
        #expect(CommandContext.printable("a\n\tb") == "a\n\tb")
        #expect(CommandContext.printable("plain ✓") == "plain ✓")
        #expect(CommandContext.printable("\u{9B}") == "\\u{9B}")
    }

    @Test("a mistyped command is a usage error naming the closest command; a word near none gets no hint")
    func unknownCommandWithHint() {
        let (status, run) = CLIRun.run(["stauts"])
        #expect(status == 2)
        let expected = "Error: unknown command 'stauts'; did you mean 'status'?"
        #expect(run.standardError.contains(expected), "\(run.standardError)")
        let (other, otherRun) = CLIRun.run(["zzzzzzzz"])
        #expect(other == 2)
        #expect(otherRun.standardError.contains("Error: unknown command 'zzzzzzzz'\n"), "\(otherRun.standardError)")
    }
}
