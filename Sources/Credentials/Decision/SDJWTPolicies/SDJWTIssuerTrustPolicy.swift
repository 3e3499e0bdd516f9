import JOSE
import X509

/// Step 2 (SD-JWT VC §3.5, HAIP 1.0): the issuer JWT carries its signer's chain in `x5c`, and the chain validates with
/// OpenSSL, at the decision time, to an anchor of a usable list authorized for the credential's `vct`, the leaf may
/// sign, and no certificate of the chain is revoked (``CredentialTrust/credentialIssuerDecision(chain:vct:at:)``).
/// Refusals: `missing_x5c` (issuer keys from metadata or DIDs are not resolved here), `malformed_sd_jwt` (no `vct`, an
/// `x5c` entry OpenSSL cannot read), and the trust decision's reasons.
struct SDJWTIssuerTrustPolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        guard let vct = context.sdJWT.vct else {
            return CredentialError(
                .malformedSDJWT, "issuer JWT payload: vct is required (SD-JWT VC §3.2.2.2), missing or not a string")
        }
        let chain: [Certificate]?
        do {
            chain = try context.sdJWT.issuerJWT.x5cCertificates()
        } catch {
            return CredentialError(.malformedSDJWT, "issuer JWT: \(error.reason)")
        }
        guard let chain else {
            return CredentialError(
                .missingX5C,
                "issuer JWT: no x5c; the issuer's key is taken only from a certificate chain here (HAIP 1.0), not "
                    + "from issuer metadata")
        }
        context.chain = chain
        let decision = context.trust.credentialIssuerDecision(chain: chain, vct: vct, at: context.time)
        context.trustDecision = decision
        context.warnings += decision.warnings
        guard let reason = decision.reason else { return nil }
        return CredentialError(reason, "issuer of \(vct): \(decision.message)")
    }
}
