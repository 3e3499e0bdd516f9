/// Step 8 (SD-JWT §7.3): a Key Binding JWT verifies under `cnf.jwk`, its `sd_hash` covers what was presented, and its
/// `nonce` and `aud` are the caller's. Without one, when the caller gave a nonce or an audience: `key_binding_missing`.
/// Refusal: `key_binding_invalid`.
struct KeyBindingPolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        context.bindKey().failure
    }
}
