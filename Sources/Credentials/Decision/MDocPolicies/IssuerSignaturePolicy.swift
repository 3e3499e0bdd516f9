import X509

/// Step 3 (ISO/IEC 18013-5 §9.1.2.4, RFC 9052 §4.4): the `issuerAuth` signature verifies under the document signer's
/// key over the Sig_structure with the protected header as received. Refusal: `bad_signature`.
struct IssuerSignaturePolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let issuerAuth = context.issuerAuth, let signer = context.chain.first else {
            return CredentialError(.issuerAuthInvalid, "\(context.issuerAuthPath): not decoded")
        }
        let key: PublicKey
        do {
            key = try signer.publicKey
        } catch {
            return CredentialError(.issuerAuthInvalid, "\(context.issuerAuthPath).x5chain[0]: \(error.reason)")
        }
        do {
            try issuerAuth.verifySignature(with: key)
        } catch {
            return CredentialError(error.code, "\(context.issuerAuthPath): \(error.reason)")
        }
        context.signatureVerified = true
        return nil
    }
}
