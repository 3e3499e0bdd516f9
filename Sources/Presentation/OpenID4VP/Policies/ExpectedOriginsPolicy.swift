/// A signed request delivered through the Digital Credentials API names the origin it came from (OpenID4VP 1.0
/// Appendix A.2: `expected_origins` is required in signed requests, and the wallet compares it with the origin the
/// platform reports): the caller's origin must be one of `expected_origins`, compared byte for byte (a web origin is
/// ASCII, RFC 6454 §6.2); else `origin_mismatch`, also when `expected_origins` is absent. Requests that did not come
/// through that API pass (their destination is checked instead).
struct ExpectedOriginsPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let origin = context.origin, context.requestObject != nil else { return nil }
        guard let expected = context.parameters.expectedOrigins else {
            return PresentationError(
                .originMismatch,
                "request.claims.expected_origins: missing; a signed request for the Digital Credentials API must name "
                    + "the origins it may come from (OpenID4VP 1.0 Appendix A.2), and this one came from \(origin)")
        }
        guard expected.contains(where: { $0.utf8.elementsEqual(origin.utf8) }) else {
            return PresentationError(
                .originMismatch,
                "the request came from \(origin), which is not in request.claims.expected_origins ("
                    + expected.joined(separator: ", ") + "; OpenID4VP 1.0 Appendix A.2)")
        }
        return nil
    }
}
