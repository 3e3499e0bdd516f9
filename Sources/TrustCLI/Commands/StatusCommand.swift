import Foundation
import TrustLists
import TrustListsService

/// `trustctl status [--config FILE] [--at TIME] [--json]`.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        overview:
            "Show each list's state (fresh, overdue, expired, no_trust), version, source and last error, and the CRLs.",
        usage: "[--config <file>] [--at <time>] [--json]",
        options: [
            ConfigOption.option,
            .value("at", "time", "Evaluate states at this RFC 3339 time instead of now."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        discussion: """
            Verifies the lists cached by the last refresh again (a file in the cache is evidence, never authority) and
            reports from them and their records; fetches nothing and writes nothing.

            The first line names each list that is not well and why, e.g. WARNING: demo/vical kept last good
            (rollback), 2 fresh at <time>. A refresh (trustctl refresh or trustlistd) that could not store its
            results leaves that failure in the cache's lock file; status reports it (WARNING) until a refresh stores.
            Below the lists, the CRLs of the CAs the lists name, one row per CA: state fresh (a verified CRL before its
            nextUpdate), stale (past it, within revocation.graceSeconds), expired (past the grace), missing (the CA
            has a CRL source but no CRL of it was verified; the last error says why) or none (the CA names no usable
            CRL source).

            EXIT STATUS (monitoring-plugin convention): 0 OK, 1 WARNING (a list is overdue, or its last refresh
            failed while its last good version is still trusted, or the last refresh could not store its results;
            in revocation mode require, a CRL is stale), 2 CRITICAL (a list is expired or has no trust; in
            revocation mode require, a CRL is expired or missing), 3 UNKNOWN (configuration or usage error, or a
            cache directory this user cannot read). In revocation mode warn (the default) CRL states never change
            the exit status.

            Below the CRLs, the status lists of the store (draft-ietf-oauth-status-list), one row per URI as
            GET /v1/status has them: URI, issuer (the signer's subject), format, bits, count, iat, exp, state (fresh,
            expired, missing: none stored or usable) and last error. Status list states never change the exit
            status.
            """)

    static var usageExitCode: Int32 { 3 }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        guard
            let service = ServiceLoading.loaded(
                arguments, context: context, at: time, prefix: MonitoringStatus.unknown.word)
        else { return MonitoringStatus.unknown.exitStatus }
        let report = service.status(at: time)
        if arguments.flag("json") {
            context.standardOutput(
                try WireJSON.render(
                    WireStatus(
                        report, snapshot: service.snapshot, configuration: service.configuration,
                        statusLists: service.statusLists.snapshot)))
        } else {
            let statusLists = statusListText(service.statusLists.snapshot, at: time)
            context.print(([text(report)] + statusLists + [snapshotText(service.snapshot)]).joined(separator: "\n"))
        }
        return report.exitStatus
    }

    static func text(_ report: StatusReport) -> String {
        var lines = ["\(report.headline) at \(Timestamp.text(report.time))", ""]
        var rows = [
            [
                "LIST", "STATE", "PROVIDER", "ISSUE", "DATE", "NEXT UPDATE", "ENTRIES", "SOURCE", "LAST SUCCESS",
                "LAST ERROR",
            ]
        ]
        for list in report.lists {
            let current = list.current
            rows.append([
                list.id.description, list.state.rawValue, current?.provider ?? "-",
                current?.issueID.map(String.init) ?? "-", current.map { Timestamp.column($0.date) } ?? "-",
                current?.nextUpdate.map(Timestamp.column) ?? "-", current.map { String($0.entries) } ?? "-",
                list.origin?.rawValue ?? "-", list.lastSuccess.map(Timestamp.column) ?? "never",
                list.lastError.map {
                    "\($0.reason) (\($0.count) failure\($0.count == 1 ? "" : "s") since \(Timestamp.text($0.first)))"
                } ?? "-",
            ])
        }
        lines.append(TextTable.columns(rows))
        for list in report.lists {
            if let reason = list.stateReason { lines.append("\(list.id): \(list.state.rawValue): \(reason)") }
            if let error = list.lastError {
                lines.append(
                    "\(list.id): last error \(error.reason): \(error.message) (\(error.count) failure\(error.count == 1 ? "" : "s") in a row, any reason, since \(Timestamp.text(error.first)))"
                )
            }
        }
        if let failure = report.persistFailure {
            lines.append(
                "cache: the results of the last refresh were not stored: \(failure.reason): \(failure.message) "
                    + "(\(failure.count) failure\(failure.count == 1 ? "" : "s") in a row since "
                    + "\(Timestamp.text(failure.first)); the lists above are what this process verified from the cache)"
            )
        }
        lines += crlText(report)
        lines += report.events.map { "note: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// The CRLs of the listed CAs, by network: one row per CA with a CRL source, then its last error.
    static func crlText(_ report: StatusReport) -> [String] {
        guard !report.crls.isEmpty else { return [] }
        var rows = [["NETWORK", "CA", "MODE", "STATE", "CRL NUMBER", "NEXT UPDATE", "REVOKED", "SOURCE", "LAST ERROR"]]
        for crl in report.crls {
            rows.append([
                crl.slot.network, "\(crl.issuer) [\(crl.slot.issuerSHA256.prefix(12))]", crl.mode.rawValue,
                crl.state.rawValue, crl.current?.crlNumber ?? "-",
                crl.current.map { Timestamp.column($0.nextUpdate) } ?? "-",
                crl.current.map { String($0.revoked) } ?? "-", crl.origin?.rawValue ?? "-",
                crl.lastError.map { "\($0.reason) (\($0.count) since \(Timestamp.text($0.first)))" } ?? "-",
            ])
        }
        var lines = ["", "CRLs:", TextTable.columns(rows)]
        for crl in report.crls {
            if let error = crl.lastError {
                lines.append("crl \(crl.slot.network)/\(crl.issuer): last error \(error.reason): \(error.message)")
            }
        }
        return lines
    }
}

extension StatusCommand {
    /// `snapshot: generation 3 built …: 12 issuers, 4 verifiers`, then `, 5 LoTE services (4 listed)` when LoTEs are
    /// configured.
    static func snapshotText(_ snapshot: Snapshot) -> String {
        let services =
            snapshot.services.isEmpty
            ? "" : ", \(snapshot.services.count) LoTE services (\(snapshot.services.filter(\.listed).count) listed)"
        return "snapshot: generation \(snapshot.generation) built \(Timestamp.text(snapshot.builtAt)): "
            + "\(snapshot.issuers.count) issuers, \(snapshot.verifiers.count) verifiers" + services
    }
}
