import Foundation
import JOSE
internal import JSONText
import TrustLists

/// `trustctl config check [--config FILE] [--json]` (and `trustlistd --check-config`): reads the configuration whole,
/// checks the files it names, and prints the effective configuration.
enum ConfigCheckCommand: Command {
    static let spec = CommandSpec(
        name: "config check",
        overview: """
            Check a configuration file before a start or a reload: read it whole, check every file it names, and \
            print the configuration in effect, defaults filled in.
            """,
        usage: "[--config <file>] [--json]",
        options: [
            ConfigOption.option,
            .flag("json", "Print JSON: valid, file, problems [{path, reason, message}], configuration."),
        ],
        discussion: """
            The file is read with the strict JSON reader of signed lists: a key given twice anywhere, a trailing comma
            or anything else outside RFC 8259 refuses the whole file (networks[0].root.sha256: given twice). An
            unknown key names the closest allowed one (refreshIntervalSecond: unknown key; did you mean
            refreshIntervalSeconds?). Every URL's scheme is checked against allowInsecureURLs. Then, as the user running
            the check: cacheDirectory is a folder this user can write (or make), http.caFile, every root.file and
            bootstrap file is a readable regular file, and server.admin.tokenFile is owned by this user with no
            permission for group or others (as trustlistd requires at its start).

            The configuration in effect is printed as key = value lines (--json: an object with the file's own keys,
            itself a configuration that loads to the same settings), relative paths resolved. Run it before a reload;
            the systemd units run trustlistd --check-config as ExecStartPre= and before ExecReload=.

            EXIT STATUS: 0 valid, 3 invalid (reason config_invalid, each problem with its JSON path), 2 usage error.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        return ConfigurationCheck.run(path: arguments.value("config"), json: arguments.flag("json"), context: context)
    }
}

/// The check of `trustctl config check` and `trustlistd --check-config`: the result and how it is printed.
package struct ConfigurationCheck: Encodable, Sendable {
    /// One thing wrong, at its JSON path.
    struct Problem: Encodable, Sendable {
        let path: String
        let reason: String
        let message: String
    }

    /// Whether the configuration can be used.
    let valid: Bool
    /// The file read.
    let file: String
    /// What is wrong; empty when valid.
    let problems: [Problem]
    /// The configuration in effect; nil when the file could not be read as a configuration.
    let configuration: EffectiveConfiguration?

    private enum CodingKeys: String, CodingKey {
        case valid, file, problems, configuration
    }

    /// Encodes every member, `configuration` as null when the file could not be read as one.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(valid, forKey: .valid)
        try container.encode(file, forKey: .file)
        try container.encode(problems, forKey: .problems)
        try container.encode(configuration, forKey: .configuration)
    }

    /// The exit status for a check: 0 valid, 3 invalid.
    static let invalidExitStatus: Int32 = 3

    /// Reads and checks the configuration `path` names (else `$TRUSTLISTS_CONFIG`, else the default path).
    package init(path: String?, environment: [String: String]) {
        let chosen =
            path ?? environment[Configuration.environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            ?? Configuration.defaultPath
        file = URL(fileURLWithPath: chosen).standardizedFileURL.path
        let errors: [ConfigurationError]
        do {
            let configuration = try Configuration.load(path: path, environment: environment)
            self.configuration = EffectiveConfiguration(configuration)
            errors = configuration.checkFiles()
        } catch {
            configuration = nil
            errors = [error]
        }
        problems = errors.map { Problem(path: $0.path, reason: $0.code.rawValue, message: $0.message) }
        valid = problems.isEmpty
    }

    /// Checks and prints: text (a verdict line, the problems, then the configuration as `key = value` lines) or JSON.
    /// - Returns: 0 valid, 3 invalid.
    package static func run(path: String?, json: Bool, context: CommandContext) -> Int32 {
        let check = ConfigurationCheck(path: path, environment: context.environment)
        if json {
            context.standardOutput(check.json())
        } else {
            context.print(check.text())
        }
        return check.valid ? 0 : invalidExitStatus
    }

    /// The JSON form: sorted keys, pretty-printed, ending in a newline.
    func json() -> String {
        guard let bytes = try? Self.encoder.encode(self) else { return "{}\n" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The project's one JSON writer, leaving absent settings out as a configuration file does (so that the
    /// printed configuration loads to the same settings).
    private static let encoder = PrettyJSONEncoder(nilMembers: .omitted)

    /// The text form.
    func text() -> String {
        var lines = ["configuration \(file): \(valid ? "valid" : "invalid (config_invalid)")"]
        for problem in problems {
            lines.append("  \(problem.path.isEmpty ? "" : problem.path + ": ")\(problem.message)")
        }
        if let configuration {
            lines.append("")
            lines.append("in effect (defaults filled in, paths resolved):")
            lines += Self.flattened(configuration).map { "  \($0.key) = \($0.value)" }
        }
        return lines.joined(separator: "\n")
    }

    /// Every value of `value`'s JSON as `key.path = value`, keys sorted; strings quoted as JSON writes them.
    static func flattened(_ value: some Encodable) -> [(key: String, value: String)] {
        guard let data = try? encoder.encode(value), let tree = try? JSONValue(jsonEncoded: data) else {
            return []
        }
        var lines: [(key: String, value: String)] = []
        func walk(_ node: JSONValue, _ path: String) {
            switch node {
            case .object(let members):
                if members.isEmpty { lines.append((path, "{}")) }
                for name in members.keys.sorted() {
                    walk(members[name]!, path.isEmpty ? name : "\(path).\(name)")
                }
            case .array(let elements):
                if elements.isEmpty { lines.append((path, "[]")) }
                for (index, element) in elements.enumerated() { walk(element, "\(path)[\(index)]") }
            case .string(let text): lines.append((path, JSONString.quoted(text)))
            case .number(let number):
                lines.append(
                    (path, number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)))
            case .bool(let flag): lines.append((path, flag ? "true" : "false"))
            case .null: lines.append((path, "null"))
            }
        }
        walk(tree, "")
        return lines
    }

}
