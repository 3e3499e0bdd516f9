import Foundation

/// The claims of a status list token the draft defines (draft-ietf-oauth-status-list §5.1 JWT, §5.2 CWT), read by
/// the JWT and CWT decoders into one shape: `sub`, `iat` and `status_list` required, the others optional.
struct StatusListClaims: Sendable {
    var subject: String
    var issuedAt: Date
    var expires: Date?
    var notBefore: Date?
    var timeToLive: TimeInterval?
    var issuer: String?
    var statusList: CompressedStatusList

    /// The error for a claim of the wrong shape, naming it.
    static func malformed(_ claim: String, _ expected: String, found: String) -> TrustListError {
        TrustListError(.malformedStatusList, "\(claim): expected \(expected), found \(found)")
    }

    /// The error for a required claim that is absent.
    static func missing(_ claim: String, _ section: String) -> TrustListError {
        TrustListError(.malformedStatusList, "\(claim) is missing; draft-ietf-oauth-status-list \(section) requires it")
    }

    /// A `bits` value, checked against 1, 2, 4, 8 (§4.2, §4.3).
    static func bits(_ value: Int64?, path: String, found: String) throws(TrustListError) -> StatusListBits {
        guard let value, let bits = StatusListBits(claim: value) else {
            throw malformed(path, "1, 2, 4 or 8 (draft-ietf-oauth-status-list §4.1)", found: found)
        }
        return bits
    }

    /// A `ttl` in seconds, which must be positive (§5.1, §5.2).
    static func timeToLive(_ seconds: Double, path: String) throws(TrustListError) -> TimeInterval {
        guard seconds.isFinite, seconds > 0, seconds <= 9_007_199_254_740_992 else {
            throw malformed(path, "a positive number of seconds (draft-ietf-oauth-status-list §5)", found: "\(seconds)")
        }
        return seconds
    }

    /// A NumericDate (RFC 7519 §2, RFC 8392 §2), seconds since 1970-01-01T00:00:00Z, within what a `Date` holds.
    static func date(_ seconds: Double, path: String) throws(TrustListError) -> Date {
        // ±2^53 s is far outside any date a list carries, and keeps the arithmetic on it exact.
        guard seconds.isFinite, abs(seconds) <= 9_007_199_254_740_992 else {
            throw malformed(path, "a NumericDate, seconds since 1970", found: "\(seconds)")
        }
        return Date(timeIntervalSince1970: seconds)
    }
}
