import COSE
import Foundation
import Presentation
import TrustLists
import X509

/// Decides an mdoc end to end (ISO/IEC 18013-5 §9.3.1; docs/architecture.md, Credentials): per document, the ordered
/// policies below, the first failure being the document's reason; then the answer over every document.
///
/// Steps, in order: 1 ``IssuerAuthPolicy`` (COSE_Sign1, x5chain, alg fits the key); 2 ``DocumentSignerTrustPolicy``
/// (chain, profile, revocation, docType, through ``CredentialTrust``); 3 ``IssuerSignaturePolicy``; 4
/// ``MobileSecurityObjectPolicy``; 5 ``DocTypeBindingPolicy``, ``MSOValidityPolicy``, ``SignedTimePolicy``; 6
/// ``ValueDigestPolicy``; 7 ``IssuingCountryPolicy``; 8 ``MDocStatusPolicy`` (the MSO's status list); 9
/// ``DeviceAuthenticationPolicy``. Device authentication is
/// reported whenever the issuer signature verified, even when a later step refuses the document.
public enum MDocVerifier {
    /// The steps of one document, in order.
    static let policies: [any MDocPolicy] = [
        IssuerAuthPolicy(), DocumentSignerTrustPolicy(), IssuerSignaturePolicy(), MobileSecurityObjectPolicy(),
        DocTypeBindingPolicy(), MSOValidityPolicy(), SignedTimePolicy(), ValueDigestPolicy(), IssuingCountryPolicy(),
        MDocStatusPolicy(), DeviceAuthenticationPolicy(),
    ]

    /// Decides an mdoc given as bytes: a DeviceResponse, a Document or an IssuerSigned (CBOR).
    /// - Parameters:
    ///   - bytes: the CBOR encoding.
    ///   - sessionTranscript: the session's transcript, for device authentication; nil when the caller has none.
    ///   - trust: the trust decisions (a ``TrustQueries`` generation).
    ///   - generation: the generation `trust` answers from, for the answer; nil when unknown.
    ///   - time: the decision time, UTC.
    ///   - limits: the decoding bounds.
    ///   - statusLists: the status lists the MSO's `status` is looked up in, with the mode (default: none at hand,
    ///     `warn`).
    /// - Returns: the answer; input that does not decode is not trusted with `malformed_mdoc` or `limits_exceeded`.
    public static func decide(
        cborEncoded bytes: [UInt8], sessionTranscript: SessionTranscript? = nil, trust: any CredentialTrust,
        generation: UInt64? = nil, at time: Date, limits: MDocLimits = MDocLimits(),
        statusLists: any StatusListSource = StatusListCollection()
    ) -> CredentialDecision {
        do throws(CredentialError) {
            let input = try MDocInput(cborEncoded: bytes, limits: limits)
            return decide(
                input, sessionTranscript: sessionTranscript, trust: trust, generation: generation, at: time,
                limits: limits, statusLists: statusLists)
        } catch {
            return CredentialDecision(format: .mdoc, refusal: error, time: time, generation: generation)
        }
    }

    /// Decides a decoded mdoc: each document of a DeviceResponse (a document that did not decode is answered with
    /// its error), or the one Document or IssuerSigned.
    /// - Parameters: as ``decide(cborEncoded:sessionTranscript:trust:generation:at:limits:statusLists:)``.
    /// - Returns: the answer, one document decision per document in input order.
    public static func decide(
        _ input: MDocInput, sessionTranscript: SessionTranscript? = nil, trust: any CredentialTrust,
        generation: UInt64? = nil, at time: Date, limits: MDocLimits = MDocLimits(),
        statusLists: any StatusListSource = StatusListCollection()
    ) -> CredentialDecision {
        switch input {
        case .deviceResponse(let response):
            let documents = response.documents.map { decoded in
                switch decoded {
                case .success(let document):
                    decide(document, sessionTranscript: sessionTranscript, trust: trust, at: time, limits: limits,
                        statusLists: statusLists)
                case .failure(let error):
                    refused(error)
                }
            }
            return CredentialDecision(
                format: .mdoc, documents: documents, time: time, generation: generation,
                responseStatus: response.status,
                documentErrors: response.documentErrors.map { .init(docType: $0.docType, code: $0.code) })
        case .document(let document):
            return CredentialDecision(
                format: .mdoc,
                documents: [
                    decide(document, sessionTranscript: sessionTranscript, trust: trust, at: time, limits: limits,
                        statusLists: statusLists)
                ], time: time, generation: generation)
        case .issuerSigned(let issuerSigned):
            return CredentialDecision(
                format: .mdoc,
                documents: [
                    decide(
                        MDocDocument(issuerSigned: issuerSigned), sessionTranscript: sessionTranscript, trust: trust,
                        at: time, limits: limits, statusLists: statusLists)
                ], time: time, generation: generation)
        }
    }

    /// Decides one document: the policies in order, the first failure being its reason.
    /// - Parameters: as ``decide(cborEncoded:sessionTranscript:trust:generation:at:limits:statusLists:)``.
    /// - Returns: the document's answer.
    public static func decide(
        _ document: MDocDocument, sessionTranscript: SessionTranscript? = nil, trust: any CredentialTrust,
        at time: Date, limits: MDocLimits = MDocLimits(), statusLists: any StatusListSource = StatusListCollection()
    ) -> DocumentDecision {
        var context = MDocContext(
            document: document, sessionTranscript: sessionTranscript, trust: trust, time: time, limits: limits,
            statusLists: statusLists)
        var refusal: CredentialError?
        for policy in policies {
            if let failure = policy.check(&context) {
                refusal = failure
                break
            }
        }
        let deviceAuth: DeviceAuthOutcome?
        var warnings = context.warnings
        if context.signatureVerified {
            let result = context.authenticateDevice()
            deviceAuth = result.outcome
            if let warning = result.warning { warnings.append(warning) }
        } else {
            deviceAuth = nil
        }
        var validity = DocumentDecision.Validity()
        if let info = context.mso?.validityInfo {
            validity.signed = info.signed
            validity.validFrom = info.validFrom
            validity.validUntil = info.validUntil
            validity.expectedUpdate = info.expectedUpdate
        }
        let docType = context.docType
        return DocumentDecision(
            format: .mdoc, docType: docType, vct: nil, reason: refusal?.code,
            message: refusal?.reason ?? trustedMessage(context),
            anchor: context.trustDecision?.anchor, signer: context.chain.first.map(DocumentDecision.Signer.init),
            validity: validity, elements: refusal == nil ? context.elements : [], claims: [],
            deviceSignedElements: document.deviceSigned?.nameSpaces.map {
                .init(nameSpace: $0.name, identifiers: $0.identifiers)
            } ?? [],
            deviceAuth: deviceAuth, revocation: context.trustDecision?.revocation, warnings: warnings,
            status: context.statusCheck)
    }

    /// The answer for a document that did not decode.
    static func refused(_ error: CredentialError) -> DocumentDecision {
        DocumentDecision(
            format: .mdoc, docType: nil, vct: nil, reason: error.code, message: error.reason, anchor: nil, signer: nil,
            validity: .init(), elements: [], claims: [], deviceSignedElements: [], deviceAuth: nil, revocation: nil,
            warnings: [])
    }

    private static func trustedMessage(_ context: MDocContext) -> String {
        let count = context.elements.reduce(0) { $0 + $1.identifiers.count }
        let signer = context.chain.first?.subject.commonName ?? context.chain.first?.subject.rfc4514 ?? "?"
        let anchor = context.trustDecision?.anchor
        return "\(context.docType ?? "?") signed by \(signer), trusted by \(anchor?.subject ?? "?") "
            + "(\(anchor?.list.description ?? "?")); \(count) element\(count == 1 ? "" : "s") vouched for by the MSO"
    }
}
