extension JSONValue {
    /// Decodes one JSON text (RFC 8259) from untrusted input, limits first: a ``JSONDocument`` (with its checks and
    /// errors) turned into a tree.
    ///
    /// In order: the size against ``JSONLimits/maxBytes``; UTF-8 validity (RFC 8259 §8.1); then one linear pass over
    /// the whole grammar that stops at the first container past ``JSONLimits/maxDepth``, the first duplicate member
    /// name and the first number outside the range of a `Double` (``JSONScanner``). A top-level scalar is accepted
    /// (RFC 8259 §2); callers that need an object check the kind.
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
        self = try JSONDocument(jsonEncoded: bytes, limits: limits, label: label).root.value
    }
}
