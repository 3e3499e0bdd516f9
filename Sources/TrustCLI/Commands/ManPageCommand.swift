/// `trustctl manpage trustctl|trustlistd`: prints a man page, rendered from the command specifications `--help`
/// prints (``ManualPage``).
enum ManPageCommand: Command {
    static let spec = CommandSpec(
        name: "manpage",
        overview:
            "Print the man page trustctl(1) or trustlistd(8) (roff), made from the same specifications as --help.",
        usage: "<trustctl|trustlistd>",
        options: [],
        positionals: [("trustctl|trustlistd", "Which page: trustctl (section 1) or trustlistd (section 8).")],
        discussion: """
            Read it with: trustctl manpage trustlistd | man -l -
            The Debian package installs both pages; scripts/build-deb.sh makes them with this command.

            EXIT STATUS: 0 printed, 2 usage error.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1, let page = ManualPage.named(arguments.positionals[0]) else {
            throw UsageError("name one page: trustctl or trustlistd")
        }
        context.standardOutput(page.render())
        return 0
    }
}
