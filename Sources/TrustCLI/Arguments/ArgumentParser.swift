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

    /// `; did you mean '--x'?` for the known option closest to `name`, when one is close.
    private static func hint(for name: String, in spec: CommandSpec) -> String {
        let scored = spec.options.map { ($0.name, editDistance(name, $0.name)) }.min { $0.1 < $1.1 }
        guard let (closest, distance) = scored, distance <= max(2, name.count / 3) else { return "" }
        return "; did you mean '--\(closest)'?"
    }

    /// The Levenshtein distance between two words (insertions, deletions and substitutions of characters).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
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
