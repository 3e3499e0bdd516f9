import JOSE
import X509

/// LoTE step 2: the JWS signature verifies with the `x5c` leaf's key and `alg` fits that key (ES256 with P-256, …,
/// EdDSA with Ed25519, PS256 with RSA); `x5t#S256`, when present, is the leaf's digest; `sigT`, when present, lies
/// inside the leaf's validity.
package struct JAdESSignaturePolicy: SourcePolicy {
    /// The policy.
    package init() {}

    /// - Throws: ``TrustListError`` `unsupported_alg`, `bad_signature`, `malformed_x5c`, `signing_time_invalid`,
    ///   `weak_key`.
    package func check(_ envelope: JAdESEnvelope, _ findings: inout SourceFindings) throws(TrustListError) {
        try JAdESEnvelope.jose { () throws(JOSEError) in try envelope.signature.verifySignature() }
    }
}
