/// Only a signed request authenticates a verifier (OpenID4VP 1.0 §5.9.3): an unsigned one is `unsigned_request`,
/// known only by the domain its response goes to. For `redirect_uri:` that is the prefix's nature; for `x509_san_dns:`,
/// `x509_hash:` and pre-registered clients it is a request that should have been signed. Run last among the request
/// checks, so that an unsigned request still has its parameters checked and its consent data read.
struct SignedRequestPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard context.requestObject == nil else { return nil }
        let domain = context.destinationHost ?? "an unknown domain"
        if context.client.prefix == .redirectURI {
            return PresentationError(
                .unsignedRequest,
                "client_id \(context.client.clientID): redirect_uri requests are not signed (OpenID4VP 1.0 §5.9.3); "
                    + "the verifier is known only by its domain, \(domain)")
        }
        return PresentationError(
            .unsignedRequest,
            "client_id \(context.client.clientID): \(context.client.prefix.name) needs a signed request object "
                + "(OpenID4VP 1.0 §5.9.3), and this request is plain URL parameters; the verifier is known only by its "
                + "domain, \(domain)")
    }
}
