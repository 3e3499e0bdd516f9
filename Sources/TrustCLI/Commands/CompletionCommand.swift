/// `trustctl completion bash|zsh`: prints the shell completion script, made from the command specifications `--help`
/// prints (``ShellCompletion``).
enum CompletionCommand: Command {
    static let spec = CommandSpec(
        name: "completion",
        overview: "Print the bash or zsh completion script for trustctl, made from the same specifications as --help.",
        usage: "<bash|zsh>",
        options: [],
        positionals: [("bash|zsh", "The shell.")],
        discussion: """
            Commands, subcommands and options complete; a value completes as a file where it is one, and from its
            choices where it has them (--kind, --log-format). Load it for the current shell:
              source <(trustctl completion bash)
            or install it (the Debian package does): trustctl completion bash > /usr/share/bash-completion/completions/trustctl
            and trustctl completion zsh > /usr/share/zsh/vendor-completions/_trustctl.

            EXIT STATUS: 0 printed, 2 usage error.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("name one shell: bash or zsh") }
        let completion = ShellCompletion(
            commands: Trustctl.commands.map { $0.spec }, globalOptions: Trustctl.globalOptions)
        switch arguments.positionals[0] {
        case "bash": context.standardOutput(completion.bash())
        case "zsh": context.standardOutput(completion.zsh())
        default: throw UsageError("'\(arguments.positionals[0])' is not a shell this writes for: bash or zsh")
        }
        return 0
    }
}
