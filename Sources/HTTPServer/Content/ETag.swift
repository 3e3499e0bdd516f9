/// An entity tag (RFC 9110 §8.8.3): an opaque validator of one representation, strong or weak.
public struct ETag: Hashable, Sendable, CustomStringConvertible {
    /// The tag's characters between the quotes.
    public let opaqueTag: String
    /// True for a weak tag (`W/"…"`), which only says two representations are equivalent, not identical.
    public let isWeak: Bool

    /// A strong tag.
    /// - Parameter opaqueTag: the characters between the quotes: `!`, `#`…`~` or bytes 0x80–0xFF
    ///   (`etagc`, RFC 9110 §8.8.3); a hex digest fits.
    /// - Returns: nil when `opaqueTag` has a character `etagc` excludes (a quote, a space, a control).
    public init?(strong opaqueTag: String) {
        guard opaqueTag.utf8.allSatisfy(Self.isETagCharacter) else { return nil }
        self.opaqueTag = opaqueTag
        self.isWeak = false
    }

    /// A weak tag.
    /// - Parameter opaqueTag: the characters between the quotes (`etagc`, RFC 9110 §8.8.3).
    /// - Returns: nil when `opaqueTag` has a character `etagc` excludes.
    public init?(weak opaqueTag: String) {
        guard opaqueTag.utf8.allSatisfy(Self.isETagCharacter) else { return nil }
        self.opaqueTag = opaqueTag
        self.isWeak = true
    }

    /// Parses one entity tag as an `ETag` field carries it: `"xyzzy"` or `W/"xyzzy"`.
    /// - Parameter fieldValue: the field value; whitespace around the tag is allowed.
    /// - Returns: nil when it is not one well-formed entity tag.
    public init?(fieldValue: String) {
        var parser = ETagListParser(fieldValue)
        parser.skipWhitespace()
        guard let tag = parser.entityTag() else { return nil }
        parser.skipWhitespace()
        guard parser.atEnd else { return nil }
        self = tag
    }

    private init(opaqueTag: String, isWeak: Bool) {
        self.opaqueTag = opaqueTag
        self.isWeak = isWeak
    }

    /// The tag as a field value: `"xyzzy"` or `W/"xyzzy"`.
    public var fieldValue: String { (isWeak ? "W/" : "") + "\"" + opaqueTag + "\"" }

    /// The tag as a field value.
    public var description: String { fieldValue }

    /// Strong comparison (RFC 9110 §8.8.3.2): both tags strong and their opaque tags identical.
    /// - Parameter other: the tag to compare with.
    public func matchesStrongly(_ other: ETag) -> Bool {
        !isWeak && !other.isWeak && opaqueTag == other.opaqueTag
    }

    /// Weak comparison (RFC 9110 §8.8.3.2): opaque tags identical, whether either tag is weak or not.
    /// - Parameter other: the tag to compare with.
    public func matchesWeakly(_ other: ETag) -> Bool {
        opaqueTag == other.opaqueTag
    }

    /// Evaluates an `If-None-Match` precondition (RFC 9110 §13.1.2) against the current representation.
    ///
    /// The condition is false when the field is `*` and a current representation exists, or when a listed tag
    /// matches `current` by weak comparison (§8.8.3.2); then a `GET` or `HEAD` is answered 304 Not Modified
    /// (§15.4.5) and another method 412 Precondition Failed. An absent field, or one that is not `*` or a list
    /// of entity tags, is ignored: the condition is true.
    /// - Parameters:
    ///   - fieldValue: the request's `If-None-Match` value (repeated lines joined with ", "), or nil.
    ///   - current: the current representation's tag, or nil when there is no current representation.
    /// - Returns: true to perform the method; false to answer 304 (GET/HEAD) or 412.
    public static func ifNoneMatchPasses(_ fieldValue: String?, current: ETag?) -> Bool {
        guard let fieldValue else { return true }
        // The common case first: the field is exactly the current tag, as a cache sends it back.
        if let current, current.isSpelled(by: fieldValue) { return false }
        if fieldValue.trimmingASCIIWhitespace == "*" { return current == nil }
        guard let tags = parseList(fieldValue) else { return true }
        guard let current else { return true }
        return !tags.contains { $0.matchesWeakly(current) }
    }

    /// Whether `text` is this tag's field value (``fieldValue``) exactly, byte for byte; compared without building
    /// the field value.
    func isSpelled(by text: String) -> Bool {
        var text = text
        var tag = opaqueTag
        return text.withUTF8 { field in
            tag.withUTF8 { opaque in
                // `"tag"` or `W/"tag"`.
                let prefix = isWeak ? 3 : 1
                guard field.count == opaque.count + prefix + 1, field[field.count - 1] == 0x22,
                    field[prefix - 1] == 0x22, !isWeak || (field[0] == UInt8(ascii: "W") && field[1] == 0x2F)
                else { return false }
                for index in 0..<opaque.count where field[prefix + index] != opaque[index] { return false }
                return true
            }
        }
    }

    /// Parses a comma-separated list of entity tags (`#entity-tag`, RFC 9110 §5.6.1), empty elements allowed.
    /// - Parameter fieldValue: the field value.
    /// - Returns: the tags in order, or nil when the value is not such a list (`*` is not a list).
    public static func parseList(_ fieldValue: String) -> [ETag]? {
        var parser = ETagListParser(fieldValue)
        var tags: [ETag] = []
        while true {
            parser.skipWhitespaceAndCommas()
            if parser.atEnd { return tags }
            guard let tag = parser.entityTag() else { return nil }
            tags.append(tag)
            parser.skipWhitespace()
            guard parser.atEnd || parser.consume(UInt8(ascii: ",")) else { return nil }
        }
    }

    /// `etagc = %x21 / %x23-7E / obs-text` (RFC 9110 §8.8.3).
    static func isETagCharacter(_ byte: UInt8) -> Bool {
        byte == 0x21 || (0x23...0x7E).contains(byte) || byte >= 0x80
    }

    /// Reads entity tags from a field value's bytes.
    private struct ETagListParser {
        let bytes: [UInt8]
        var index = 0

        init(_ text: String) { bytes = Array(text.utf8) }

        var atEnd: Bool { index == bytes.count }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func skipWhitespace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        }

        mutating func skipWhitespaceAndCommas() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x2C {
                index += 1
            }
        }

        /// `entity-tag = [ weak ] opaque-tag`, `weak = %s"W/"` (case-sensitive), `opaque-tag = DQUOTE *etagc DQUOTE`.
        mutating func entityTag() -> ETag? {
            let start = index
            let weak = consume(UInt8(ascii: "W")) ? consume(UInt8(ascii: "/")) : false
            if !weak { index = start }
            guard consume(0x22) else { return nil }
            let tagStart = index
            while index < bytes.count, Self.isTagByte(bytes[index]) { index += 1 }
            let tagEnd = index
            guard consume(0x22) else { return nil }
            return ETag(opaqueTag: String(decoding: bytes[tagStart..<tagEnd], as: UTF8.self), isWeak: weak)
        }

        private static func isTagByte(_ byte: UInt8) -> Bool { ETag.isETagCharacter(byte) }
    }
}

extension HTTPRequest {
    /// Whether the request's `If-None-Match` names `current` (RFC 9110 §13.1.2, weak comparison), so that a
    /// `GET` or `HEAD` is answered 304 Not Modified.
    /// - Parameter current: the current representation's tag.
    /// - Returns: true when the precondition fails (answer 304 for GET/HEAD, 412 otherwise).
    public func ifNoneMatchFails(for current: ETag) -> Bool {
        !ETag.ifNoneMatchPasses(headers["If-None-Match"], current: current)
    }

    /// Whether a `GET` or `HEAD` of a representation with this `ETag` and `Last-Modified` is answered 304 Not
    /// Modified: by `If-None-Match` when the request has one (RFC 9110 §13.2.2: then `If-Modified-Since` is ignored),
    /// else by `If-Modified-Since` (§13.1.3): the representation was not modified after that date. A date that is not
    /// an IMF-fixdate is ignored.
    /// - Parameters:
    ///   - current: the representation's tag.
    ///   - lastModified: the `Last-Modified` value sent with it (an IMF-fixdate).
    public func isNotModified(current: ETag, lastModified: String) -> Bool {
        if headers["If-None-Match"] != nil { return ifNoneMatchFails(for: current) }
        guard let since = headers["If-Modified-Since"].flatMap(HTTPDate.parse),
            let modified = HTTPDate.parse(lastModified)
        else { return false }
        return modified <= since
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs (HTTP's OWS, RFC 9110 §5.6.3).
    var trimmingASCIIWhitespace: Substring {
        // By UTF-8 code unit: spaces and tabs are ASCII, and a Character walk costs more than the rest of a lookup.
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
