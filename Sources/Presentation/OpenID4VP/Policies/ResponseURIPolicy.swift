/// The response mode has what it needs (OpenID4VP 1.0 §8.2): `direct_post` and `direct_post.jwt` need a
/// `response_uri` (`missing_response_uri`) and forbid `redirect_uri` beside it (`malformed_request`: "the Wallet MUST
/// return an invalid_request"). An absent `response_mode` (§5.2 requires one) or one this module does not know is
/// recorded as a warning.
struct ResponseURIPolicy: RequestPolicy {
    static let knownModes: Set<String> = [
        "direct_post", "direct_post.jwt", "dc_api", "dc_api.jwt", "fragment", "query",
    ]

    func check(_ context: inout RequestContext) -> PresentationError? {
        let parameters = context.parameters
        guard let mode = parameters.responseMode else {
            context.warnings.append(
                "response_mode absent (OpenID4VP 1.0 §5.2 requires it); vp_token's default, fragment, applies")
            return nil
        }
        if !Self.knownModes.contains(mode) {
            context.warnings.append("response_mode \(mode) is not one OpenID4VP 1.0 defines")
        }
        guard parameters.usesDirectPost else { return nil }
        guard parameters.responseURI != nil else {
            return PresentationError(
                .missingResponseURI, "response_uri: missing; response_mode \(mode) requires it (OpenID4VP 1.0 §8.2)")
        }
        guard parameters.redirectURI == nil else {
            return PresentationError(
                .malformedRequest,
                "redirect_uri: must not be present with response_mode \(mode) and a response_uri (OpenID4VP 1.0 §8.2)")
        }
        return nil
    }
}
