import Foundation
import JOSE
import TrustLists
import X509

/// Decides an SD-JWT VC end to end (SD-JWT §7, SD-JWT VC §3, HAIP 1.0; docs/architecture.md, Credentials): the ordered
/// policies below, the first failure being the reason.
///
/// Steps, in order: 1 ``SDJWTTypPolicy``; 2 ``SDJWTIssuerTrustPolicy`` (`x5c` chain to an anchor authorized for the
/// `vct`, through ``CredentialTrust``); 3 ``SDJWTSignaturePolicy``; 4 ``IssuerBindingPolicy``; 5 ``SDJWTTimePolicy``;
/// 6 ``DisclosurePolicy``; 7 ``SDJWTStatusPolicy`` (the `status` claim's status list); 8 ``KeyBindingPolicy``. The Key Binding JWT is reported whenever the issuer signature
/// verified, even when a later step refuses the credential.
public enum SDJWTVerifier {
    /// The steps, in order.
    static let policies: [any SDJWTPolicy] = [
        SDJWTTypPolicy(), SDJWTIssuerTrustPolicy(), SDJWTSignaturePolicy(), IssuerBindingPolicy(), SDJWTTimePolicy(),
        DisclosurePolicy(), SDJWTStatusPolicy(), KeyBindingPolicy(),
    ]

    /// Decides an SD-JWT VC given as its compact text.
    /// - Parameters:
    ///   - compact: `issuer-JWT~disclosure~…~[KB-JWT]`.
    ///   - nonce: the nonce a Key Binding JWT must carry; nil when none is expected.
    ///   - audience: the audience a Key Binding JWT must name; nil when none is expected.
    ///   - trust: the trust decisions (a ``TrustQueries`` generation).
    ///   - generation: the generation `trust` answers from, for the answer; nil when unknown.
    ///   - time: the decision time, UTC.
    ///   - skew: allowed clock difference for `iat`, `nbf`, `exp`, seconds (default 0).
    ///   - limits: the decoding bounds.
    ///   - statusLists: the status lists the `status` claim is looked up in, with the mode (default: none at hand,
    ///     `warn`).
    /// - Returns: the answer with one document; text that does not decode is not trusted with `malformed_sd_jwt`,
    ///   `unsupported_alg`, `unknown_critical_header` or `limits_exceeded`.
    public static func decide(
        compact: String, nonce: String? = nil, audience: String? = nil, trust: any CredentialTrust,
        generation: UInt64? = nil, at time: Date, skew: TimeInterval = 0, limits: SDJWTLimits = SDJWTLimits(),
        statusLists: any StatusListSource = StatusListCollection()
    ) -> CredentialDecision {
        let document: DocumentDecision
        do throws(CredentialError) {
            let sdJWT = try SDJWT(compact: compact, limits: limits)
            document = decide(
                sdJWT, nonce: nonce, audience: audience, trust: trust, at: time, skew: skew, limits: limits,
                statusLists: statusLists)
        } catch {
            return CredentialDecision(format: .sdJWTVC, refusal: error, time: time, generation: generation)
        }
        return CredentialDecision(format: .sdJWTVC, documents: [document], time: time, generation: generation)
    }

    /// Decides a decoded SD-JWT VC.
    /// - Parameters: as ``decide(compact:nonce:audience:trust:generation:at:skew:limits:statusLists:)``.
    /// - Returns: the credential's answer.
    public static func decide(
        _ sdJWT: SDJWT, nonce: String? = nil, audience: String? = nil, trust: any CredentialTrust, at time: Date,
        skew: TimeInterval = 0, limits: SDJWTLimits = SDJWTLimits(),
        statusLists: any StatusListSource = StatusListCollection()
    ) -> DocumentDecision {
        var context = SDJWTContext(
            sdJWT: sdJWT, trust: trust, time: time, limits: limits, nonce: nonce, audience: audience, skew: skew,
            statusLists: statusLists)
        var refusal: CredentialError?
        for policy in policies {
            if let failure = policy.check(&context) {
                refusal = failure
                break
            }
        }
        var warnings = context.warnings
        var deviceAuth: DeviceAuthOutcome?
        if context.signatureVerified {
            let result = context.bindKey()
            deviceAuth = result.outcome
            if let warning = result.warning { warnings.append(warning) }
        }
        var validity = DocumentDecision.Validity()
        validity.iat = sdJWT.claims.iat
        validity.nbf = sdJWT.claims.nbf
        validity.exp = sdJWT.claims.exp
        let claims = refusal == nil ? context.disclosed?.paths ?? [] : []
        let message: String
        if let refusal {
            message = refusal.reason
        } else {
            let signer = context.chain.first?.subject.commonName ?? context.chain.first?.subject.rfc4514 ?? "?"
            let anchor = context.trustDecision?.anchor
            message =
                "\(sdJWT.vct ?? "?") signed by \(signer), trusted by \(anchor?.subject ?? "?") "
                + "(\(anchor?.list.description ?? "?")); \(claims.count) disclosed claim\(claims.count == 1 ? "" : "s") "
                + "vouched for by the digests"
        }
        return DocumentDecision(
            format: .sdJWTVC, docType: nil, vct: sdJWT.vct, reason: refusal?.code, message: message,
            anchor: context.trustDecision?.anchor, signer: context.chain.first.map(DocumentDecision.Signer.init),
            validity: validity, elements: [], claims: claims, deviceSignedElements: [], deviceAuth: deviceAuth,
            revocation: context.trustDecision?.revocation, warnings: warnings, status: context.statusCheck)
    }
}
