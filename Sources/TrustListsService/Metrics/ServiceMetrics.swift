import Foundation
import TrustLists

/// The service's metrics in Prometheus text format, for node_exporter's textfile collector (`metrics.prom` in the
/// cache directory). Every name starts with `trustlists_`; per-list series carry `list="<network>/<name>"`.
/// `docs/operations.md` lists them; in short:
///
/// | name | type | labels | value |
/// |---|---|---|---|
/// | `trustlists_build_info` | gauge | `version` | 1 |
/// | `trustlists_metrics_timestamp_seconds` | gauge | | when the figures were taken (Unix time) |
/// | `trustlists_list_state` | gauge | `list`, `state` | 1 for the list's state, 0 for the other three |
/// | `trustlists_list_issue_id` | gauge | `list` | issue id of the version in use |
/// | `trustlists_list_entries` | gauge | `list` | usable entries of the version in use |
/// | `trustlists_list_date_timestamp_seconds` | gauge | `list` | its `date` |
/// | `trustlists_list_next_update_timestamp_seconds` | gauge | `list` | its `nextUpdate` |
/// | `trustlists_list_next_update_in_seconds` | gauge | `list` | seconds until `nextUpdate` (negative: past) |
/// | `trustlists_list_not_after_timestamp_seconds` | gauge | `list` | its `notAfter` |
/// | `trustlists_list_signer_not_after_timestamp_seconds` | gauge | `list` | earliest notAfter of its signer chain |
/// | `trustlists_list_signer_not_after_in_seconds` | gauge | `list` | seconds until then |
/// | `trustlists_list_last_success_timestamp_seconds` | gauge | `list` | last successful refresh |
/// | `trustlists_list_last_attempt_timestamp_seconds` | gauge | `list` | last refresh attempt |
/// | `trustlists_list_consecutive_failures` | gauge | `list` | failed attempts since the last success |
/// | `trustlists_list_verification_duration_seconds` | gauge | `list` | last verification of downloaded bytes |
/// | `trustlists_refresh_attempts_total` | counter | `list` | refresh attempts by this process |
/// | `trustlists_refresh_failures_total` | counter | `list`, `reason` | failed attempts, by reason code |
/// | `trustlists_list_updates_total` | counter | `list` | new versions committed by this process |
/// | `trustlists_refresh_runs_total` | counter | | refresh runs by this process |
/// | `trustlists_refresh_run_duration_seconds` | gauge | | the last run's wall time, lock wait included |
/// | `trustlists_cache_load_duration_seconds` | gauge | | loading and verifying the cache at start |
/// | `trustlists_cache_persist_failures` | gauge | | runs in a row that could not store their results (0: stored) |
/// | `trustlists_crl_state` | gauge | `network`, `issuer_sha256`, `state` | 1 for the CA's CRL state, 0 for others |
/// | `trustlists_crl_next_update_timestamp_seconds` | gauge | `network`, `issuer_sha256` | the CRL's nextUpdate |
/// | `trustlists_crl_revoked_certificates` | gauge | `network`, `issuer_sha256` | certificates the CRL lists |
/// | `trustlists_crl_refreshes_total` | counter | `network`, `outcome`, `reason` | CRL refreshes by this process |
/// | `trustlists_status_list_state` | gauge | `uri`, `state` | 1 for a kept status list's state, 0 for the others |
/// | `trustlists_status_list_fetches_total` | counter | `uri`, `outcome` | status list fetches by this process, by outcome |
///
/// Series of a version (issue id, dates, entries, signer) are absent while a list has none, as are timestamps
/// of events that have not happened.
public enum ServiceMetrics {
    /// The metric families for a status and the caller's counters.
    /// - Parameters:
    ///   - status: every configured list's state at the time of the figures (from `state.json`).
    ///   - counters: the refresh counters kept by the caller.
    ///   - cacheLoadSeconds: seconds the start-up load of the cache took; nil to leave the series out.
    ///   - statusLists: the status lists the process keeps (``ServiceStatusLists/snapshot``), by URI.
    ///   - statusListFetches: the process's status list fetches (``StatusListFetchCounters/snapshot``): by URI, the
    ///     count of each outcome (`fetched`, `not_modified`, or the failure's reason code).
    /// - Returns: the families, in the order of the table above.
    public static func families(
        status: StatusReport, counters: RefreshCounters, cacheLoadSeconds: TimeInterval?,
        statusLists: [String: ServiceStatusLists.Entry] = [:], statusListFetches: [String: [String: Int]] = [:]
    ) -> [PrometheusText.Family] {
        let time = status.time
        func perList(_ value: (ListStatus) -> Double?) -> [PrometheusText.Sample] {
            status.lists.compactMap { list in
                value(list).map { PrometheusText.Sample([.init("list", list.id.description)], $0) }
            }
        }
        func seconds(_ date: Date?) -> Double? { date.map(\.timeIntervalSince1970) }

        var families: [PrometheusText.Family] = [
            .init(
                "trustlists_build_info", help: "The trust-list service's version.", type: .gauge,
                samples: [.init([.init("version", ServiceIdentity.version)], 1)]),
            .init(
                "trustlists_metrics_timestamp_seconds",
                help: "When these figures were taken (Unix time, seconds).", type: .gauge,
                samples: [.init([], time.timeIntervalSince1970)]),
            .init(
                "trustlists_list_state",
                help:
                    "The list's state: 1 for the state it is in (fresh, overdue, expired, no_trust), 0 for the others.",
                type: .gauge,
                samples: status.lists.flatMap { list in
                    ListState.listStates.map { state in
                        PrometheusText.Sample(
                            [.init("list", list.id.description), .init("state", state.rawValue)],
                            list.state == state ? 1 : 0)
                    }
                }),
            .init(
                "trustlists_list_issue_id", help: "Issue id of the list version in use (vicalIssueID or id).",
                type: .gauge, samples: perList { $0.current?.issueID.map { Double($0) } }),
            .init(
                "trustlists_list_entries", help: "Usable entries (certificates) of the list version in use.",
                type: .gauge, samples: perList { $0.current.map { Double($0.entries) } }),
            .init(
                "trustlists_list_date_timestamp_seconds", help: "The date of the list version in use (Unix time).",
                type: .gauge, samples: perList { seconds($0.current?.date) }),
            .init(
                "trustlists_list_next_update_timestamp_seconds",
                help: "The nextUpdate of the list version in use (Unix time).", type: .gauge,
                samples: perList { seconds($0.current?.nextUpdate) }),
            .init(
                "trustlists_list_next_update_in_seconds",
                help: "Seconds from these figures until the nextUpdate of the list version in use; negative once past.",
                type: .gauge, samples: perList { $0.current?.nextUpdate.map { $0.timeIntervalSince(time) } }),
            .init(
                "trustlists_list_not_after_timestamp_seconds",
                help: "The notAfter of the list version in use (Unix time).", type: .gauge,
                samples: perList { seconds($0.current?.notAfter) }),
            .init(
                "trustlists_list_signer_not_after_timestamp_seconds",
                help: "The earliest notAfter of the list signer's chain (Unix time); after it the list is not trusted.",
                type: .gauge, samples: perList { seconds($0.current?.signerNotAfter) }),
            .init(
                "trustlists_list_signer_not_after_in_seconds",
                help: "Seconds from these figures until the earliest notAfter of the list signer's chain.",
                type: .gauge, samples: perList { $0.current.map { $0.signerNotAfter.timeIntervalSince(time) } }),
            .init(
                "trustlists_list_last_success_timestamp_seconds",
                help: "The last successful refresh: a new version, or the current one confirmed (Unix time).",
                type: .gauge, samples: perList { seconds($0.lastSuccess) }),
            .init(
                "trustlists_list_last_attempt_timestamp_seconds", help: "The last refresh attempt (Unix time).",
                type: .gauge, samples: perList { seconds($0.lastAttempt) }),
            .init(
                "trustlists_list_consecutive_failures", help: "Failed refresh attempts since the last success.",
                type: .gauge, samples: perList { Double($0.lastError?.count ?? 0) }),
            .init(
                "trustlists_list_verification_duration_seconds",
                help: "Seconds the last verification of downloaded list bytes took in this process.", type: .gauge,
                samples: perList { counters.lastVerificationSeconds[$0.id] }),
            .init(
                "trustlists_refresh_attempts_total", help: "Refresh attempts by this process.", type: .counter,
                samples: perList { Double(counters.attempts[$0.id] ?? 0) }),
            .init(
                "trustlists_refresh_failures_total",
                help: "Failed refresh attempts by this process, by reason code.", type: .counter,
                samples: status.lists.flatMap { list in
                    (counters.failures[list.id] ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }.map {
                        PrometheusText.Sample(
                            [.init("list", list.id.description), .init("reason", $0.key.rawValue)], Double($0.value))
                    }
                }),
            .init(
                "trustlists_list_updates_total", help: "New list versions committed by this process.",
                type: .counter, samples: perList { Double(counters.updates[$0.id] ?? 0) }),
            .init(
                "trustlists_refresh_runs_total", help: "Refresh runs by this process.", type: .counter,
                samples: [.init([], Double(counters.runs))]),
        ]
        families += crlFamilies(status: status, counters: counters)
        let rows = WireStatusListRow.rows(statusLists, at: time)
        families.append(
            .init(
                "trustlists_status_list_state",
                help: "1 for the state of a status list this process keeps (fresh, expired, missing).",
                type: .gauge,
                samples: rows.flatMap { row in
                    WireStatusListRow.states.map { state in
                        PrometheusText.Sample(
                            [.init("uri", row.uri), .init("state", state)], row.state == state ? 1 : 0)
                    }
                }))
        families.append(
            .init(
                "trustlists_status_list_fetches_total",
                help: "Status list fetches by this process, by URI and outcome (fetched, not_modified, or the reason).",
                type: .counter,
                samples: statusListFetches.keys.sorted().flatMap { uri in
                    (statusListFetches[uri] ?? [:]).sorted { $0.key < $1.key }.map {
                        PrometheusText.Sample([.init("uri", uri), .init("outcome", $0.key)], Double($0.value))
                    }
                }))
        if let last = counters.lastRunSeconds {
            families.append(
                .init(
                    "trustlists_refresh_run_duration_seconds",
                    help: "Wall time of the last refresh run, lock wait included.", type: .gauge,
                    samples: [.init([], last)]))
        }
        if let cacheLoadSeconds {
            families.append(
                .init(
                    "trustlists_cache_load_duration_seconds",
                    help: "Seconds loading and verifying the cached lists took at start.", type: .gauge,
                    samples: [.init([], cacheLoadSeconds)]))
        }
        families.append(
            .init(
                "trustlists_cache_persist_failures",
                help: "Runs in a row whose results could not be stored or read back (0 when the last run stored them).",
                type: .gauge, samples: [.init([], Double(status.persistFailure?.count ?? 0))]))
        return families
    }

    /// The CRL families: declared even without samples (no CA with a CRL source yet).
    static func crlFamilies(status: StatusReport, counters: RefreshCounters) -> [PrometheusText.Family] {
        func labels(_ crl: CRLStatus) -> [PrometheusText.Label] {
            [.init("network", crl.slot.network), .init("issuer_sha256", crl.slot.issuerSHA256)]
        }
        return [
            .init(
                "trustlists_crl_state",
                help:
                    "The CRL state of a listed CA: 1 for its state (fresh, stale, expired, missing), 0 for the others.",
                type: .gauge,
                samples: status.crls.flatMap { crl in
                    CRLState.crlStates.filter { $0 != .none }.map { state in
                        PrometheusText.Sample(
                            labels(crl) + [.init("state", state.rawValue)], crl.state == state ? 1 : 0)
                    }
                }),
            .init(
                "trustlists_crl_next_update_timestamp_seconds",
                help: "The nextUpdate of the listed CA's CRL in use (Unix time).", type: .gauge,
                samples: status.crls.compactMap { crl in
                    crl.current.map { PrometheusText.Sample(labels(crl), $0.nextUpdate.timeIntervalSince1970) }
                }),
            .init(
                "trustlists_crl_revoked_certificates",
                help: "Certificates the listed CA's CRL in use lists as revoked.",
                type: .gauge,
                samples: status.crls.compactMap { crl in
                    crl.current.map { PrometheusText.Sample(labels(crl), Double($0.revoked)) }
                }),
            .init(
                "trustlists_crl_refreshes_total",
                help: "CRL refreshes of listed CAs by this process, by network, outcome and reason code.",
                type: .counter,
                samples: counters.crlFetches.sorted { $0.key < $1.key }.map { key, count in
                    PrometheusText.Sample(
                        [.init("network", key.network), .init("outcome", key.outcome), .init("reason", key.reason)],
                        Double(count))
                }),
        ]
    }

    /// The metrics as Prometheus text.
    /// - Parameters:
    ///   - status: every configured list's state at the time of the figures.
    ///   - counters: the refresh counters kept by the caller.
    ///   - cacheLoadSeconds: seconds the start-up load of the cache took; nil to leave the series out.
    /// - Returns: the exposition text.
    public static func render(
        status: StatusReport, counters: RefreshCounters, cacheLoadSeconds: TimeInterval?
    ) -> String {
        PrometheusText.render(families(status: status, counters: counters, cacheLoadSeconds: cacheLoadSeconds))
    }
}
