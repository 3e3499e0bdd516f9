import Foundation
import TrustLists

extension WireJSON {
    /// `trustctl status --json` and `GET /v1/status`: the monitoring word, the lists with their states, versions,
    /// sources (`source`: where the version came from; `url`: where it is fetched) and last errors, the listed CAs' CRLs
    /// (`crls`), and the snapshot generation in memory (docs/cli.md).
    /// - Parameters:
    ///   - report: the states.
    ///   - snapshot: the generation in memory, or nil.
    ///   - configuration: the configuration the report is of, for each list's `url`.
    public static func status(_ report: StatusReport, snapshot: Snapshot?, configuration: Configuration) -> Object {
        [
            "time": report.time, "status": report.monitoringStatus.word, "headline": report.headline,
            "events": report.events, "persistError": report.persistFailure.map(failure),
            "snapshot": snapshot.map(snapshotSummary), "crls": report.crls.map(crl),
            "lists": report.lists.map { list -> Object in
                let source = configuration.list(list.id)?.source
                return [
                    "id": list.id.description, "kind": list.id.kind.rawValue,
                    "loteType": source?.loteType, "state": list.state.rawValue,
                    "stateReason": list.stateReason,
                    "provider": list.current?.provider, "issueID": list.current?.issueID, "date": list.current?.date,
                    "nextUpdate": list.current?.nextUpdate, "notAfter": list.current?.notAfter,
                    "entries": list.current?.entries, "sha256": list.current?.sha256,
                    "signerNotAfter": list.current?.signerNotAfter, "source": list.origin?.rawValue,
                    "url": source?.url,
                    "lastAttempt": list.lastAttempt, "lastSuccess": list.lastSuccess,
                    "lastError": list.lastError.map(failure),
                ]
            },
        ]
    }

    /// One CA's CRL: `network`, `issuer`, `issuerSHA256`, `urls`, `mode`, `state`, `stateReason` (null only when
    /// fresh), `crlNumber`, `thisUpdate`,
    /// `nextUpdate`, `revoked` (count), `sha256`, `source`, `lastAttempt`, `lastSuccess`, `lastError`.
    public static func crl(_ crl: CRLStatus) -> Object {
        [
            "network": crl.slot.network, "issuer": crl.issuer, "issuerSHA256": crl.slot.issuerSHA256,
            "urls": crl.urls, "mode": crl.mode.rawValue, "state": crl.state.rawValue, "stateReason": crl.stateReason,
            "crlNumber": crl.current?.crlNumber, "thisUpdate": crl.current?.thisUpdate,
            "nextUpdate": crl.current?.nextUpdate, "revoked": crl.current?.revoked, "sha256": crl.current?.sha256,
            "source": crl.origin?.rawValue, "lastAttempt": crl.lastAttempt, "lastSuccess": crl.lastSuccess,
            "lastError": crl.lastError.map(failure),
        ]
    }

    /// A recorded failure: `reason`, `message`, `first`, `last`, `count`.
    static func failure(_ error: RecordedFailure) -> Object {
        [
            "reason": error.reason.rawValue, "message": error.message, "first": error.first, "last": error.last,
            "count": error.count,
        ]
    }

    /// The snapshot part of status: `generation`, `builtAt`, `issuers`, `verifiers`, `services` (of LoTEs).
    public static func snapshotSummary(_ snapshot: Snapshot) -> Object {
        [
            "generation": snapshot.generation, "builtAt": snapshot.builtAt, "issuers": snapshot.issuers.count,
            "verifiers": snapshot.verifiers.count, "services": snapshot.services.count,
        ]
    }
}
