import TrustLists

/// The `--config` option and its resolution (`--config`, else `$TRUSTLISTS_CONFIG`, else `config/trustlists.json`).
enum ConfigOption {
    /// The option, for command specs.
    static let option = CommandSpec.Option.value(
        "config", "file", "Configuration file (default: $TRUSTLISTS_CONFIG, else \(Configuration.defaultPath)).")

    /// Loads the configuration the arguments name.
    /// - Throws: ``ConfigurationError``, which commands print with its JSON path.
    static func load(_ arguments: ParsedArguments, context: CommandContext) throws(ConfigurationError) -> Configuration
    {
        try Configuration.load(path: arguments.value("config"), environment: context.environment)
    }
}

/// What `status` and `refresh` (the monitoring-plugin style commands) share before their work.
enum MonitoringCommand {
    /// The configuration; nil after printing `UNKNOWN: …` when it cannot be used (the command exits 3).
    /// - Throws: ``UsageError`` for positional arguments, which these commands do not take.
    static func configuration(_ arguments: ParsedArguments, context: CommandContext) throws -> Configuration? {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        do {
            return try ConfigOption.load(arguments, context: context)
        } catch {
            context.printError("UNKNOWN: \(error.code): \(error)")
            return nil
        }
    }
}
