import X509

/// Step 5b (ISO/IEC 18013-5 §9.3.1 step 6): `validityInfo.validFrom ≤ time ≤ validUntil`, at the decision time.
/// Refusals: `mso_not_yet_valid`, `mso_expired`.
struct MSOValidityPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let validity = context.mso?.validityInfo else { return CredentialError(.malformedMDoc, "no MSO") }
        let at = RFC3339.string(from: context.time) ?? "?"
        if context.time < validity.validFrom {
            return CredentialError(
                .msoNotYetValid,
                "\(context.issuerAuthPath).payload.validityInfo: valid from "
                    + "\(RFC3339.string(from: validity.validFrom) ?? "?"), not yet at \(at)")
        }
        if context.time > validity.validUntil {
            return CredentialError(
                .msoExpired,
                "\(context.issuerAuthPath).payload.validityInfo: valid until "
                    + "\(RFC3339.string(from: validity.validUntil) ?? "?"), expired at \(at)")
        }
        return nil
    }
}
