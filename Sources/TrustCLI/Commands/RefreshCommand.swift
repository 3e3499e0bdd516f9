import Foundation
import TrustLists
import TrustListsService

/// `trustctl refresh [--config FILE] [--list ID]... [--offline] [--at TIME] [--json]`.
enum RefreshCommand: Command {
    static let spec = CommandSpec(
        name: "refresh",
        overview: "Fetch, verify and store every configured list (or those named); the last good list is always kept.",
        usage: "[--config <file>] [--list <network/name>]... [--offline] [--at <time>] [--json]",
        options: [
            ConfigOption.option,
            .value("list", "network/name", "Refresh only this list, e.g. aamva/vical or eu/pid.", repeatable: true),
            .flag("offline", "Fetch nothing: use the cache and bootstrap files only."),
            .value("at", "time", "Verify at this RFC 3339 time instead of now, as a dry run: nothing is stored."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        discussion: """
            Waits up to 300 s for another refresh (trustlistd) holding the cache directory's lock. The first line
            names each list that is not well and why, e.g. WARNING: demo/vical kept last good (rollback), 2 fresh.
            After storing, what a fresh process would load is read back (names, SHA-256, regular files); a file
            that does not read back is written once more, else the run is a WARNING (persist_error).

            One line per prefetched status list (statusLists.prefetch) follows the lists: its outcome, state
            (fresh, expired, missing) and its network's statusLists.mode. A status list counts for the exit status
            only in mode require (missing or expired CRITICAL, kept last good WARNING); in warn and off it is shown
            only.

            EXIT STATUS (monitoring-plugin convention): 0 OK, 1 WARNING (a list is overdue or failed to refresh
            and kept its last good version, or the results could not be stored: persist_error), 2 CRITICAL (a list
            is expired or has no trust), 3 UNKNOWN (configuration or usage error, a cache directory that cannot be
            read, or the lock not obtained: cache_locked when another refresh held it too long, persist_error when
            the lock file cannot be opened).
            """)

    static var usageExitCode: Int32 { 3 }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        guard let configuration = try MonitoringCommand.configuration(arguments, context: context) else { return 3 }
        var only: Set<ListID>?
        for text in arguments.values("list") {
            let id = try ArgumentValues.listID(text)
            guard configuration.list(id) != nil else {
                throw UsageError(
                    "--list \(id): not configured; configured: \(configuration.lists.map(\.id.description).joined(separator: ", "))"
                )
            }
            only = (only ?? []).union([id])
        }
        // A time other than now must not be left in the cache (lastSuccess in 2030, lists quarantined as "not yet
        // valid"): --at verifies and reports, and stores nothing.
        let dryRun = arguments.value("at") != nil
        let service = TrustService(configuration: configuration, readOnly: dryRun, memoCapacity: 0)
        let report: RefreshReport
        do {
            report = try service.refresh(
                only: only, offline: arguments.flag("offline"), at: time,
                waiting: { context.printError("waiting for the cache lock: another refresh (trustlistd?) holds it") })
        } catch {
            context.printError("\(MonitoringStatus.unknown.word): \(error)")
            return MonitoringStatus.unknown.exitStatus
        }
        if arguments.flag("json") {
            var wire = WireRefreshReport(report)
            wire.dryRun = dryRun
            context.standardOutput(try WireJSON.render(wire))
        } else {
            if dryRun { context.print("dry run at \(Timestamp.text(time)) (--at): verified, nothing stored") }
            context.print(text(report))
        }
        return report.exitStatus
    }

    static func text(_ report: RefreshReport) -> String {
        var lines = ["\(report.headline) at \(Timestamp.text(report.time))"]
        for result in report.results {
            let issue = { (summary: ListSummary?) in
                summary.map { $0.issueID.map { "issue \($0)" } ?? Timestamp.text($0.date) } ?? "none"
            }
            var line = "\(result.id)  "
            switch result.outcome {
            case .updated:
                line +=
                    "updated: \(issue(result.current)) (was \(issue(result.previous))), entries \(result.current?.entries ?? 0)"
            default:
                line += result.outcome.message
            }
            line += "; state \(result.state.rawValue)" + (result.stateReason.map { " (\($0))" } ?? "")
            lines.append(line)
            if let diff = result.diff, !diff.isEmpty {
                let shown = diff.summary()
                lines += shown.added.map { "    + \($0)" }
                if shown.moreAdded > 0 { lines.append("    + and \(CountText.grouped(shown.moreAdded)) more") }
                lines += shown.removed.map { "    - \($0)" }
                if shown.moreRemoved > 0 { lines.append("    - and \(CountText.grouped(shown.moreRemoved)) more") }
            }
            lines += result.notes.map { "    note: \($0)" }
        }
        for list in report.statusLists {
            var line = "status list \(list.id.network) \(list.uri)  "
            if case .updated = list.outcome, let current = list.current {
                line += "updated: iat \(Timestamp.text(current.issuedAt)), \(current.bits) bits, "
                    + CountText.of(current.count, "entry", "entries")
            } else {
                line += list.outcome.message
            }
            line += "; state \(list.state.rawValue)"
                + (list.state == .expired ? list.current?.expires.map { " (exp \(Timestamp.text($0)))" } ?? "" : "")
                + ", mode \(list.mode.rawValue)"
            lines.append(line)
        }
        lines += report.events.map { "note: \($0)" }
        if let error = report.persistError { lines.append("error: the results were not stored: \(error)") }
        return lines.joined(separator: "\n")
    }
}
