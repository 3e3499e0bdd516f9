/// Step 4 (ISO/IEC 18013-5 §9.1.2.4): the signed payload is MobileSecurityObjectBytes and the MSO decodes with
/// limits (``MobileSecurityObject``); other members are kept. Refusals: `malformed_mdoc`,
/// `unsupported_digest_algorithm`, `limits_exceeded`.
struct MobileSecurityObjectPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        guard let payload = context.issuerAuth?.payloadSlice else {
            return CredentialError(.issuerAuthInvalid, "\(context.issuerAuthPath): no payload")
        }
        do throws(CredentialError) {
            context.mso = try MobileSecurityObject(
                payload: payload, limits: context.limits, path: "\(context.issuerAuthPath).payload")
            return nil
        } catch {
            return error
        }
    }
}
