import Foundation
import JOSE
import TrustLists

/// A request object's `exp`, `nbf` and `iat`, where present, allow the decision time with the configured skew (RFC
/// 7519 §4.1.4–4.1.6): past `exp` is `request_expired`; before `nbf`, or `iat` in the future, is
/// `request_not_yet_valid`. Unsigned requests pass.
struct RequestTimePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let requestObject = context.requestObject else { return nil }
        let skew = context.options.clockSkew
        let at = "at \(Self.text(context.time)) (skew \(Int(skew)) s)"
        switch requestObject.claims.checkTime(at: context.time, skew: skew) {
        case .valid:
            return nil
        case .expired(let exp):
            return PresentationError(
                .requestExpired, "request.claims.exp \(Self.text(exp)) has passed \(at) (RFC 7519 §4.1.4)")
        case .notYetValid(let nbf):
            return PresentationError(
                .requestNotYetValid,
                "request.claims.nbf \(Self.text(nbf)) is later than \(at) (RFC 7519 §4.1.5)")
        case .issuedInTheFuture(let iat):
            return PresentationError(
                .requestNotYetValid,
                "request.claims.iat \(Self.text(iat)) is in the future \(at) (RFC 7519 §4.1.6)")
        }
    }

    /// A NumericDate as RFC 3339 UTC with its seconds since 1970 (`2026-12-01T10:00:00Z (1796119200)`).
    private static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.towardZero) == seconds && abs(seconds) < 1e15
        return "\(Timestamp.text(date)) (\(whole ? String(Int64(seconds)) : String(seconds)))"
    }
}
