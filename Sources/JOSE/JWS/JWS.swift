import X509

/// A JWS in the compact serialization (RFC 7515 §7.1), decoded but not verified: `BASE64URL(header) '.'
/// BASE64URL(payload) '.' BASE64URL(signature)`, with the protected header as a JSON object, the payload and the
/// signature as bytes, and the signing input kept exactly as received.
///
/// Decoding checks limits first, then structure, then the header: `alg` must name a supported algorithm (so `none`
/// and HMAC are refused here), `crit` must list only understood extensions, `b64` must not be false, `x5c` must be
/// standard base64. Nothing here decides which key verifies: ``verify(with:)`` takes the key the caller trusts (for
/// example the `x5c` leaf's, after the chain is validated) and checks that `alg` fits it.
public struct JWS: Sendable, Hashable {
    /// The protected header (RFC 7515 §4), a JSON object with unique member names.
    public let protectedHeader: [String: JSONValue]
    /// The payload, base64url-decoded (RFC 7515 §2: the JWS Payload).
    public let payload: [UInt8]
    /// The signature, base64url-decoded: raw `r‖s` for ECDSA (RFC 7518 §3.4), 64 bytes for EdDSA (RFC 8037 §3.1).
    public let signature: [UInt8]
    /// The JWS signing input, as received: the ASCII of `BASE64URL(header) '.' BASE64URL(payload)` (RFC 7515 §5.2
    /// step 8), never re-encoded.
    public let signingInput: [UInt8]
    /// The unprotected header of the JWS JSON serialization (RFC 7515 §7.2.1 `header`); nil for the compact
    /// serialization and when absent. Its members are not signed, and nothing here reads them.
    public let unprotectedHeader: [String: JSONValue]?
    /// The header's `alg` (RFC 7515 §4.1.1), a supported algorithm.
    public let alg: JWSAlgorithm
    /// The header's `typ` (RFC 7515 §4.1.9), e.g. `oauth-authz-req+jwt`; nil when absent.
    public let typ: String?
    /// The header's `kid` (RFC 7515 §4.1.4); nil when absent.
    public let kid: String?
    /// The header's `x5c` (RFC 7515 §4.1.6) as DER certificates, leaf first, never empty; nil when absent. Not yet
    /// parsed: see ``x5cCertificates()``.
    public let x5c: [[UInt8]]?

    /// Whether the header carries a `jwk` (RFC 7515 §4.1.3). The key in it is never used to verify: a key the
    /// sender chose proves nothing.
    public var hasJWK: Bool { protectedHeader["jwk"] != nil }

    /// Decodes a JWS compact serialization (RFC 7515 §7.1; steps 1–7 of §5.2), limits first.
    ///
    /// - Parameters:
    ///   - compactSerialization: the three base64url segments joined by `.`.
    ///   - limits: size bounds, checked before what they bound is decoded.
    ///   - understoodCriticalHeaders: extension names the caller processes and so accepts in `crit` (RFC 7515
    ///     §4.1.11); `b64` (RFC 7797) is handled here.
    /// - Throws:
    ///   - `limits_exceeded`: the serialization, the header, its nesting or `x5c` over ``Limits``.
    ///   - `malformed_jws`: not exactly three segments; a segment that is not canonical unpadded base64url; an
    ///     empty header segment; a header that is JSON but not an object; `typ`, `kid`, `alg`, `jwk`, `crit` or
    ///     `b64` of the wrong type; an empty signature.
    ///   - `malformed_json`: a header that is not well-formed JSON, including a duplicate member name.
    ///   - `unsupported_alg`: `alg` absent, `none`, HMAC or any other unsupported name.
    ///   - `unknown_critical_header`: `crit` names an extension not understood, or `b64` is false.
    ///   - `malformed_x5c`: `x5c` not a non-empty array of standard base64 strings.
    public init(
        compactSerialization: String, limits: Limits = Limits(), understoodCriticalHeaders: Set<String> = []
    ) throws(JOSEError) {
        // String.utf8.count is constant-time for native strings: a 10 MB input is refused before it is read.
        let size = compactSerialization.utf8.count
        guard size <= limits.maxCompactBytes else {
            throw JOSEError(
                .limitsExceeded, "JWS of \(size) bytes; the limit is \(limits.maxCompactBytes) (compact serialization)")
        }
        try self.init(
            compactBytes: Array(compactSerialization.utf8)[...], limits: limits,
            understoodCriticalHeaders: understoodCriticalHeaders)
    }

    /// ``init(compactSerialization:limits:understoodCriticalHeaders:)`` over the serialization's bytes, already
    /// within ``Limits/maxCompactBytes`` (a signed document read from a file, not copied into a `String`).
    init(
        compactBytes bytes: ArraySlice<UInt8>, limits: Limits, understoodCriticalHeaders: Set<String>
    ) throws(JOSEError) {
        // The first two dots and how many there are, in one pass.
        var dots: [Int] = []
        var dotCount = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let raw = UnsafeRawPointer(buffer.baseAddress) else { return }
            let ones: UInt64 = 0x0101_0101_0101_0101
            var offset = 0
            while offset < buffer.count {
                // Eight bytes at a time while none is a dot (SWAR: a zero byte after the XOR sets its top bit).
                if offset + 8 <= buffer.count {
                    let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) ^ (ones &* 0x2E)
                    if (word &- ones) & ~word & (ones &* 0x80) == 0 {
                        offset += 8
                        continue
                    }
                }
                if buffer[offset] == UInt8(ascii: ".") {
                    if dotCount < 2 { dots.append(bytes.startIndex + offset) }
                    dotCount += 1
                }
                offset += 1
            }
        }
        guard dotCount == 2 else {
            let jwe = dotCount == 4 ? " (five segments is a JWE, RFC 7516 §7.1, not a JWS)" : ""
            throw JOSEError(
                .malformedJWS,
                "expected 3 segments header.payload.signature (RFC 7515 §7.1), found \(dotCount + 1)\(jwe)")
        }
        try self.init(
            headerSegment: bytes[..<dots[0]], payloadSegment: bytes[(dots[0] + 1)..<dots[1]],
            signatureSegment: bytes[(dots[1] + 1)...], unprotectedHeader: nil, limits: limits,
            understoodCriticalHeaders: understoodCriticalHeaders)
    }

    /// Decodes the three base64url parts of a JWS, from either serialization (RFC 7515 §5.2 steps 2–7): the protected
    /// header, the payload and the signature, as their ASCII text; the signing input is `header '.' payload`.
    init(
        headerSegment: ArraySlice<UInt8>, payloadSegment: ArraySlice<UInt8>, signatureSegment: ArraySlice<UInt8>,
        unprotectedHeader: [String: JSONValue]?, limits: Limits, understoodCriticalHeaders: Set<String>
    ) throws(JOSEError) {
        guard !headerSegment.isEmpty else {
            throw JOSEError(
                .malformedJWS, "header: expected a base64url JSON object (RFC 7515 §7.1), found an empty segment")
        }
        // Unpadded base64url of n characters decodes to floor(3n/4) bytes.
        let headerSize = headerSegment.count * 3 / 4
        guard headerSize <= limits.maxHeaderBytes else {
            throw JOSEError(
                .limitsExceeded, "header: \(headerSize) bytes of JSON; the limit is \(limits.maxHeaderBytes)")
        }
        let headerBytes = try Base64URL.decode(utf8: headerSegment, path: "header")
        let header = try JSONValue(jsonEncoded: headerBytes, limits: limits.header, label: "header")
        guard let headerObject = header.objectValue else {
            throw JOSEError(.malformedJWS, "header: expected a JSON object (RFC 7515 §4), found \(header.kindName)")
        }

        guard let algValue = headerObject["alg"] else {
            throw JOSEError(.unsupportedAlgorithm, "header.alg: missing; RFC 7515 §4.1.1 requires it")
        }
        guard let algName = algValue.stringValue else {
            throw JOSEError(.malformedJWS, "header.alg: expected a string, found \(algValue.kindName)")
        }
        self.alg = try JWSAlgorithm(headerValue: algName)
        try CriticalHeaders.check(headerObject, understood: understoodCriticalHeaders)
        self.typ = try Self.optionalString(headerObject, "typ")
        self.kid = try Self.optionalString(headerObject, "kid")
        if let jwk = headerObject["jwk"], jwk.objectValue == nil {
            throw JOSEError(
                .malformedJWS, "header.jwk: expected a JSON object (RFC 7515 §4.1.3), found \(jwk.kindName)")
        }
        self.x5c = try headerObject["x5c"].map { value throws(JOSEError) in
            try X5C.decode(value, maxEntries: limits.maxX5CEntries)
        }

        self.payload = try Base64URL.decode(utf8: payloadSegment, path: "payload")
        guard !signatureSegment.isEmpty else {
            throw JOSEError(
                .malformedJWS,
                "signature: expected a \(alg.rawValue) signature, found an empty segment")
        }
        self.signature = try Base64URL.decode(utf8: signatureSegment, path: "signature")
        self.protectedHeader = headerObject
        self.unprotectedHeader = unprotectedHeader
        var signingInput: [UInt8] = []
        signingInput.reserveCapacity(headerSegment.count + 1 + payloadSegment.count)
        signingInput.append(contentsOf: headerSegment)
        signingInput.append(UInt8(ascii: "."))
        signingInput.append(contentsOf: payloadSegment)
        self.signingInput = signingInput
    }

    private static func optionalString(_ header: [String: JSONValue], _ name: String) throws(JOSEError) -> String? {
        guard let value = header[name] else { return nil }
        guard let text = value.stringValue else {
            throw JOSEError(.malformedJWS, "header.\(name): expected a string, found \(value.kindName)")
        }
        return text
    }
}
