import Foundation
import JOSE
import X509

extension StatusListToken {
    /// `typ` of a status list JWT (draft-ietf-oauth-status-list §5.1), in lower case; `application/statuslist+jwt` is
    /// the same type (RFC 7515 §4.1.9 lets the `application/` prefix be omitted).
    static let jwtType = "statuslist+jwt"

    /// Decodes a status list JWT: a JWS compact serialization (RFC 7515 §7.1) whose `typ` is `statuslist+jwt` and
    /// whose claims are those of §5.1.
    static func decodeJWT(_ bytes: [UInt8], limits: StatusListLimits) throws(TrustListError) -> StatusListToken {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, StatusListTokenFormat.isWhiteSpace(bytes[start]) { start += 1 }
        while end > start, StatusListTokenFormat.isWhiteSpace(bytes[end - 1]) { end -= 1 }
        let jwsLimits = JWS.Limits(maxCompactBytes: limits.maxTokenBytes, maxX5CEntries: limits.maxCertificates)
        let jws: JWS
        do {
            jws = try JWS(compactSerialization: String(decoding: bytes[start..<end], as: UTF8.self), limits: jwsLimits)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        guard let type = jws.typ else {
            throw TrustListError(
                .wrongListType, "header.typ is missing; a status list JWT has typ statuslist+jwt (§5.1)")
        }
        var normalized = type.lowercased()
        if normalized.hasPrefix("application/") { normalized.removeFirst("application/".count) }
        guard normalized == jwtType else {
            throw TrustListError(
                .wrongListType,
                "header.typ is \"\(type)\": not a status list token, whose typ is statuslist+jwt "
                    + "(draft-ietf-oauth-status-list §5.1)")
        }
        let certificates = try Self.certificates(jws.x5c ?? [], header: "header.x5c", limits: limits)
        let claims = try jwtClaims(jws.payload, limits: limits)
        // Without white space in front, the token starts with its signing input: one pass gives both digests.
        let digests =
            start == bytes.startIndex
            ? Digest.sha256.hash(bytes, prefix: jws.signingInput.count)
            : (prefix: Digest.sha256.hash(jws.signingInput), whole: Digest.sha256.hash(bytes))
        return StatusListToken(
            format: .jwt, algorithm: jws.alg, type: type, claims: claims, certificates: certificates,
            contentSHA256: digests.prefix, signedBytes: bytes, sha256: digests.whole, warnings: [], envelope: .jws(jws))
    }

    /// Reads the claims of §5.1 from the JWT's payload.
    static func jwtClaims(_ payload: [UInt8], limits: StatusListLimits) throws(TrustListError) -> StatusListClaims {
        let value: JOSE.JSONValue
        do {
            value = try JOSE.JSONValue(
                jsonEncoded: payload, limits: JSONLimits(maxBytes: limits.maxTokenBytes, maxDepth: 32),
                label: "JWT claims")
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        guard let claims = value.objectValue else {
            throw StatusListClaims.malformed("JWT claims", "a JSON object (RFC 7519 §7.2)", found: value.kindName)
        }
        guard let subjectValue = claims["sub"] else { throw StatusListClaims.missing("sub", "§5.1") }
        guard let subject = subjectValue.stringValue else {
            throw StatusListClaims.malformed("sub", "a string, the token's URI", found: subjectValue.kindName)
        }
        guard let issuedAt = try date(claims, "iat") else { throw StatusListClaims.missing("iat", "§5.1") }
        var issuer: String?
        if let issuerValue = claims["iss"] {
            guard let text = issuerValue.stringValue else {
                throw StatusListClaims.malformed("iss", "a string", found: issuerValue.kindName)
            }
            issuer = text
        }
        var timeToLive: TimeInterval?
        if let ttl = claims["ttl"] {
            guard let seconds = ttl.numberValue else {
                throw StatusListClaims.malformed("ttl", "a number of seconds", found: ttl.kindName)
            }
            timeToLive = try StatusListClaims.timeToLive(seconds, path: "ttl")
        }
        guard let listValue = claims["status_list"] else { throw StatusListClaims.missing("status_list", "§5.1") }
        return StatusListClaims(
            subject: subject, issuedAt: issuedAt, expires: try date(claims, "exp"),
            notBefore: try date(claims, "nbf"), timeToLive: timeToLive, issuer: issuer,
            statusList: try jsonStatusList(listValue))
    }

    /// A NumericDate claim (RFC 7519 §2); nil when absent.
    static func date(_ claims: [String: JOSE.JSONValue], _ name: String) throws(TrustListError) -> Date? {
        guard let value = claims[name] else { return nil }
        guard let seconds = value.numberValue else {
            throw StatusListClaims.malformed(name, "a NumericDate, seconds since 1970", found: value.kindName)
        }
        return try StatusListClaims.date(seconds, path: name)
    }

    /// The `status_list` object of §4.2: `bits`, `lst` (base64url), optional `aggregation_uri`.
    static func jsonStatusList(_ value: JOSE.JSONValue) throws(TrustListError) -> CompressedStatusList {
        guard let object = value.objectValue else {
            throw StatusListClaims.malformed("status_list", "a JSON object (§4.2)", found: value.kindName)
        }
        guard let bitsValue = object["bits"] else { throw StatusListClaims.missing("status_list.bits", "§4.2") }
        let bits = try StatusListClaims.bits(
            bitsValue.integerValue, path: "status_list.bits",
            found: bitsValue.numberValue.map { "\($0)" } ?? bitsValue.kindName)
        guard let lstValue = object["lst"] else { throw StatusListClaims.missing("status_list.lst", "§4.2") }
        guard let lst = lstValue.stringValue else {
            throw StatusListClaims.malformed("status_list.lst", "a base64url string", found: lstValue.kindName)
        }
        let compressed: [UInt8]
        do {
            compressed = try Base64URL.decode(lst, path: "status_list.lst", code: .malformedStatusList)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        var aggregationURI: String?
        if let uriValue = object["aggregation_uri"] {
            guard let uri = uriValue.stringValue else {
                throw StatusListClaims.malformed("status_list.aggregation_uri", "a string", found: uriValue.kindName)
            }
            aggregationURI = uri
        }
        return CompressedStatusList(bits: bits, compressed: compressed, aggregationURI: aggregationURI)
    }
}
