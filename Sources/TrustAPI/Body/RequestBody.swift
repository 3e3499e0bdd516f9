import Foundation
import HTTPServer
import JOSE
import TrustLists
import X509

/// A request body read as one JSON object, strictly: the content type must be JSON (or absent), the text must be
/// JSON within limits (JOSE's decoder: size and depth first, duplicate member names refused), the top level an
/// object, and each member of the expected type. Every refusal is an ``APIFailure`` naming the member by its path.
struct RequestBody {
    /// The members.
    let members: [String: JSONValue]
    /// The path of this object in the body (`""` for the top level, `resource` for a member object).
    let path: String
    /// The cached body these members came from (top level only), which keeps the chains read from it.
    let parsed: ParsedBody?

    /// The most certificates a chain may hold.
    static let maxChainLength = 16
    /// Nesting depth allowed in a request body.
    static let maxDepth = 16

    /// Parses a request's body; with a `cache`, a body read before (the same bytes) is not parsed again.
    /// - Throws: ``APIFailure`` 415 `unsupported_media_type` for a content type other than `application/json` or a
    ///   `+json` type (a body without one is read as JSON); 400
    ///   `malformed_json` or `limits_exceeded` (JOSE's codes) for text that is not JSON within the limits; 400
    ///   `malformed_request_body` for an empty body or one that is not an object.
    init(_ request: HTTPRequest, cache: DecodeCache<ParsedBody>? = nil) throws(APIFailure) {
        if let type = request.headers["Content-Type"], type != "application/json" {
            let mediaType = (type.split(separator: ";", maxSplits: 1).first ?? "").filter { $0 != " " && $0 != "\t" }
                .lowercased()
            guard mediaType == "application/json" || mediaType.hasSuffix("+json") else {
                throw APIFailure(
                    415, .unsupportedMediaType, "Content-Type must be application/json, is \"\(type)\"")
            }
        }
        guard !request.body.isEmpty else { throw APIFailure.badBody("the body is empty; expected a JSON object") }
        guard let cache else {
            self.init(members: try Self.members(request.body), path: "")
            return
        }
        let parsed = try cache.value(decodedFrom: request.body) { () throws(APIFailure) in
            ParsedBody(members: try Self.members(request.body))
        }
        self.init(members: parsed.members, path: "", parsed: parsed)
    }

    /// The members of a body that is one JSON object.
    private static func members(_ body: [UInt8]) throws(APIFailure) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try JSONValue(
                jsonEncoded: body, limits: JSONLimits(maxBytes: max(body.count, 1), maxDepth: maxDepth), label: "body")
        } catch {
            throw APIFailure(400, error.code, error.reason)
        }
        guard case .object(let members) = value else {
            throw APIFailure.badBody("body: expected a JSON object, found \(value.kindName)")
        }
        return members
    }

    init(members: [String: JSONValue], path: String, parsed: ParsedBody? = nil) {
        self.members = members
        self.path = path
        self.parsed = parsed
    }

    /// The path of member `key`, for messages.
    func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Refuses members outside `known`, naming the first (sorted) and the members allowed.
    /// - Parameter known: the member names allowed (a short list: compared one by one, no set built per request).
    func requireOnly(_ known: [String]) throws(APIFailure) {
        guard !members.keys.allSatisfy(known.contains) else { return }
        if let unknown = members.keys.filter({ !known.contains($0) }).sorted().first {
            throw APIFailure.badBody(
                "\(child(unknown)): unknown member; allowed here: \(known.sorted().joined(separator: ", "))")
        }
    }

    /// A string member; nil when absent. `null` counts as absent.
    func string(_ key: String) throws(APIFailure) -> String? {
        guard let value = members[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw APIFailure.badBody("\(child(key)): expected a string, found \(value.kindName)")
        }
        return text
    }

    /// A required, non-empty string member.
    func requiredString(_ key: String) throws(APIFailure) -> String {
        guard let text = try string(key) else { throw APIFailure.badBody("\(child(key)): missing (required)") }
        guard !text.isEmpty else { throw APIFailure.badBody("\(child(key)): must not be empty") }
        return text
    }

    /// An object member; nil when absent or `null`.
    func object(_ key: String) throws(APIFailure) -> RequestBody? {
        guard let value = members[key], value != .null else { return nil }
        guard case .object(let inner) = value else {
            throw APIFailure.badBody("\(child(key)): expected an object, found \(value.kindName)")
        }
        return RequestBody(members: inner, path: child(key))
    }

    /// An array of strings; nil when absent or `null`.
    func strings(_ key: String) throws(APIFailure) -> [String]? {
        guard let value = members[key], value != .null else { return nil }
        guard case .array(let elements) = value else {
            throw APIFailure.badBody("\(child(key)): expected an array of strings, found \(value.kindName)")
        }
        var texts: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw APIFailure.badBody("\(child(key))[\(index)]: expected a string, found \(element.kindName)")
            }
            texts.append(text)
        }
        return texts
    }

    /// An RFC 3339 time member (`2026-11-29T13:00:00Z`); nil when absent or `null`.
    func time(_ key: String) throws(APIFailure) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = Timestamp.parse(text) else {
            throw APIFailure.badBody("\(child(key)): \"\(text)\" is not an RFC 3339 time (e.g. 2026-11-29T13:00:00Z)")
        }
        return date
    }

    /// A binary member: standard base64 (RFC 4648 §4, canonical), at most `limit` bytes once decoded.
    /// - Throws: 400 `malformed_request_body` for a missing member, a wrong type, text that is not canonical base64, or
    ///   more than `limit` bytes.
    func bytes(_ key: String, limit: Int) throws(APIFailure) -> [UInt8] {
        guard let text = try string(key) else {
            throw APIFailure.badBody("\(child(key)): missing (required): base64 bytes")
        }
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(text, path: child(key), code: .malformedRequestBody)
        } catch {
            throw APIFailure(400, error.code, error.reason)
        }
        guard bytes.count <= limit else {
            throw APIFailure.badBody("\(child(key)): \(bytes.count) bytes; at most \(limit) are accepted")
        }
        return bytes
    }

    /// A certificate chain, leaf first: a non-empty array of standard base64 DER certificates (the `x5c` form,
    /// RFC 7515 §4.1.6, RFC 7517 §4.7), at most ``maxChainLength``. With a `cache`, a chain posted before is not
    /// decoded again (``ChainCache``), and a body read from the API's cache keeps its chain (``ParsedBody``).
    /// - Throws: 400 `malformed_request_body` for a missing or empty array or a wrong type, `malformed_x5c` for text
    ///   that is not canonical base64, `malformed_certificate` for bytes OpenSSL does not read as one certificate.
    func certificateChain(_ key: String, cache: ChainCache? = nil) throws(APIFailure) -> [Certificate] {
        // The same body bytes hold the same texts, so the chain kept with the body is the one they decode to.
        let parsed = cache == nil ? nil : self.parsed
        if let known = parsed?.chain(key) { return known }
        guard let texts = try strings(key) else {
            throw APIFailure.badBody("\(child(key)): missing (required): base64 DER certificates, leaf first")
        }
        guard !texts.isEmpty else {
            throw APIFailure.badBody("\(child(key)): must hold at least the leaf certificate")
        }
        guard texts.count <= Self.maxChainLength else {
            throw APIFailure.badBody(
                "\(child(key)): \(texts.count) certificates; at most \(Self.maxChainLength) are accepted")
        }
        guard let cache else { return try decodeChain(texts, key, certificates: nil) }
        let chain = try cache.chain(texts) { () throws(APIFailure) in
            try decodeChain(texts, key, certificates: cache.certificates)
        }
        parsed?.keep(chain, for: key)
        return chain
    }

    /// Decodes the base64 texts of member `key` into certificates, through `certificates` when given.
    private func decodeChain(
        _ texts: [String], _ key: String, certificates: CertificateCache?
    ) throws(APIFailure) -> [Certificate] {
        var chain: [Certificate] = []
        for (index, text) in texts.enumerated() {
            let memberPath = "\(child(key))[\(index)]"
            let der: [UInt8]
            do {
                der = try Base64.decode(text, path: memberPath)
            } catch {
                throw APIFailure(400, error.code, error.reason)
            }
            do {
                if let certificates {
                    chain.append(try certificates.certificate(derEncoded: der))
                } else {
                    chain.append(try Certificate(derEncoded: der))
                }
            } catch {
                throw APIFailure(
                    400, .malformedCertificate, "\(memberPath): not an X.509 certificate in DER: \(error.reason)")
            }
        }
        return chain
    }
}
