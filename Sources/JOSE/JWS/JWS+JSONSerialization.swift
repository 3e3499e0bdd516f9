import X509

extension JWS {
    /// Decodes a JWS in the JSON serialization (RFC 7515 §7.2) that carries exactly one signature: the flattened
    /// syntax (§7.2.2, `payload`, `protected`, `header`, `signature` at the top) or the general syntax (§7.2.1) with a
    /// `signatures` array of one entry.
    ///
    /// The document is read with the module's limited JSON reader (duplicate member names refused). The protected
    /// header is required (every header parameter this module acts on must be signed); the unprotected `header`, when
    /// present, must be an object whose names are disjoint from the protected header's (RFC 7515 §7.2.1), without
    /// `crit` or `b64` (both must be integrity protected), and is kept as ``unprotectedHeader`` but never read here. The signing input is `protected '.' payload` as the document
    /// spells them, so the bytes are verified exactly as signed. Other top-level members are ignored (RFC 7515 §7.2.1
    /// lets a recipient ignore members it does not understand).
    /// - Parameters:
    ///   - bytes: the JSON text, UTF-8.
    ///   - limits: bounds; ``Limits/maxCompactBytes`` bounds the whole document.
    ///   - understoodCriticalHeaders: extension names the caller processes (RFC 7515 §4.1.11).
    /// - Throws: the errors of ``init(compactSerialization:limits:understoodCriticalHeaders:)``, and `malformed_jws`
    ///   when the document is not an object, `payload`, `protected` or `signature` is missing or not a string, there
    ///   are zero or several signatures, `signatures` and `signature` both occur, or the unprotected header is not an
    ///   object, repeats a protected name or holds `crit` or `b64`; `malformed_json` when the text is not JSON.
    public init(
        jsonSerialization bytes: [UInt8], limits: Limits = Limits(), understoodCriticalHeaders: Set<String> = []
    ) throws(JOSEError) {
        guard bytes.count <= limits.maxCompactBytes else {
            throw JOSEError(
                .limitsExceeded,
                "JWS of \(bytes.count) bytes; the limit is \(limits.maxCompactBytes) (JSON serialization)")
        }
        let document = try JSONValue(
            jsonEncoded: bytes,
            limits: JSONLimits(maxBytes: limits.maxCompactBytes, maxDepth: limits.maxHeaderDepth + 2),
            label: "JWS JSON serialization")
        guard let top = document.objectValue else {
            throw JOSEError(
                .malformedJWS, "expected a JSON object (RFC 7515 §7.2), found \(document.kindName)")
        }
        let signatureObject: [String: JSONValue]
        let path: String
        if let signatures = top["signatures"] {
            guard top["signature"] == nil, top["protected"] == nil, top["header"] == nil else {
                throw JOSEError(
                    .malformedJWS,
                    "signatures: the general syntax (RFC 7515 §7.2.1) must not also carry signature, protected or header"
                        + " at the top")
            }
            guard let entries = signatures.arrayValue else {
                throw JOSEError(.malformedJWS, "signatures: expected an array, found \(signatures.kindName)")
            }
            guard entries.count == 1 else {
                throw JOSEError(
                    .malformedJWS, "signatures: expected exactly one signature, found \(entries.count)")
            }
            guard let entry = entries[0].objectValue else {
                throw JOSEError(.malformedJWS, "signatures[0]: expected an object, found \(entries[0].kindName)")
            }
            signatureObject = entry
            path = "signatures[0]."
        } else {
            signatureObject = top
            path = ""
        }
        let payload = try Self.member(top, "payload", path: "")
        let protected = try Self.member(signatureObject, "protected", path: path)
        let signature = try Self.member(signatureObject, "signature", path: path)
        var unprotected: [String: JSONValue]?
        if let header = signatureObject["header"] {
            guard let object = header.objectValue else {
                throw JOSEError(.malformedJWS, "\(path)header: expected an object, found \(header.kindName)")
            }
            unprotected = object
        }
        try self.init(
            headerSegment: ArraySlice(protected.utf8), payloadSegment: ArraySlice(payload.utf8),
            signatureSegment: ArraySlice(signature.utf8), unprotectedHeader: unprotected, limits: limits,
            understoodCriticalHeaders: understoodCriticalHeaders)
        if let unprotected, let name = unprotected.keys.sorted().first(where: { protectedHeader[$0] != nil }) {
            throw JOSEError(
                .malformedJWS,
                "\(path)header.\(name) also occurs in the protected header; RFC 7515 §7.2.1 requires disjoint names")
        }
        if let unprotected, let name = Self.protectedOnly.first(where: { unprotected[$0] != nil }) {
            throw JOSEError(
                .malformedJWS,
                "\(path)header.\(name): must be integrity protected, so it may occur only in the protected header "
                    + "(RFC 7515 §4.1.11, RFC 7797 §3); an unsigned copy could change how the JWS is processed")
        }
    }

    /// The header parameters that must be integrity protected: `crit` (RFC 7515 §4.1.11) and `b64` (RFC 7797 §3).
    static let protectedOnly = ["crit", "b64"]

    /// A required string member of the JSON serialization.
    private static func member(_ object: [String: JSONValue], _ name: String, path: String) throws(JOSEError) -> String
    {
        guard let value = object[name] else {
            throw JOSEError(.malformedJWS, "\(path)\(name): missing; a JWS in the JSON serialization needs it")
        }
        guard let text = value.stringValue else {
            throw JOSEError(.malformedJWS, "\(path)\(name): expected a base64url string, found \(value.kindName)")
        }
        return text
    }
}
