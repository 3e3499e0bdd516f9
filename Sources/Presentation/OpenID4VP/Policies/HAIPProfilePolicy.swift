/// HAIP 1.0 §5 and §5.1 for requests that came as `haip-vp://`: signed with JAR by `request_uri`, `x509_hash`
/// client identifiers, response encryption with `direct_post.jwt`. Recorded as warnings, never a refusal: whether
/// the verifier is trusted is decided by the other policies and the reader decision.
struct HAIPProfilePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let url = context.url, url.scheme == .haipVP else { return nil }
        if case .byReference = url.request {
        } else {
            context.warnings.append("haip-vp: HAIP 1.0 §5.1 requires a signed request object by request_uri")
        }
        if context.client.prefix != .x509Hash {
            context.warnings.append(
                "haip-vp: HAIP 1.0 §5 requires the x509_hash client identifier prefix, found "
                    + context.client.prefix.name)
        }
        if context.parameters.responseMode != "direct_post.jwt" {
            context.warnings.append("haip-vp: HAIP 1.0 §5.1 requires response_mode direct_post.jwt")
        }
        return nil
    }
}
