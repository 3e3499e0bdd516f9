import Foundation
import HTTPServer
import JOSE
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// `POST /evaluation` and `POST /access/v1/evaluation` (the API's default path): an AuthZEN Authorization API 1.0
    /// access evaluation, profiled for trust registries (``EvaluationRequest``). 200 with `{"decision": bool, "context": {"reason": {"code", "message", "role"},
    /// "trust_metadata": <the decision object of /v1/decisions/*> or null}}` for every request it can read, trusted or
    /// not (AuthZEN: a denial is a decision, not an error); 400 with `{"reason", "message"}` otherwise. An
    /// `X-Request-ID` of visible ASCII is echoed (AuthZEN's HTTPS binding).
    ///
    /// In order, the first failure deciding: `action.name` must name a role (`unsupported_action`); a credential
    /// resource (`mso_mdoc`, `dc+sd-jwt`) is decided end to end (``evaluateCredential(_:_:role:)``); a `jwk` resource
    /// is decided against the keys the LoTEs' services of the role publish, compared by RFC 7638 thumbprint
    /// (``TrustQueries/keyDecision(thumbprint:roles:docTypes:at:)``); otherwise `resource.type` must be `x5c`
    /// (`unsupported_resource_type`); the role's decision (reader; issuer for every docType asked about, which must
    /// not be none; wallet provider, ``TrustQueries/walletProviderDecision(chain:at:)``, from wallet providers LoTEs:
    /// `trust_list_unavailable` while none is configured); then
    /// `subject.id` must name the leaf (`subject_not_bound`, ``SubjectBinding``).
    func evaluation(_ request: HTTPRequest) -> HTTPResponse {
        var response = answer { () throws(APIFailure) -> HTTPResponse in
            let evaluation = try EvaluationRequest(request, chains: chains)
            return APIResponse.json(try evaluate(evaluation))
        }
        if let requestID = request.headers["X-Request-ID"], Self.isEchoable(requestID) {
            response.headers["X-Request-ID"] = requestID
        }
        return response
    }

    /// Whether an `X-Request-ID` is echoed: 1 to 200 visible ASCII characters. Anything else (a control character,
    /// which could not be written back in a header) is not echoed, rather than costing the decision.
    static func isEchoable(_ requestID: String) -> Bool {
        (1...200).contains(requestID.utf8.count) && requestID.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    func evaluate(_ evaluation: EvaluationRequest) throws(APIFailure) -> WireEvaluation {
        func answer(
            _ trusted: Bool, _ code: ReasonCode?, _ message: String, metadata: WireEvaluation.TrustMetadata? = nil
        ) -> WireEvaluation {
            decisionMetrics.record("evaluation", trusted: trusted)
            return WireEvaluation(
                decision: trusted, code: code, message: message, role: evaluation.actionName, trustMetadata: metadata)
        }
        guard let role = EvaluationRole(actionName: evaluation.actionName) else {
            return answer(
                false, .unsupportedAction,
                "action.name \(evaluation.actionName.map { "\"\($0)\"" } ?? "is absent"); this trust registry decides "
                    + EvaluationRole.allNames.joined(separator: ", "))
        }
        if let credential = evaluation.credential {
            return try evaluateCredential(credential, evaluation, role: role)
        }
        if let jwk = evaluation.jwk {
            let thumbprint: String
            do {
                thumbprint = try JWKThumbprint.sha256(jwk)
            } catch {
                throw APIFailure(400, error.code, "resource.key: \(error.reason)")
            }
            // Bare keys are listed only by Lists of Trusted Entities (PublicKeyValues).
            let queries = try loadedService().queries
            let decision = queries.keyDecision(
                thumbprint: thumbprint, role: role.anchorRole, docTypes: role == .issuer ? evaluation.docTypes : [],
                at: evaluation.time ?? now())
            guard case .trusted(let trusted) = decision else {
                return answer(false, decision.reason, decision.message)
            }
            let metadata = WireEvaluation.KeyMatch(
                thumbprint: thumbprint, trusted: trusted, generation: queries.generation)
            return answer(true, nil, decision.message, metadata: .key(metadata))
        }
        guard evaluation.resourceType == "x5c", let chain = evaluation.chain else {
            let found = evaluation.resourceType.map { "\"\($0)\"" } ?? "no resource.type (name resolution)"
            return answer(
                false, .unsupportedResourceType,
                "this trust registry decides on X.509 chains (resource.type \"x5c\"), keys (\"jwk\") and credentials "
                    + "(\"mso_mdoc\", \"dc+sd-jwt\"), found \(found)"
            )
        }
        let time = evaluation.time ?? now()
        let queries = try loadedService().queries
        var decision: TrustDecision
        var docType: String?
        switch role {
        case .reader:
            decision = queries.readerDecision(chain: chain, at: time)
        case .walletProvider:
            decision = queries.walletProviderDecision(chain: chain, at: time)
        case .issuer:
            guard let first = evaluation.docTypes.first else {
                throw APIFailure.badBody(
                    "action.parameters.credential_types (or context.doc_type): required for action "
                        + "\"\(evaluation.actionName ?? "")\": the docTypes the issuer signs, e.g. "
                        + "[\"org.iso.18013.5.1.mDL\"]")
            }
            docType = first
            decision = queries.issuerDecision(chain: chain, docType: first, at: time)
            for next in evaluation.docTypes.dropFirst() where decision.isTrusted {
                let nextDecision = queries.issuerDecision(chain: chain, docType: next, at: time)
                if !nextDecision.isTrusted {
                    decision = nextDecision
                    docType = next
                }
            }
        }
        let query =
            switch role {
            case .issuer: "issuer"
            case .reader: "reader"
            case .walletProvider: "wallet_provider"
            }
        let metadata = WireEvaluation.TrustMetadata.decision(
            WireDecision(
                decision, query: query, docType: docType, leaf: chain[0], at: time, generation: queries.generation))
        guard decision.isTrusted else {
            return answer(false, decision.reason, decision.message, metadata: metadata)
        }
        guard SubjectBinding.binds(evaluation.subjectID, to: chain[0]) else {
            return answer(
                false, .subjectNotBound,
                "the chain is trusted, but subject.id \"\(evaluation.subjectID)\" is not a name of its leaf (its "
                    + "commonName, a dNSName or URI SAN, x509_san_dns:, x509_hash: or its SHA-256)",
                metadata: metadata)
        }
        return answer(true, nil, decision.message, metadata: metadata)
    }
}
