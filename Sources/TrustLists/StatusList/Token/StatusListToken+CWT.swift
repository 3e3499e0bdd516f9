import COSE
import Foundation
import X509

extension StatusListToken {
    /// The protected `typ` (RFC 9596, label 16) of a status list CWT, in lower case (draft-ietf-oauth-status-list
    /// §5.2; a media type, so compared without regard to case, RFC 6838 §4.2).
    static let cwtType = "application/statuslist+cwt"

    /// The CWT claim keys of §5.2 (and RFC 8392 §3.1).
    enum CWTClaim {
        static let issuer: Int64 = 1
        static let subject: Int64 = 2
        static let expires: Int64 = 4
        static let notBefore: Int64 = 5
        static let issuedAt: Int64 = 6
        static let statusList: Int64 = 65533
        static let timeToLive: Int64 = 65534
    }

    /// The `typ` header label (RFC 9596 §2).
    static let typeLabel: Int64 = 16

    /// Decodes a status list CWT: a COSE_Sign1 (RFC 9052 §4.2) whose protected `typ` is `application/statuslist+cwt`
    /// and whose payload is a CWT claims set (RFC 8392) with the claims of §5.2.
    static func decodeCWT(_ bytes: [UInt8], limits: StatusListLimits) throws(TrustListError) -> StatusListToken {
        let cborLimits = CBORDecoder.Limits(maxInputBytes: limits.maxTokenBytes)
        let message: COSESign1
        do {
            message = try COSESign1(cborEncoded: bytes, limits: cborLimits)
        } catch {
            throw TrustListError(error.code, "status list CWT: \(error.reason)")
        }
        var warnings: [String] = []
        if !message.isTagged {
            warnings.append(
                "the CWT is an untagged COSE_Sign1: draft-ietf-oauth-status-list §5.2 (since -15) requires "
                    + "COSE_Sign1_Tagged (tag 18); earlier drafts required it untagged")
        }
        let type = try cwtType(message)
        let algorithm: SignatureAlgorithm
        let chain: X5Chain?
        do {
            try message.checkCriticalHeaders(understood: COSESign1.understoodLabels.union([.int(typeLabel)]))
            algorithm = try message.algorithm().signatureAlgorithm
            chain = try message.x5chain()
        } catch {
            throw TrustListError(error.code, "status list CWT: \(error.reason)")
        }
        let certificates = try Self.certificates(
            chain?.certificates ?? [],
            header: chain?.isProtected == false ? "unprotected.x5chain" : "protected.x5chain",
            limits: limits)
        guard let payload = message.payloadSlice else {
            throw TrustListError(.detachedPayload, "status list CWT: the payload is detached (nil); a CWT carries it")
        }
        let claims = try cwtClaims(payload, limits: cborLimits)
        let contentSHA256: [UInt8]
        do {
            contentSHA256 = try message.toBeSignedDigest(.sha256)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        return StatusListToken(
            format: .cwt, algorithm: algorithm, type: type, claims: claims, certificates: certificates,
            contentSHA256: contentSHA256, signedBytes: bytes, sha256: Digest.sha256.hash(bytes),
            warnings: warnings,
            envelope: .cose(message))
    }

    /// The protected `typ`, which must be `application/statuslist+cwt`.
    /// - Throws: ``TrustListError`` `wrong_list_type`: absent, only unprotected, a CoAP Content-Format number (none is
    ///   registered for status lists yet), or another media type.
    static func cwtType(_ message: COSESign1) throws(TrustListError) -> String {
        guard let node = message.protectedHeader[typeLabel] else {
            let place = message.unprotectedHeader[typeLabel] == nil ? "absent" : "only in the unprotected header"
            throw TrustListError(
                .wrongListType,
                "protected typ (16) is \(place): a status list CWT has typ application/statuslist+cwt in its protected "
                    + "header (draft-ietf-oauth-status-list §5.2, RFC 9596)")
        }
        guard case .textString(let type) = node.content else {
            throw TrustListError(
                .wrongListType,
                "protected typ (16) is a \(kind(CBORReader(node))), not the text application/statuslist+cwt "
                    + "(draft-ietf-oauth-status-list §5.2; no CoAP Content-Format is registered for it yet)")
        }
        guard type.lowercased() == cwtType else {
            throw TrustListError(
                .wrongListType,
                "protected typ (16) is \"\(type)\": not a status list token, whose typ is application/statuslist+cwt "
                    + "(draft-ietf-oauth-status-list §5.2)")
        }
        return type
    }

    /// Reads the claims of §5.2 from the CWT's payload (a CBOR map with integer keys, RFC 8392 §7.1).
    static func cwtClaims(
        _ payload: ArraySlice<UInt8>, limits: CBORDecoder.Limits
    ) throws(TrustListError) -> StatusListClaims {
        let node: CBORNode
        do {
            node = try CBORDecoder(limits: limits).decode(payload)
        } catch let error as COSEError {
            throw TrustListError(error.code, "CWT claims: \(error.reason)")
        } catch {
            throw TrustListError(.malformedCBOR, "CWT claims: \(error)")
        }
        guard case .map(let entries) = node.content else {
            throw StatusListClaims.malformed("CWT claims", "a map (RFC 8392 §7)", found: kind(CBORReader(node)))
        }
        let claims = CBORMapReader(entries: entries, path: "claims")
        guard let subjectReader = claims.optional(CWTClaim.subject) else {
            throw StatusListClaims.missing("sub (2)", "§5.2")
        }
        guard case .textString(let subject) = subjectReader.node.content else {
            throw StatusListClaims.malformed("sub (2)", "a text string, the token's URI", found: kind(subjectReader))
        }
        guard let issuedAt = try date(claims, CWTClaim.issuedAt, "iat (6)") else {
            throw StatusListClaims.missing("iat (6)", "§5.2")
        }
        var issuer: String?
        if let issuerReader = claims.optional(CWTClaim.issuer) {
            guard case .textString(let text) = issuerReader.node.content else {
                throw StatusListClaims.malformed("iss (1)", "a text string", found: kind(issuerReader))
            }
            issuer = text
        }
        var timeToLive: TimeInterval?
        if let ttl = claims.optional(CWTClaim.timeToLive) {
            guard case .unsigned(let seconds) = ttl.node.content else {
                throw StatusListClaims.malformed("ttl (65534)", "an unsigned integer of seconds", found: kind(ttl))
            }
            timeToLive = try StatusListClaims.timeToLive(Double(seconds), path: "ttl (65534)")
        }
        guard let list = claims.optional(CWTClaim.statusList) else {
            throw StatusListClaims.missing("status_list (65533)", "§5.2")
        }
        return StatusListClaims(
            subject: subject, issuedAt: issuedAt, expires: try date(claims, CWTClaim.expires, "exp (4)"),
            notBefore: try date(claims, CWTClaim.notBefore, "nbf (5)"), timeToLive: timeToLive, issuer: issuer,
            statusList: try cborStatusList(list))
    }

    /// A NumericDate claim (RFC 8392 §2: an integer or a floating-point number, without tag 1); nil when absent.
    static func date(_ claims: CBORMapReader, _ label: Int64, _ name: String) throws(TrustListError) -> Date? {
        guard let reader = claims.optional(label) else { return nil }
        let seconds: Double
        switch reader.node.content {
        case .unsigned(let value): seconds = Double(value)
        case .negative(let value): seconds = -1 - Double(value)
        case .float(let value): seconds = value
        default:
            throw StatusListClaims.malformed(
                name, "a NumericDate, an integer or float of seconds since 1970 without tag 1 (RFC 8392 §2)",
                found: kind(reader))
        }
        return try StatusListClaims.date(seconds, path: name)
    }

    /// The `StatusList` map of §4.3: `bits` (uint), `lst` (bstr), optional `aggregation_uri` (tstr).
    static func cborStatusList(_ reader: CBORReader) throws(TrustListError) -> CompressedStatusList {
        guard case .map(let entries) = reader.node.content else {
            throw StatusListClaims.malformed("status_list (65533)", "a map (§4.3)", found: kind(reader))
        }
        let list = CBORMapReader(entries: entries, path: "status_list")
        guard let bitsReader = list.optional("bits") else { throw StatusListClaims.missing("status_list.bits", "§4.3") }
        var bitsValue: Int64?
        if case .unsigned(let value) = bitsReader.node.content { bitsValue = Int64(clamping: value) }
        let bits = try StatusListClaims.bits(bitsValue, path: "status_list.bits", found: kind(bitsReader))
        guard let lstReader = list.optional("lst") else { throw StatusListClaims.missing("status_list.lst", "§4.3") }
        guard case .byteString(let lst) = lstReader.node.content else {
            throw StatusListClaims.malformed("status_list.lst", "a byte string (§4.3)", found: kind(lstReader))
        }
        var aggregationURI: String?
        if let uriReader = list.optional("aggregation_uri") {
            guard case .textString(let uri) = uriReader.node.content else {
                throw StatusListClaims.malformed("status_list.aggregation_uri", "a text string", found: kind(uriReader))
            }
            aggregationURI = uri
        }
        return CompressedStatusList(bits: bits, compressed: Array(lst), aggregationURI: aggregationURI)
    }

    /// The kind of an item in words, for messages (`byte string`, `map`, `unsigned integer 3`).
    static func kind(_ reader: CBORReader) -> String {
        switch reader.node.content {
        case .unsigned(let value): "unsigned integer \(value)"
        case .negative: "negative integer"
        case .byteString: "byte string"
        case .textString: "text string"
        case .array: "array"
        case .map: "map"
        case .tagged(let tag, _): "tag \(tag)"
        case .float(let value): "float \(value)"
        case .boolean(let value): "\(value)"
        case .null: "null"
        case .undefined: "undefined"
        case .simple(let value): "simple value \(value)"
        }
    }
}
