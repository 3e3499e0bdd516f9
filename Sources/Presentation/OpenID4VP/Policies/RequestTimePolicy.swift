import JOSE

/// A request object's `exp`, `nbf` and `iat`, where present, allow the decision time with the configured skew (RFC
/// 7519 §4.1.4–4.1.6): past `exp` is `request_expired`; before `nbf`, or `iat` in the future, is
/// `request_not_yet_valid`. Unsigned requests pass.
struct RequestTimePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let requestObject = context.requestObject else { return nil }
        let skew = context.options.clockSkew
        let at = "at \(context.time.timeIntervalSince1970) (skew \(Int(skew)) s)"
        switch requestObject.claims.checkTime(at: context.time, skew: skew) {
        case .valid:
            return nil
        case .expired(let exp):
            return PresentationError(
                .requestExpired, "request.claims.exp \(exp.timeIntervalSince1970) has passed \(at) (RFC 7519 §4.1.4)")
        case .notYetValid(let nbf):
            return PresentationError(
                .requestNotYetValid,
                "request.claims.nbf \(nbf.timeIntervalSince1970) is later than \(at) (RFC 7519 §4.1.5)")
        case .issuedInTheFuture(let iat):
            return PresentationError(
                .requestNotYetValid,
                "request.claims.iat \(iat.timeIntervalSince1970) is in the future \(at) (RFC 7519 §4.1.6)")
        }
    }
}
