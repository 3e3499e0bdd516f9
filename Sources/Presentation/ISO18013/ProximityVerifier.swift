import COSE
import Foundation
import TrustLists
import X509

/// Decides whether the reader of an ISO/IEC 18013-5 proximity session is trusted (§9.1.4, DESIGN.md "ISO/IEC 18013-5
/// ReaderAuth"): per DocRequest, its `readerAuth` (or the request's `readerAuthAll`, second edition) verified over the
/// session's transcript, then the reader decision on its x5chain with the reader EKU always required; and overall.
///
/// Per DocRequest, the authentication is its own `readerAuth`, or the `readerAuthAll` when it has none: with neither
/// it is not trusted (`not_authenticated`, "not authenticated"); one that fails is not trusted with that code
/// (`bad_signature`, `unsupported_alg`, `missing_x5chain`, …); a verified one is what the reader decision says.
/// `readerAuthAll` as a whole: any signature that fails fails every DocRequest (the request was altered or signed
/// wrongly); otherwise the first signature whose reader is trusted counts (one that also signed a DocRequest's own
/// `readerAuth` first), else the first. Overall: trusted only when
/// every DocRequest is, all by one reader certificate; otherwise the first failing DocRequest's reason. A proximity
/// reader has no domain, so a not-trusted answer is `verifiedBy: .none`.
public enum ProximityVerifier {
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
        let shared = sharedAuthentication(
            report.readerAuthAll, ownLeaves: report.documents.compactMap(\.readerAuthentication.leaf), trust: trust,
            at: time)
        var documents: [PresentationDecision] = []
        for document in report.documents {
            var consent = ConsentDetails()
            consent.requestedDocTypes = [document.docType]
            consent.requestedClaims = document.nameSpaces.flatMap { nameSpace in
                nameSpace.elements.map { element in
                    RequestedClaim(
                        credentialID: nil, docType: document.docType,
                        path: [.key(nameSpace.name), .key(element.identifier)], intentToRetain: element.intentToRetain)
                }
            }
            let path = document.docRequest.path
            switch authentication(own: document.readerAuthentication, shared: shared) {
            case .notAuthenticated:
                documents.append(
                    .refused(
                        PresentationError(
                            .notAuthenticated,
                            "\(path): not authenticated: the DocRequest carries no readerAuth and the DeviceRequest no "
                                + "readerAuthAll (ISO/IEC 18013-5 §9.1.4)"),
                        domain: nil, consent: consent, warnings: document.warnings))
            case .failed(let code, let message):
                documents.append(
                    .refused(
                        PresentationError(code, message), domain: nil, consent: consent, warnings: document.warnings))
            case .signatureVerified(let chain):
                // ISO/IEC 18013-5 Table B.8: the reader EKU is always required for ReaderAuth.
                let decision = trust.readerDecision(chain: chain, at: time, readerEKUExemptNetworks: [])
                documents.append(.from(decision, domain: nil, consent: consent, warnings: document.warnings))
            }
        }
        var consent = ConsentDetails()
        for document in documents {
            for docType in document.consent.requestedDocTypes where !consent.requestedDocTypes.contains(docType) {
                consent.requestedDocTypes.append(docType)
            }
            consent.requestedClaims += document.consent.requestedClaims
        }
        let warnings = report.warnings
        // DeviceRequest decoding guarantees at least one DocRequest.
        if let index = documents.firstIndex(where: { !$0.trusted }), let reason = documents[index].reason {
            let failing = documents[index]
            return .refused(
                PresentationError(reason, failing.message), domain: nil, consent: consent, warnings: warnings,
                readerDecision: failing.readerDecision, documents: documents)
        }
        // One DeviceRequest comes from one reader: every DocRequest must be authenticated by the same reader
        // certificate, else the top-level answer could name one reader for data another one asked for.
        let first = documents[0]
        let leaf = { (decision: PresentationDecision) -> String? in
            if case .trusted(let trusted) = decision.readerDecision { return trusted.chain.first }
            return nil
        }
        if let other = documents.indices.first(where: { leaf(documents[$0]) != leaf(first) }) {
            let name = { (decision: PresentationDecision) in decision.verifiedBy.commonName ?? "?" }
            return .refused(
                PresentationError(
                    .readerMismatch,
                    "docRequests[0] is authenticated by \(name(first)), docRequests[\(other)] by "
                        + "\(name(documents[other])): the DocRequests of one DeviceRequest must come from one reader"),
                domain: nil, consent: consent, warnings: warnings, readerDecision: first.readerDecision,
                documents: documents)
        }
        return PresentationDecision(
            trusted: true, verifiedBy: first.verifiedBy, reason: nil, message: first.message, consent: consent,
            warnings: warnings, readerDecision: first.readerDecision, documents: documents)
    }

    /// The authentication `readerAuthAll` gives every DocRequest: nil without it; the first failure when a signature
    /// fails; else the first signature whose reader is trusted and also signed a DocRequest's own `readerAuth` (one
    /// reader then authenticated every DocRequest), else the first whose reader is trusted, else the first.
    private static func sharedAuthentication(
        _ results: [ReaderAuthenticationResult], ownLeaves: [Certificate], trust: any ReaderTrust, at time: Date
    ) -> ReaderAuthenticationResult? {
        guard let first = results.first else { return nil }
        if let failed = results.first(where: { $0.failureCode != nil }) { return failed }
        let trusted = results.filter { result in
            if case .trusted = trust.readerDecision(chain: result.chain, at: time, readerEKUExemptNetworks: []) {
                return true
            }
            return false
        }
        return trusted.first { $0.leaf.map(ownLeaves.contains) == true } ?? trusted.first ?? first
    }

    /// A DocRequest's authentication: a failed `readerAuthAll` overrides everything; otherwise its own `readerAuth`,
    /// or `readerAuthAll` when it has none.
    private static func authentication(
        own: ReaderAuthenticationResult, shared: ReaderAuthenticationResult?
    ) -> ReaderAuthenticationResult {
        guard let shared else { return own }
        return (shared.failureCode != nil || own == .notAuthenticated) ? shared : own
    }

    /// Decides about an encoded DeviceRequest and SessionTranscript; input that does not decode is a not-trusted
    /// decision with the decoder's code (`malformed_cbor`, `limits_exceeded`, `malformed_device_request`,
    /// `malformed_session_transcript`, `not_cose_sign1`).
    /// - Parameters:
    ///   - deviceRequest: the encoded DeviceRequest.
    ///   - sessionTranscript: the encoded SessionTranscript or SessionTranscriptBytes.
    ///   - trust: the reader decision.
    ///   - time: the time of the decision, UTC.
    /// - Returns: the decision; never throws.
    public static func decide(
        deviceRequest: [UInt8], sessionTranscript: [UInt8], trust: any ReaderTrust, at time: Date
    ) -> PresentationDecision {
        do {
            return decide(
                deviceRequest: try DeviceRequest(cborEncoded: deviceRequest),
                sessionTranscript: try SessionTranscript(cborEncoded: sessionTranscript), trust: trust, at: time)
        } catch {
            return .refused(error, domain: nil)
        }
    }
}
