import X509

/// Step 5 (RFC 7519 §4.1.4 to §4.1.6): at the decision time, not at or past `exp`, not before `nbf`, `iat` not in the
/// future (each with the allowed skew). Refusals: `credential_expired`, `credential_not_yet_valid`.
struct SDJWTTimePolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        let at = RFC3339.string(from: context.time) ?? "?"
        switch context.sdJWT.claims.checkTime(at: context.time, skew: context.skew) {
        case .valid:
            return nil
        case .expired(let exp):
            return CredentialError(.credentialExpired, "exp \(RFC3339.string(from: exp) ?? "?"): expired at \(at)")
        case .notYetValid(let nbf):
            return CredentialError(
                .credentialNotYetValid, "nbf \(RFC3339.string(from: nbf) ?? "?"): not yet valid at \(at)")
        case .issuedInTheFuture(let iat):
            return CredentialError(
                .credentialNotYetValid, "iat \(RFC3339.string(from: iat) ?? "?") lies after the decision time \(at)")
        }
    }
}
