/// Step 1 (SD-JWT VC §3.2.1): the issuer JWT's `typ` is `dc+sd-jwt`; `vc+sd-jwt`, the drafts' media type, is accepted
/// with the warning `sd_jwt_legacy_typ`. Refusal: `sd_jwt_typ`.
struct SDJWTTypPolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        switch context.sdJWT.issuerJWT.typ {
        case SDJWT.mediaType:
            return nil
        case SDJWT.legacyMediaType:
            context.warnings.append(.sdJWTLegacyTyp)
            return nil
        case let other:
            return CredentialError(
                .sdJWTTyp,
                "issuer JWT typ is \(other.map { "\"\($0)\"" } ?? "absent"); SD-JWT VC §3.2.1 requires "
                    + "\"\(SDJWT.mediaType)\"")
        }
    }
}
