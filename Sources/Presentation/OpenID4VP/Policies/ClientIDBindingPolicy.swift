/// The `client_id` the request arrived with (the URL's) and the request object's `client_id` claim are identical,
/// prefix included (OpenID4VP 1.0 §5.10.1: "MUST be identical, including the Client Identifier Prefix"; RFC 9101 §5);
/// else `client_id_mismatch`. Unsigned requests, and request objects received without an outer `client_id`, pass.
struct ClientIDBindingPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard context.requestObject != nil, let outer = context.outerClientID else { return nil }
        guard let inner = context.parameters.clientID else {
            return PresentationError(
                .clientIDMismatch,
                "request.claims.client_id: missing; the URL's client_id is \(outer) (OpenID4VP 1.0 §5.10.1)")
        }
        // Byte for byte: Swift's == would also accept canonically equivalent Unicode.
        guard inner.utf8.elementsEqual(outer.utf8) else {
            return PresentationError(
                .clientIDMismatch,
                "request.claims.client_id \(inner) differs from the URL's client_id \(outer); they must be identical, "
                    + "prefix included (OpenID4VP 1.0 §5.10.1, RFC 9101 §5)")
        }
        return nil
    }
}
