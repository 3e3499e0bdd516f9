import Foundation

/// The outcome of checking a JWT's times at one instant (RFC 7519 §4.1.4–4.1.6): valid, or the first of the three
/// reasons it is not. An expected negative outcome, so a value, not an error.
public enum JWTTimeCheck: Sendable, Hashable, CustomStringConvertible {
    /// Every present time claim allows the instant (absent claims allow every instant).
    case valid
    /// The instant is at or past `exp` plus the skew (RFC 7519 §4.1.4: the current time must be before `exp`).
    case expired(exp: Date)
    /// The instant is before `nbf` minus the skew (RFC 7519 §4.1.5).
    case notYetValid(nbf: Date)
    /// `iat` is later than the instant plus the skew: the JWT claims to have been issued in the future
    /// (RFC 7519 §4.1.6 gives `iat` no rule; refusing this is a common profile, e.g. OpenID4VP request objects).
    case issuedInTheFuture(iat: Date)

    /// Whether the check passed.
    public var isValid: Bool { self == .valid }

    /// The outcome in words, with the claim's time in seconds since the epoch.
    public var description: String {
        switch self {
        case .valid: "valid"
        case .expired(let exp): "expired: exp \(exp.timeIntervalSince1970)"
        case .notYetValid(let nbf): "not yet valid: nbf \(nbf.timeIntervalSince1970)"
        case .issuedInTheFuture(let iat): "issued in the future: iat \(iat.timeIntervalSince1970)"
        }
    }
}

extension JWTClaims {
    /// Checks `exp`, `nbf` and `iat` at `time`, allowing `skew` for clocks that disagree.
    /// - Parameters:
    ///   - time: the instant to check at, supplied by the caller (never read from the clock here).
    ///   - skew: the tolerance in seconds, at least 0 (a negative value counts as 0).
    /// - Returns: ``JWTTimeCheck/valid``, or the first failure in the order `exp`, `nbf`, `iat`.
    public func checkTime(at time: Date, skew: TimeInterval = 0) -> JWTTimeCheck {
        let skew = max(skew, 0)
        if let exp, time >= exp.addingTimeInterval(skew) { return .expired(exp: exp) }
        if let nbf, time < nbf.addingTimeInterval(-skew) { return .notYetValid(nbf: nbf) }
        if let iat, iat > time.addingTimeInterval(skew) { return .issuedInTheFuture(iat: iat) }
        return .valid
    }
}
