/// A request object's `aud` names this wallet: `https://self-issued.me/v2` (static discovery, OpenID4VP 1.0 §5.8) or
/// the wallet's configured issuer (dynamic discovery); else `wrong_audience`, also when `aud` is absent.
///
/// One exception: a request the caller says came through the Digital Credentials API, without `aud`, passes with a
/// warning, since there the platform binds the request to the verifier's origin (`expected_origins`, OpenID4VP 1.0
/// Appendix A.2, checked by ``ExpectedOriginsPolicy``). Unsigned requests pass.
struct AudiencePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let requestObject = context.requestObject else { return nil }
        let accepted = context.options.acceptedAudiences
        let expected = accepted.sorted().joined(separator: " or ")
        guard let audiences = requestObject.claims.aud else {
            if context.viaDigitalCredentialsAPI {
                context.warnings.append(
                    "request.claims.aud absent, tolerated for the Digital Credentials API: the platform binds the "
                        + "request to the origin (expected_origins, OpenID4VP 1.0 Appendix A.2)")
                return nil
            }
            return PresentationError(
                .wrongAudience, "request.claims.aud: missing; expected \(expected) (OpenID4VP 1.0 §5.8)")
        }
        guard audiences.contains(where: accepted.contains) else {
            return PresentationError(
                .wrongAudience,
                "request.claims.aud: expected \(expected) (OpenID4VP 1.0 §5.8), found "
                    + audiences.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return nil
    }
}
