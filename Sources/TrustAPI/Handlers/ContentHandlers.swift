import Foundation
import HTTPServer
import JOSE
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `GET /v1/snapshot`: the current generation's JSON, exactly as `snapshot.json` holds it, gzip-coded when the
    /// client accepts gzip (compressed once per generation). A strong `ETag` per representation (SHA-256 of the JSON;
    /// `.gz` added for the gzip form), `If-None-Match` (or, without it, `If-Modified-Since`) → 304, `Last-Modified` (`builtAt`), `Cache-Control: max-age`
    /// bounded by the check interval and the earliest `nextUpdate`, `Vary: Accept-Encoding`, and
    /// `X-Snapshot-Generation`. 503 `snapshot_unavailable` before the first generation.
    func snapshot(_ request: HTTPRequest) -> HTTPResponse {
        let service = holder.service
        guard let document = service.snapshotDocument else { return APIFailure.noGeneration.response }
        let representation = snapshotCache.representation(of: document)
        let gzip = request.acceptsGzip
        let tag = gzip ? representation.gzipETag : representation.identityETag
        let maxAge = CacheLifetime.maxAge(
            checkIntervalSeconds: service.configuration.checkIntervalSeconds,
            nextUpdate: representation.earliestNextUpdate, now: now())
        let body = gzip ? representation.gzip : representation.identity
        var headers: HTTPHeaders = [
            "ETag": gzip ? representation.gzipETagField : representation.identityETagField,
            "Cache-Control": "public, max-age=\(maxAge)", "Vary": "Accept-Encoding",
            "X-Snapshot-Generation": representation.generationText,
        ]
        if request.isNotModified(current: tag, lastModified: representation.lastModified) {
            return APIResponse.notModified(headers: headers)
        }
        headers.add("Last-Modified", representation.lastModified)
        headers["Content-Type"] = APIResponse.jsonType
        if gzip { headers["Content-Encoding"] = "gzip" }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// `GET /v1/lists/{network}/{name}`: the current version's signed bytes exactly as published (this process
    /// verified them; a mirror's clients verify them again), `application/cose` (a LoTE's JAdES: `application/jose`
    /// for the compact serialization, `application/jose+json` for the JSON one), with a strong `ETag` (SHA-256 of the
    /// bytes), `If-None-Match` → 304, `Last-Modified` (the list's `date`) and `Cache-Control` as for the snapshot. 404
    /// `unknown_list` for a list the configuration does not have; 503 with the state's reason
    /// (`trust_list_unavailable`, `trust_list_expired`) while it has no trusted version.
    func signedList(_ request: HTTPRequest) -> HTTPResponse {
        let network = request.pathParameters["network"] ?? ""
        let kindText = request.pathParameters["kind"] ?? ""
        let service = holder.service
        guard let id = ListID("\(network)/\(kindText)"), let list = service.configuration.list(id) else {
            let known = service.configuration.lists.map(\.id.description).joined(separator: ", ")
            return APIFailure(404, .unknownList, "no configured list \(network)/\(kindText); configured: \(known)")
                .response
        }
        let time = now()
        let state = service.status(at: time).lists.first { $0.id == list.id }
        guard let version = service.signedListVersion(list.id), let state, state.state.isTrusted else {
            let listState = state?.state ?? .noTrust
            return APIFailure(
                503, listState.reasonCode ?? .trustListUnavailable,
                "\(list.id) has no trusted version (\(listState.rawValue)\(state?.stateReason.map { ": \($0)" } ?? ""))"
            ).response
        }
        let type = list.source.kind.definition.mediaType(of: version.bytes)
        return published(version, type: type, request: request, at: time)
    }

    /// `GET /v1/crls/{network}/{issuerSHA256}`: the current CRL of a CA the network's lists name, verified by this
    /// process against that CA, as DER (`application/pkix-crl`, RFC 5280 §4.2.1.13), with the list mirror's `ETag`,
    /// 304, `Last-Modified` (thisUpdate) and `Cache-Control`. 404 `unknown_crl` for a CA no list of the network
    /// names or that has no verified CRL.
    func signedCRL(_ request: HTTPRequest) -> HTTPResponse {
        let network = request.pathParameters["network"] ?? ""
        let issuer = request.pathParameters["issuerSHA256"] ?? ""
        guard let slot = CRLSlotID("\(network)/\(issuer)"), let version = holder.service.signedCRL(slot) else {
            return APIFailure(
                404, .unknownCRL,
                "no verified CRL of a CA with SHA-256 \(issuer) listed in network \(network) "
                    + "(see the crls of GET /v1/status)"
            ).response
        }
        return published(version, type: "application/pkix-crl", request: request, at: now())
    }

    /// `GET /v1/status-lists/{uriSHA256}`: a status list this process keeps verified (docs/architecture.md, Status
    /// lists), named by the SHA-256 of its URI (lowercase hex), as its issuer published it
    /// (`application/statuslist+jwt` or `+cwt`), with the list mirror's `ETag`, 304, `Last-Modified` (its `iat`) and
    /// `Cache-Control` (bounded by its `exp`). 404 `unknown_status_list` for a URI hash of no kept verified list.
    func signedStatusList(_ request: HTTPRequest) -> HTTPResponse {
        let name = (request.pathParameters["uriSHA256"] ?? "").lowercased()
        guard let list = holder.service.statusLists.published[name] else {
            return APIFailure(
                404, .unknownStatusList,
                "no verified status list whose URI has SHA-256 \(name) is kept (see the statusLists of GET /v1/status)"
            ).response
        }
        return published(list.version, type: list.mediaType, request: request, at: now())
    }

    /// A signed version's bytes as published: strong `ETag` (SHA-256 of the bytes), `If-None-Match` (or, without it,
    /// `If-Modified-Since`) → 304,
    /// `Last-Modified` (its date) and `Cache-Control` bounded by the check interval and its nextUpdate.
    private func published(
        _ version: SignedListVersion, type: String, request: HTTPRequest, at time: Date
    ) -> HTTPResponse {
        let tag = ETag(strong: version.sha256Hex)!
        let maxAge = CacheLifetime.maxAge(
            checkIntervalSeconds: holder.service.configuration.checkIntervalSeconds, nextUpdate: version.nextUpdate,
            now: time)
        let lastModified = HTTPDate.imfFixdate(version.date)
        var headers: HTTPHeaders = ["ETag": tag.fieldValue, "Cache-Control": "public, max-age=\(maxAge)"]
        if request.isNotModified(current: tag, lastModified: lastModified) {
            return APIResponse.notModified(headers: headers)
        }
        headers.add("Last-Modified", lastModified)
        headers["Content-Type"] = type
        return HTTPResponse(status: 200, headers: headers, body: version.bytes)
    }
}
