import Foundation
import JOSE
import TrustLists
import X509

/// One step of an SD-JWT VC's decision (SD-JWT §7, SD-JWT VC §3; docs/architecture.md, Credentials), like
/// ``MDocPolicy``: ``SDJWTVerifier`` runs an ordered list of these and the first that fails gives the reason.
protocol SDJWTPolicy: Sendable {
    func check(_ context: inout SDJWTContext) -> CredentialError?
}

/// What one SD-JWT VC's decision knows while its policies run.
struct SDJWTContext {
    /// The SD-JWT.
    let sdJWT: SDJWT
    /// The trust decisions.
    let trust: any CredentialTrust
    /// The decision time, UTC.
    let time: Date
    /// The limits (the processed claims' depth).
    let limits: SDJWTLimits
    /// The nonce the Key Binding JWT must carry; nil when the caller gave none.
    let nonce: String?
    /// The audience the Key Binding JWT must name; nil when the caller gave none.
    let audience: String?
    /// Allowed clock difference for `iat`, `nbf`, `exp`, seconds.
    let skew: TimeInterval
    /// The status lists (``SDJWTStatusPolicy``).
    let statusLists: any StatusListSource

    /// The `x5c` certificates, leaf first (``SDJWTIssuerTrustPolicy``).
    var chain: [Certificate] = []
    /// The issuer decision (``SDJWTIssuerTrustPolicy``).
    var trustDecision: TrustDecision?
    /// Whether the issuer signature verified (``SDJWTSignaturePolicy``).
    var signatureVerified = false
    /// The claims once processed (``DisclosurePolicy``).
    var disclosed: DisclosedClaims?
    /// The status check (``SDJWTStatusPolicy``); nil when the credential names no status or the step was not reached.
    var statusCheck: CredentialStatusCheck?
    /// The Key Binding JWT's check, once made.
    var keyBinding: KeyBinding.Result?
    /// Warnings gathered on the way.
    var warnings: [ReasonCode] = []

    /// The digest algorithm `_sd_alg` names (SHA-256 when absent); nil when it is not one of SHA-256/384/512.
    var digestAlgorithm: Digest? {
        switch sdJWT.digestAlgorithmName ?? "sha-256" {
        case "sha-256": .sha256
        case "sha-384": .sha384
        case "sha-512": .sha512
        default: nil
        }
    }

    /// The Key Binding JWT's check, made once.
    mutating func bindKey() -> KeyBinding.Result {
        if let keyBinding { return keyBinding }
        let result = KeyBinding.check(
            sdJWT, algorithm: digestAlgorithm, nonce: nonce, audience: audience, at: time, skew: skew)
        keyBinding = result
        return result
    }
}
