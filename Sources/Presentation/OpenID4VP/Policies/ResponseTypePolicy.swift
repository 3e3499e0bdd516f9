/// `response_type` includes `vp_token` (OpenID4VP 1.0 §5.4; HAIP 1.0 §5: "The Response type MUST be vp_token");
/// `vp_token id_token` (SIOPv2) is accepted. Else `unsupported_response_type`, also when it is absent.
struct ResponseTypePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let responseType = context.parameters.responseType else {
            return PresentationError(
                .unsupportedResponseType, "response_type: missing; expected vp_token (OpenID4VP 1.0 §5.4)")
        }
        // RFC 6749 §3.1.1: a space-delimited list whose order does not matter.
        guard responseType.split(separator: " ").contains("vp_token") else {
            return PresentationError(
                .unsupportedResponseType,
                "response_type \"\(responseType)\" does not include vp_token (OpenID4VP 1.0 §5.4)")
        }
        return nil
    }
}
