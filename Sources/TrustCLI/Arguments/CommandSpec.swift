/// What a command accepts: its options and positional arguments, and the text of its `--help`.
public struct CommandSpec: Sendable {
    /// One `--option`.
    public struct Option: Sendable {
        /// The long name without dashes, kebab-case (`next-update`).
        public let name: String
        /// The placeholder of its value (`TIME`); nil for a flag that takes no value.
        public let valueName: String?
        /// One line of help.
        public let help: String
        /// Whether it may be given more than once.
        public let isRepeatable: Bool

        /// An option that takes a value.
        public static func value(
            _ name: String, _ valueName: String, _ help: String, repeatable: Bool = false
        ) -> Option {
            Option(name: name, valueName: valueName, help: help, isRepeatable: repeatable)
        }

        /// A flag without a value.
        public static func flag(_ name: String, _ help: String) -> Option {
            Option(name: name, valueName: nil, help: help, isRepeatable: false)
        }
    }

    /// The command's words after the program name (`query reader`); empty for a program without subcommands.
    public let name: String
    /// One paragraph for OVERVIEW.
    public let overview: String
    /// The USAGE line after the program and command name.
    public let usage: String
    /// The options, in help order.
    public let options: [Option]
    /// Placeholders of the positional arguments, with help (`FILE`, "the signed list").
    public let positionals: [(name: String, help: String)]
    /// Extra help paragraphs (exit codes, examples).
    public let discussion: String

    /// Creates a spec.
    public init(
        name: String, overview: String, usage: String, options: [Option],
        positionals: [(name: String, help: String)] = [], discussion: String = ""
    ) {
        self.name = name
        self.overview = overview
        self.usage = usage
        self.options = options + [.flag("help", "Show this help.")]
        self.positionals = positionals
        self.discussion = discussion
    }

    /// The overview's first sentence, for the command list of `trustctl --help`.
    public var summary: String {
        guard let end = overview.range(of: ". ") else { return overview }
        return String(overview[..<end.lowerBound]) + "."
    }

    /// The `--help` text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS and the discussion.
    public func help(program: String) -> String {
        // An empty name is a program without subcommands (trustlistd).
        let words = [program, name, usage].filter { !$0.isEmpty }.joined(separator: " ")
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(words)\n"
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n"
            for positional in positionals { text += Self.row("<\(positional.name)>", positional.help) }
        }
        text += "\nOPTIONS:\n"
        for option in options {
            var left = option.name == "help" ? "-h, --help" : "--\(option.name)"
            if let valueName = option.valueName { left += " <\(valueName)>" }
            text += Self.row(left, option.help + (option.isRepeatable ? " (repeatable)" : ""))
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded =
            left.count < 28
            ? left + String(repeating: " ", count: 28 - left.count) : left + "\n" + String(repeating: " ", count: 30)
        return "  \(padded)\(right)\n"
    }
}
