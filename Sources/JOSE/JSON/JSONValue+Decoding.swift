import Foundation

extension JSONValue {
    /// Decodes one JSON text (RFC 8259) from untrusted input, limits first.
    ///
    /// In order: the size against ``JSONLimits/maxBytes``; UTF-8 validity (RFC 8259 §8.1); then one linear pass over
    /// the whole grammar that builds the value and stops at the first container past ``JSONLimits/maxDepth``, the
    /// first duplicate member name and the first number outside the range of a `Double` (``JSONScanner``). A
    /// top-level scalar is accepted (RFC 8259 §2); callers that need an object check the kind.
    /// - Parameters:
    ///   - bytes: the JSON text, UTF-8, without a byte order mark.
    ///   - limits: size and depth bounds.
    ///   - label: what the text is, for messages (`header`, `JWT claims`).
    /// - Throws: `limits_exceeded` over a limit; `malformed_json` for invalid UTF-8, anything outside the grammar,
    ///   a lone surrogate escape, a duplicate member name, or a number outside the range of a `Double`.
    public init(
        jsonEncoded bytes: [UInt8], limits: JSONLimits = JSONLimits(), label: String = "JSON"
    )
        throws(JOSEError)
    {
        guard bytes.count <= limits.maxBytes else {
            throw JOSEError(.limitsExceeded, "\(label): \(bytes.count) bytes of JSON; the limit is \(limits.maxBytes)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw JOSEError(.malformedJSON, "\(label): expected UTF-8 text (RFC 8259 §8.1), found invalid UTF-8")
        }
        self = try JSONScanner.parse(bytes, maxDepth: limits.effectiveMaxDepth, label: label)
    }
}
