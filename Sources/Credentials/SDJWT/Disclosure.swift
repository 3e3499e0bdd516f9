import JOSE
import X509

/// One disclosure of an SD-JWT (SD-JWT §4.2): the base64url of a JSON array, `[salt, claim name, value]` for an
/// object property or `[salt, value]` for an array element. Its digest is the hash of its base64url text as sent
/// (§4.2.3), so the text is kept.
public struct Disclosure: Sendable {
    /// The base64url text as sent: the digest input.
    public let text: Substring
    /// The salt.
    public let salt: String
    /// The claim name of an object property; nil for an array element.
    public let name: String?
    /// The disclosed value.
    public let value: JSONValue
    /// Its position among the disclosures, from 0, for messages.
    public let index: Int

    /// Decodes one disclosure.
    /// - Parameters:
    ///   - text: the base64url text between two `~`.
    ///   - index: its position, for messages (`disclosures[2]`).
    ///   - limits: the JSON limits of the decoded array.
    /// - Throws: `malformed_sd_jwt` for text that is not canonical base64url of a JSON array of two or three elements
    ///   whose first (and, with three, second) is a string; `limits_exceeded`.
    init(text: Substring, index: Int, limits: JSONLimits) throws(CredentialError) {
        let path = "disclosures[\(index)]"
        guard text.utf8.count <= limits.maxBytes * 4 / 3 + 4 else {
            throw CredentialError(
                .limitsExceeded, "\(path): \(text.utf8.count) characters; the limit is \(limits.maxBytes) bytes of JSON"
            )
        }
        let json: JSONValue
        do {
            let bytes = try Base64URL.decode(text, path: path, code: .malformedSDJWT)
            json = try JSONValue(jsonEncoded: bytes, limits: limits, label: path)
        } catch  where error.code == .limitsExceeded {
            throw CredentialError(.limitsExceeded, error.reason)
        } catch {
            throw CredentialError(.malformedSDJWT, "\(error.reason) (SD-JWT §4.2: base64url of a JSON array)")
        }
        guard let elements = json.arrayValue, elements.count == 2 || elements.count == 3 else {
            throw CredentialError(
                .malformedSDJWT,
                "\(path): expected a JSON array [salt, name, value] or [salt, value] (SD-JWT §4.2), found "
                    + (json.arrayValue.map { "an array of \($0.count) elements" } ?? json.kindName))
        }
        guard let salt = elements[0].stringValue else {
            throw CredentialError(
                .malformedSDJWT, "\(path)[0]: the salt must be a string (SD-JWT §4.2.1), found \(elements[0].kindName)")
        }
        if elements.count == 3 {
            guard let name = elements[1].stringValue else {
                throw CredentialError(
                    .malformedSDJWT,
                    "\(path)[1]: the claim name must be a string (SD-JWT §4.2.1), found \(elements[1].kindName)")
            }
            self.name = name
        } else {
            self.name = nil
        }
        self.text = text
        self.salt = salt
        self.value = elements[elements.count - 1]
        self.index = index
    }

    /// The digest that references it: base64url of `algorithm` over the ASCII of its text (SD-JWT §4.2.3).
    public func digest(_ algorithm: Digest) -> String {
        Base64URL.encode(algorithm.hash(Array(text.utf8)))
    }
}
