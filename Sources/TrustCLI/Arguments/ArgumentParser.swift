import TrustLists

/// Command-line arguments after parsing against a ``CommandSpec``: `--name value`, `--name=value`, flags, and
/// positional arguments; `--` ends the options.
public struct ParsedArguments: Sendable {
    /// Positional arguments, in order.
    public private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` (without the program and command names).
    /// - Throws: ``UsageError`` for an unknown option (with the closest known one as a hint), a missing value, or a
    ///   repeated option that may appear once.
    public init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option '\(argument)'; options are long, e.g. --\(spec.options[0].name)")
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'" + Self.hint(for: name, in: spec))
            }
            guard let valueName = option.valueName else {
                guard inlineValue == nil else { throw UsageError("'--\(name)' takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("'--\(name)' needs a value <\(valueName)>") }
                value = arguments[index]
                index += 1
            }
            if values[name] != nil, !option.isRepeatable {
                throw UsageError("'--\(name)' may be given only once")
            }
            values[name, default: []].append(value)
        }
    }

    /// Whether a flag was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of an option given once; nil when absent.
    public func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of a repeatable option, in order.
    public func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of a required option.
    /// - Throws: ``UsageError`` naming the option when it is absent.
    public func required(_ name: String) throws(UsageError) -> String {
        guard let value = value(name) else { throw UsageError("missing required option '--\(name)'") }
        return value
    }

    /// `; did you mean '--x'?` for the known option closest to `name`, when one is close (``Spelling``).
    private static func hint(for name: String, in spec: CommandSpec) -> String {
        Spelling.closest(to: name, among: spec.options.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
    }
}

/// A command line that does not fit the command: printed as `Error: …`, then the usage line and a pointer to
/// `--help`.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for a person.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
