import Foundation
import HTTPServer
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `GET /healthz`: 200 `{"status": "alive"}` while the process answers at all (a liveness probe).
    func health(_ request: HTTPRequest) -> HTTPResponse {
        APIResponse.json(WireReadiness.Liveness())
    }

    /// `GET /readyz`: 200 when a verified generation is loaded and every configured list is trusted (`fresh` or
    /// `overdue`); else 503 with `reason` `not_ready` and `missing`, what is lacking: the generation, or each list that
    /// is `no_trust` or `expired` with its state's reason code and detail. An orchestrator routes no wallet to an
    /// instance without anchors. The body's `status` and `headline` are those of `trustctl status`, and `stored` is
    /// false while refreshes cannot store their results (still ready: decisions come from what this process verified).
    func readiness(_ request: HTTPRequest) -> HTTPResponse {
        let service = holder.service
        let time = now()
        let status = service.status(at: time)
        let document = service.snapshotDocument
        var missing: [WireReadiness.Missing] = []
        if document == nil {
            missing.append(.snapshot(.snapshotUnavailable, "no verified snapshot generation is loaded yet"))
        }
        for list in status.lists where !list.state.isTrusted {
            missing.append(.list(list))
        }
        // `stored` false is still ready (every decision comes from lists verified in memory), but a restart would
        // lose what this process verified since.
        let generation = document?.snapshot.generation
        if missing.isEmpty {
            return APIResponse.json(
                WireReadiness(status: status, time: time, generation: generation, missing: [], failure: nil))
        }
        let message =
            document == nil
            ? "no verified snapshot generation is loaded yet"
            : "not every configured list is trusted: "
                + status.lists.filter { !$0.state.isTrusted }.map { "\($0.id) is \($0.state.rawValue)" }.joined(
                    separator: ", ")
        return APIResponse.json(
            WireReadiness(
                status: status, time: time, generation: generation, missing: missing,
                failure: WireError(.notReady, message)),
            status: 503)
    }

    /// `GET /v1/status`: what `trustctl status --json` prints (``WireStatus``), at now, with the status lists this
    /// process keeps.
    func status(_ request: HTTPRequest) -> HTTPResponse {
        let service = holder.service
        return APIResponse.json(
            WireStatus(
                service.status(at: now()), snapshot: service.snapshot, configuration: service.configuration,
                statusLists: service.statusLists.snapshot))
    }

    /// `GET /metrics`: the service's families (the textfile's, ``TrustService/metricsFamilies(at:)``), the API's
    /// request counts and latencies and its decisions by result, Prometheus text format 0.0.4.
    func metrics(_ request: HTTPRequest) -> HTTPResponse {
        let families =
            holder.service.metricsFamilies(at: now()) + requestMetrics.families() + decisionMetrics.families()
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": "text/plain; version=0.0.4; charset=utf-8", "Cache-Control": "no-store"],
            body: Array(PrometheusText.render(families).utf8))
    }
}
