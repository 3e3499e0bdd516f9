/// The response mode is present, known, and fits how the request arrived (OpenID4VP 1.0 §5.2, §8, Appendix A.2):
/// - absent: `malformed_request` (§5.2: `response_mode` is required; a wallet that guessed a default would send the
///   response to a URI nobody checked);
/// - not `direct_post`, `direct_post.jwt`, `dc_api`, `dc_api.jwt`, `fragment` or `query`: `unsupported_response_mode`;
/// - `dc_api` or `dc_api.jwt` on a request the caller did not say came through the Digital Credentials API (no
///   origin): `unsupported_response_mode`, since only the platform of that API binds such a response to the verifier
///   (§5.9.3 waives the host rule only "when the interaction is using the DC API");
/// - a request that came through the Digital Credentials API with another mode: `unsupported_response_mode`
///   (Appendix A.2: the response mode is `dc_api` or `dc_api.jwt`).
struct ResponseModePolicy: RequestPolicy {
    static let knownModes: Set<String> = [
        "direct_post", "direct_post.jwt", "dc_api", "dc_api.jwt", "fragment", "query",
    ]

    func check(_ context: inout RequestContext) -> PresentationError? {
        let parameters = context.parameters
        guard let mode = parameters.responseMode else {
            return PresentationError(
                .malformedRequest,
                "response_mode: missing; OpenID4VP 1.0 §5.2 requires it, and without it nothing says where the "
                    + "response goes")
        }
        guard Self.knownModes.contains(mode) else {
            return PresentationError(
                .unsupportedResponseMode,
                "response_mode \(mode) is not one this wallet supports: direct_post, direct_post.jwt, dc_api, "
                    + "dc_api.jwt, fragment, query (OpenID4VP 1.0 §8)")
        }
        switch (parameters.usesDigitalCredentialsAPI, context.origin) {
        case (true, nil):
            return PresentationError(
                .unsupportedResponseMode,
                "response_mode \(mode) is for requests the platform delivers through the Digital Credentials API "
                    + "(OpenID4VP 1.0 Appendix A), and this one was not said to come that way (no origin was given: "
                    + "trustctl query request --file … --dc-api-origin ORIGIN, or origin in the HTTP API)")
        case (false, let origin?):
            return PresentationError(
                .unsupportedResponseMode,
                "response_mode \(mode): a request delivered through the Digital Credentials API (origin \(origin)) "
                    + "answers with dc_api or dc_api.jwt (OpenID4VP 1.0 Appendix A.2)")
        default:
            return nil
        }
    }
}
