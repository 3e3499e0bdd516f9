import X509

/// The checks of `crit` (RFC 7515 §4.1.11) and of `b64` (RFC 7797 §3), the header parameters that change how a JWS
/// must be processed: a recipient that does not process an extension `crit` names must refuse the JWS.
enum CriticalHeaders {
    /// The header parameter names RFC 7515 §4.1 and RFC 7518 define for JWS, which `crit` must not list.
    static let registered: Set<String> = [
        "alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit",
    ]

    /// The extensions this module processes itself: `b64` (accepted only as `true`, the default).
    static let processed: Set<String> = ["b64"]

    /// Checks `crit` and `b64` of a protected header.
    /// - Parameters:
    ///   - header: the protected header.
    ///   - understood: the further extension names the caller processes.
    /// - Throws: `malformed_jws` when `crit` is not a non-empty array of distinct strings, lists a registered name
    ///   or a name absent from the header, or `b64` is not a boolean; `unknown_critical_header` for a name neither
    ///   this module nor the caller processes, and for `b64: false` (the unencoded payload of RFC 7797 is not
    ///   supported, and RFC 7797 §6 requires `b64` to be critical, so a recipient without it must refuse).
    static func check(_ header: [String: JSONValue], understood: Set<String>) throws(JOSEError) {
        if let b64 = header["b64"] {
            guard let encoded = b64.boolValue else {
                throw JOSEError(.malformedJWS, "header.b64: expected a boolean (RFC 7797 §3), found \(b64.kindName)")
            }
            guard encoded else {
                throw JOSEError(
                    .unknownCriticalHeader,
                    "header.b64 is false: the unencoded payload option (RFC 7797) is not supported")
            }
        }
        guard let crit = header["crit"] else { return }
        guard let names = crit.arrayValue, !names.isEmpty else {
            let found = crit.arrayValue == nil ? crit.kindName : "an empty array"
            throw JOSEError(
                .malformedJWS, "header.crit: expected a non-empty array of strings (RFC 7515 §4.1.11), found \(found)")
        }
        var seen: Set<String> = []
        for (index, element) in names.enumerated() {
            let path = "header.crit[\(index)]"
            guard let name = element.stringValue else {
                throw JOSEError(.malformedJWS, "\(path): expected a string, found \(element.kindName)")
            }
            guard seen.insert(name).inserted else {
                throw JOSEError(.malformedJWS, "\(path): \"\(name)\" is listed twice (RFC 7515 §4.1.11)")
            }
            guard !registered.contains(name) else {
                throw JOSEError(
                    .malformedJWS, "\(path): \"\(name)\" is defined by RFC 7515/7518 and must not be listed")
            }
            guard header[name] != nil else {
                throw JOSEError(.malformedJWS, "\(path): \"\(name)\" does not occur in the protected header")
            }
            guard processed.contains(name) || understood.contains(name) else {
                throw JOSEError(
                    .unknownCriticalHeader,
                    "\(path): the extension \"\(name)\" is critical and not understood (RFC 7515 §4.1.11)")
            }
        }
    }
}
