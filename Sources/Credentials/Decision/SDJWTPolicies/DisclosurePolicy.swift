/// Step 6 (SD-JWT §7.1): every disclosure's digest, per `_sd_alg` (SHA-256 when absent), appears exactly once among
/// the `_sd` arrays and `{"...": digest}` elements of the payload and of disclosed values (``DisclosedClaims``).
/// Refusals: `unsupported_digest_algorithm`, `disclosure_repeated`, `disclosure_invalid`, `disclosure_unreferenced`,
/// `malformed_sd_jwt`, `limits_exceeded`.
struct DisclosurePolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        guard let algorithm = context.digestAlgorithm else {
            return CredentialError(
                .unsupportedDigestAlgorithm,
                "_sd_alg \"\(context.sdJWT.digestAlgorithmName?.prefix(40) ?? "")\": expected sha-256, sha-384 or "
                    + "sha-512 (SD-JWT §4.1.1)")
        }
        do throws(CredentialError) {
            context.disclosed = try DisclosedClaims(
                payload: context.sdJWT.claims.claims, disclosures: context.sdJWT.disclosures, algorithm: algorithm,
                maxDepth: context.limits.maxProcessedDepth)
            return nil
        } catch {
            return error
        }
    }
}
