/// The response mode has what it needs (OpenID4VP 1.0 §8.2): `direct_post` and `direct_post.jwt` need a
/// `response_uri` (`missing_response_uri`) and forbid `redirect_uri` beside it (`malformed_request`: "the Wallet MUST
/// return an invalid_request"). A URI the mode does not use is left out of the answer, with a warning. Runs after
/// ``ResponseModePolicy``, so the mode is present and known.
struct ResponseURIPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        let parameters = context.parameters
        guard let mode = parameters.responseMode else { return nil }
        guard parameters.usesDirectPost else {
            for (name, value) in [("response_uri", parameters.responseURI), ("redirect_uri", parameters.redirectURI)]
            where value != nil && value != parameters.responseDestination {
                context.warnings.append(
                    "\(name) ignored and left out of the answer: response_mode \(mode) does not send the response there"
                )
            }
            return nil
        }
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
