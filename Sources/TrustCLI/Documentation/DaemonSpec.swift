import TrustLists

/// The command line of `trustlistd` (its `--help`, its man page trustlistd(8), and what it parses): declared here,
/// beside `trustctl`'s commands, so that `trustctl manpage trustlistd` renders it from the same specification.
package enum DaemonSpec {
    /// The program's name.
    package static let program = "trustlistd"

    /// Options, usage and help of `trustlistd`.
    package static let spec = CommandSpec(
        name: "",
        overview: """
            Keeps the configured trust lists current: serves the last good lists at once, then refreshes each list \
            when it is due (with backoff after failures) and writes metrics after every refresh. With a "server" \
            object in the configuration, or sockets passed by systemd, it serves the HTTP API and the console, a \
            status page at / (docs/operations.md).
            """,
        usage:
            "[--config <file>] [--metrics-file <file>] [--export-dir <dir>] [--log-format <text|json>] [--check-config]",
        options: [
            .value(
                "config", "file",
                "Configuration file (default: $\(Configuration.environmentVariable), else \(Configuration.defaultPath))."
            ),
            .value(
                "metrics-file", "file",
                "Also write the Prometheus metrics here (mode 0644), e.g. in node_exporter's textfile directory."),
            .value(
                "export-dir", "dir",
                "Keep a static export (snapshot and signed lists, content-addressed, current.json) here for nginx or "
                    + "a CDN; written at start and after every refresh (see trustctl export --help)."),
            .value(
                "log-format", "text|json",
                "text (the default: journald priority prefixes, key=value fields) or json (one object per line); "
                    + "replaces the configuration's log.format."),
            .flag(
                "check-config",
                "Check the configuration as 'trustctl config check' does (the files it names included), print the "
                    + "configuration in effect, and exit: 0 valid, 3 invalid. The units run it before a start and a "
                    + "reload."),
            .flag("version", "Show the version."),
        ],
        discussion: """
            SIGHUP reloads the configuration and refreshes every list (the HTTP listeners stay; a changed "server"
            object takes effect at the next start); SIGTERM or SIGINT stops within a few seconds, letting HTTP
            requests in flight finish for up to 5 seconds.
            Logs go to stderr, one line per event: with log.format text (the default) with journald priority prefixes
            (<3> error, <4> warning, <6> info), with json one object per line (time, level, event, the fields);
            log.level leaves out less severe lines, log.access adds one line per HTTP request. Every admin action
            (refresh now, reload) logs one "admin action" line with its outcome and the client's address.
            Metrics are written to metrics.prom in the cache directory. See docs/operations.md.

            EXIT STATUS: 0 stopped by a signal (--check-config: valid), 1 cannot start (configuration, the HTTP API
            cannot listen, or the admin token file of server.admin is unusable), 2 usage error, 3 --check-config:
            invalid.
            """)
}
