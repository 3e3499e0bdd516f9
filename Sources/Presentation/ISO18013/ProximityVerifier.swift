import COSE
import Foundation
import TrustLists
import X509

/// Decides whether the reader of an ISO/IEC 18013-5 proximity session is trusted (§9.1.4; docs/architecture.md,
/// Presentation): per DocRequest, its `readerAuth` (or the request's `readerAuthAll`, second edition) verified over the
/// session's transcript, then the reader decision on its x5chain with the reader EKU always required; and overall.
///
/// Per DocRequest, the DocRequest policies run in order, the first failure being its reason: a `readerAuthAll`
/// signature that fails fails every DocRequest (``ReaderAuthAllFailurePolicy``); the DocRequest is authenticated by
/// its own `readerAuth`, or by `readerAuthAll` when it has none (``ReaderAuthenticatedPolicy``: `not_authenticated`
/// with neither). Then the reader decision on the verified x5chain. Of several `readerAuthAll` signatures, the first
/// whose reader is trusted stands for them (one that also signed a DocRequest's own `readerAuth` first), else the
/// first. Overall, the DeviceRequest policies: every DocRequest is trusted (``EveryDocRequestTrustedPolicy``, else the
/// first failing DocRequest's reason), all by one reader certificate (``OneReaderPolicy``, `reader_mismatch`). A
/// proximity reader has no domain, so a not-trusted answer is `verifiedBy: .none`.
public enum ProximityVerifier {
    /// The checks of each DocRequest, in order.
    static let docRequestPolicies: [any DocRequestPolicy] = [ReaderAuthAllFailurePolicy(), ReaderAuthenticatedPolicy()]
    /// The checks of the DeviceRequest as a whole, in order, after each DocRequest was decided.
    static let deviceRequestPolicies: [any DeviceRequestPolicy] = [EveryDocRequestTrustedPolicy(), OneReaderPolicy()]

    /// Decides about a decoded DeviceRequest in a session.
    /// - Parameters:
    ///   - deviceRequest: the DeviceRequest.
    ///   - sessionTranscript: the session's transcript.
    ///   - trust: the reader decision.
    ///   - time: the time of the decision, UTC.
    /// - Returns: the overall decision, with one decision per DocRequest in ``PresentationDecision/documents``.
    public static func decide(
        deviceRequest: DeviceRequest, sessionTranscript: SessionTranscript, trust: any ReaderTrust, at time: Date
    ) -> PresentationDecision {
        let report = deviceRequest.verifyReaderAuthentication(sessionTranscript: sessionTranscript)
        // A chain is decided once per request: with readerAuthAll, every DocRequest carries the same one, and choosing
        // the signature that stands has decided it already.
        var readerDecisions: [[Certificate]: TrustDecision] = [:]
        let readerDecision = { (chain: [Certificate]) -> TrustDecision in
            if let known = readerDecisions[chain] { return known }
            let decision = trust.readerDecision(chain: chain, at: time, readerEKUExemptNetworks: [])
            readerDecisions[chain] = decision
            return decision
        }
        let shared = sharedAuthentication(
            report.readerAuthAll, ownLeaves: report.documents.compactMap(\.readerAuthentication.leaf),
            readerDecision: readerDecision)
        let documents = report.documents.map { decide($0, shared: shared, readerDecision: readerDecision) }
        var consent = ConsentDetails()
        for document in documents {
            for docType in document.consent.requestedDocTypes where !consent.requestedDocTypes.contains(docType) {
                consent.requestedDocTypes.append(docType)
            }
            consent.requestedClaims += document.consent.requestedClaims
        }
        var context = DeviceRequestContext(documents: documents)
        for policy in deviceRequestPolicies {
            if let refusal = policy.check(&context) {
                return .refused(
                    refusal, domain: nil, consent: consent, warnings: report.warnings,
                    readerDecision: documents[context.reported].readerDecision, documents: documents)
            }
        }
        let first = documents[0]
        return PresentationDecision(
            trusted: true, verifiedBy: first.verifiedBy, reason: nil, message: first.message, consent: consent,
            warnings: report.warnings, readerDecision: first.readerDecision, documents: documents)
    }

    /// One DocRequest's decision: its policies, then the reader decision, with the reader EKU required (ISO/IEC
    /// 18013-5 Table B.8: always, for ReaderAuth), from `readerDecision`.
    private static func decide(
        _ document: DocRequestReport, shared: ReaderAuthenticationResult?,
        readerDecision: ([Certificate]) -> TrustDecision
    ) -> PresentationDecision {
        var consent = ConsentDetails()
        consent.requestedDocTypes = [document.docType]
        consent.requestedClaims = document.nameSpaces.flatMap { nameSpace in
            nameSpace.elements.map { element in
                RequestedClaim(
                    credentialID: nil, docType: document.docType,
                    path: [.key(nameSpace.name), .key(element.identifier)], intentToRetain: element.intentToRetain)
            }
        }
        var context = DocRequestContext(
            path: document.docRequest.path, own: document.readerAuthentication, shared: shared)
        for policy in docRequestPolicies {
            if let refusal = policy.check(&context) {
                return .refused(refusal, domain: nil, consent: consent, warnings: document.warnings)
            }
        }
        return .from(readerDecision(context.chain), domain: nil, consent: consent, warnings: document.warnings)
    }

    /// The authentication `readerAuthAll` gives every DocRequest: nil without it; the first failure when a signature
    /// fails; else the first signature whose reader is trusted and also signed a DocRequest's own `readerAuth` (one
    /// reader then authenticated every DocRequest), else the first whose reader is trusted, else the first.
    private static func sharedAuthentication(
        _ results: [ReaderAuthenticationResult], ownLeaves: [Certificate],
        readerDecision: ([Certificate]) -> TrustDecision
    ) -> ReaderAuthenticationResult? {
        guard let first = results.first else { return nil }
        if let failed = results.first(where: { $0.failureCode != nil }) { return failed }
        let trusted = results.filter { readerDecision($0.chain).isTrusted }
        return trusted.first { $0.leaf.map(ownLeaves.contains) == true } ?? trusted.first ?? first
    }

    /// Decides about an encoded DeviceRequest and SessionTranscript; input that does not decode is a not-trusted
    /// decision with the decoder's code (`malformed_cbor`, `limits_exceeded`, `malformed_device_request`,
    /// `malformed_session_transcript`, `not_cose_sign1`) and a message that starts with the input it is about
    /// (`DeviceRequest: ` or `SessionTranscript: `).
    /// - Parameters:
    ///   - deviceRequest: the encoded DeviceRequest.
    ///   - sessionTranscript: the encoded SessionTranscript or SessionTranscriptBytes.
    ///   - trust: the reader decision.
    ///   - time: the time of the decision, UTC.
    /// - Returns: the decision; never throws.
    public static func decide(
        deviceRequest: [UInt8], sessionTranscript: [UInt8], trust: any ReaderTrust, at time: Date
    ) -> PresentationDecision {
        let request: DeviceRequest
        let transcript: SessionTranscript
        do {
            request = try DeviceRequest(cborEncoded: deviceRequest)
        } catch {
            return .refused(PresentationError(error.code, "DeviceRequest: \(error.reason)"), domain: nil)
        }
        do {
            transcript = try SessionTranscript(cborEncoded: sessionTranscript)
        } catch {
            return .refused(PresentationError(error.code, "SessionTranscript: \(error.reason)"), domain: nil)
        }
        return decide(deviceRequest: request, sessionTranscript: transcript, trust: trust, at: time)
    }
}
