import Foundation

/// The `application/x-www-form-urlencoded` rules (WHATWG URL §5, as RFC 6749 Appendix B uses them) on top of
/// Foundation's percent-encoding: decoding reads `+` as a space, encoding escapes every character outside the
/// unreserved set of RFC 3986 §2.3.
enum FormEncoding {
    /// The characters left as they are when encoding: RFC 3986 §2.3 unreserved.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Decodes one percent-encoded name or value of a query, `+` read as a space.
    /// - Returns: the text, or nil when a percent escape is malformed or decodes to invalid UTF-8.
    static func decode(_ encoded: String) -> String? {
        encoded.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// Encodes name/value pairs as a form body, in the order given.
    /// - Parameter pairs: the names and values.
    /// - Returns: `name=value&name=value` with every non-unreserved byte percent-encoded (UTF-8).
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { pair in
            let name = pair.name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            let value = pair.value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            return name + "=" + value
        }.joined(separator: "&")
    }
}
