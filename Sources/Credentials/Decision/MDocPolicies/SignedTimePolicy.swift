import X509

/// Step 5c (ISO/IEC 18013-5 §9.1.2.4): `validityInfo.signed` lies within the document signer certificate's validity:
/// an MSO dated outside it was not signed while the certificate was valid. Refusal: `mso_signed_outside_validity`.
struct SignedTimePolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let signed = context.mso?.validityInfo.signed, let signer = context.chain.first else {
            return CredentialError(.malformedMDoc, "no MSO")
        }
        guard signer.isValid(at: signed) else {
            return CredentialError(
                .msoSignedOutsideValidity,
                "\(context.issuerAuthPath).payload.validityInfo.signed \(RFC3339.string(from: signed) ?? "?") lies "
                    + "outside the document signer's validity \(RFC3339.string(from: signer.notBefore) ?? "?") .. "
                    + "\(RFC3339.string(from: signer.notAfter) ?? "?")")
        }
        return nil
    }
}
