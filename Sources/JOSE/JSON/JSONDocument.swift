/// One JSON text (RFC 8259) from untrusted input, checked whole and kept as its bytes plus a flat table of its values
/// (one row per value, in document order), read through ``JSONNode`` views: strings are decoded only when read,
/// objects are not hashed, nothing is copied. For large documents read once (a LoTE of 10,000 entities): a
/// ``JSONValue`` tree costs an allocation per string, a dictionary per object, and as much again to free.
///
/// The checks are those of ``JSONValue/init(jsonEncoded:limits:label:)``, which is built from this: a document that
/// decodes here decodes there, with the same errors.
public final class JSONDocument: Sendable {
    /// The text.
    let bytes: [UInt8]
    /// The values, the top value's first (``JSONEntry``).
    let entries: [JSONEntry]

    /// Decodes one JSON text from untrusted input, limits first.
    ///
    /// In order: the size against ``JSONLimits/maxBytes``; UTF-8 validity (RFC 8259 §8.1); then one linear pass over
    /// the whole grammar that stops at the first container past ``JSONLimits/maxDepth``, the first duplicate member
    /// name and the first number outside the range of a `Double` (``JSONScanner``). A top-level scalar is accepted
    /// (RFC 8259 §2); callers that need an object check the kind.
    /// - Parameters:
    ///   - bytes: the JSON text, UTF-8, without a byte order mark (kept, not copied).
    ///   - limits: size and depth bounds.
    ///   - label: what the text is, for messages (`header`, `LoTE payload`).
    /// - Throws: `limits_exceeded` over a limit; `malformed_json` for invalid UTF-8, anything outside the grammar,
    ///   a lone surrogate escape, a duplicate member name, or a number outside the range of a `Double`.
    public convenience init(
        jsonEncoded bytes: [UInt8], limits: JSONLimits = JSONLimits(), label: String = "JSON"
    ) throws(JOSEError) {
        do {
            try self.init(locating: bytes, limits: limits, label: label)
        } catch {
            throw error.error
        }
    }

    /// Decodes one JSON text as ``init(jsonEncoded:limits:label:)`` does, and on failure also says where: the path
    /// of member names and indices to the container being read, and the member name given twice when that was the
    /// failure (a configuration file names its errors by path: `networks[0].root.sha256: given twice`).
    /// - Throws: ``JSONSyntaxError`` holding the error ``init(jsonEncoded:limits:label:)`` throws.
    package init(
        locating bytes: [UInt8], limits: JSONLimits = JSONLimits(), label: String = "JSON"
    )
        throws(JSONSyntaxError)
    {
        guard bytes.count <= limits.maxBytes else {
            let message = "\(bytes.count) bytes of JSON; the limit is \(limits.maxBytes)"
            throw JSONSyntaxError(
                error: JOSEError(.limitsExceeded, "\(label): \(message)"), message: message, offset: 0, path: [],
                duplicateName: nil)
        }
        let entries = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            guard Self.isUTF8(buffer) else {
                let message = "expected UTF-8 text (RFC 8259 §8.1), found invalid UTF-8"
                throw JSONSyntaxError(
                    error: JOSEError(.malformedJSON, "\(label): \(message)"), message: message, offset: 0, path: [],
                    duplicateName: nil)
            }
            return try JSONScanner.scan(buffer, maxDepth: limits.effectiveMaxDepth, label: label)
        }
        self.bytes = bytes
        self.entries = entries
    }

    /// The top value.
    public var root: JSONNode { JSONNode(document: self, index: 0) }

    /// Whether `bytes` is well-formed UTF-8 (RFC 3629), without copying it: ASCII is skipped eight bytes at a time,
    /// and each run of non-ASCII bytes (where every multi-byte sequence lies, whole) is checked by the standard
    /// library's validator.
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var index = 0
        while index < bytes.count {
            if index + 8 <= bytes.count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            guard bytes[index] >= 0x80 else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, bytes[index] >= 0x80 { index += 1 }
            guard String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self) != nil
            else { return false }
        }
        return true
    }

    /// Runs `body` over the text.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        bytes.withUnsafeBufferPointer(body)
    }

    /// The value of row `index` and its contents as a ``JSONValue`` (recursing once per level, at most
    /// ``JSONLimits/depthCeiling`` deep).
    func value(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .object:
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(entry.length)
            var name = index + 1
            for _ in 0..<entry.length {
                members[JSONEntry.string(entries[name], in: bytes)] = value(at: name + 1, in: bytes)
                name = entries[name + 1].next
            }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(entry.length)
            var element = index + 1
            for _ in 0..<entry.length {
                elements.append(value(at: element, in: bytes))
                element = entries[element].next
            }
            return .array(elements)
        case .string: return .string(JSONEntry.string(entry, in: bytes))
        case .number: return .number(JSONEntry.number(entry, in: bytes) ?? .nan)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }
}
