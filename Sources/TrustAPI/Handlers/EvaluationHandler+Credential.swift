import Credentials
import Foundation
import TrustLists
import TrustListsService
import X509

extension TrustAPI {
    /// An AuthZEN evaluation whose resource is a credential (``CredentialResource``): the role must be an issuer's;
    /// the credential is decided end to end (``TrustService/mdocDecision(_:sessionTranscript:at:)``,
    /// ``TrustService/sdJWTDecision(_:nonce:audience:at:)``); every document's docType (or `vct`) must be among the
    /// credential types asked about, when some are (`doctype_mismatch`); and `subject.id` must name the signing
    /// certificate of every document (``SubjectBinding``: its commonName, a dNSName, also as an https URL such as an
    /// SD-JWT VC's `iss`, …; `subject_not_bound`). `trust_metadata` is the object of `POST /v1/decisions/credential`.
    func evaluateCredential(
        _ credential: CredentialResource, _ evaluation: EvaluationRequest, role: EvaluationRole
    ) throws(APIFailure) -> WireEvaluation {
        func answer(
            _ trusted: Bool, _ code: ReasonCode?, _ message: String, metadata: WireEvaluation.TrustMetadata? = nil
        ) -> WireEvaluation {
            decisionMetrics.record("evaluation", trusted: trusted)
            return WireEvaluation(
                decision: trusted, code: code, message: message, role: evaluation.actionName, trustMetadata: metadata)
        }
        guard role == .issuer else {
            return answer(
                false, .unsupportedAction,
                "a credential (resource.type \(evaluation.resourceType ?? "")) is decided in an issuer role ("
                    + EvaluationRole.issuerNames.sorted().joined(separator: ", ") + ")")
        }
        let service = try loadedService()
        let time = evaluation.time ?? now()
        let decision =
            switch credential.form {
            case .mdoc(let bytes):
                service.mdocDecision(bytes, sessionTranscript: credential.sessionTranscript, at: time)
            case .sdJWT(let text):
                service.sdJWTDecision(text, nonce: credential.nonce, audience: credential.audience, at: time)
            }
        let metadata = WireEvaluation.TrustMetadata.credential(CredentialAnswer(decision))
        guard decision.trusted else {
            return answer(false, decision.reason, decision.message, metadata: metadata)
        }
        if !evaluation.docTypes.isEmpty {
            for document in decision.documents {
                let type = document.docType ?? document.vct ?? ""
                guard evaluation.docTypes.contains(type) else {
                    return answer(
                        false, .docTypeMismatch,
                        "the credential is a \(type), not one of the credential types asked about "
                            + "(\(evaluation.docTypes.joined(separator: ", ")))", metadata: metadata)
                }
            }
        }
        for document in decision.documents {
            guard let signer = document.signer, SubjectBinding.binds(evaluation.subjectID, to: signer.certificate)
            else {
                return answer(
                    false, .subjectNotBound,
                    "the credential is trusted, but subject.id \"\(evaluation.subjectID)\" is not a name of its "
                        + "signer (its commonName, a dNSName or URI SAN, x509_san_dns:, x509_hash: or its SHA-256)",
                    metadata: metadata)
            }
        }
        return answer(true, nil, decision.message, metadata: metadata)
    }
}
