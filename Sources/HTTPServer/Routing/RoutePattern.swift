/// A path pattern of ``HTTPRouter``: `/`-separated segments, each a literal or a `{name}` capture of one whole,
/// non-empty segment (`/v1/lists/{network}/{kind}`).
struct RoutePattern: Sendable, Hashable {
    /// One segment of a pattern.
    enum Segment: Sendable, Hashable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any non-empty segment and records it under this name.
        case capture(String)
    }

    /// The pattern as written; the route's metrics label.
    let text: String
    /// The segments after the leading `/`.
    let segments: [Segment]

    /// Parses a pattern.
    /// - Throws: ``HTTPServerError`` `.invalidRoute` when the pattern does not start with `/`, a segment has
    ///   braces other than around a whole segment, a capture name is not letters, digits and `_`, or a name
    ///   repeats.
    init(_ text: String) throws(HTTPServerError) {
        guard text.hasPrefix("/") else {
            throw HTTPServerError(.invalidRoute, "route pattern \"\(text)\" must start with \"/\"")
        }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in Self.split(text) {
            if part.hasPrefix("{") && part.hasSuffix("}") && part.count >= 2 {
                let name = String(part.dropFirst().dropLast())
                guard !name.isEmpty, name.unicodeScalars.allSatisfy(Self.isNameScalar) else {
                    throw HTTPServerError(
                        .invalidRoute,
                        "route pattern \"\(text)\": capture \"\(part)\" must be {name} with letters, digits or _")
                }
                guard names.insert(name).inserted else {
                    throw HTTPServerError(.invalidRoute, "route pattern \"\(text)\" captures \"\(name)\" twice")
                }
                segments.append(.capture(name))
            } else {
                guard !part.contains("{") && !part.contains("}") else {
                    throw HTTPServerError(
                        .invalidRoute,
                        "route pattern \"\(text)\": segment \"\(part)\" mixes text and braces; a capture is a whole "
                            + "segment {name}")
                }
                segments.append(.literal(String(part)))
            }
        }
        self.text = text
        self.segments = segments
    }

    /// The pattern with capture names erased: two patterns of one shape match exactly the same paths.
    var shape: [Segment] {
        segments.map {
            if case .literal = $0 { return $0 }
            return .capture("")
        }
    }

    /// The captures when `pathSegments` matches, or nil.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .capture(let name):
                guard !part.isEmpty else { return nil }
                captures[name] = String(part)
            }
        }
        return captures
    }

    /// True when this pattern is more specific than `other` (both matching one path): at the first segment
    /// where they differ, this one has a literal and the other a capture.
    func isMoreSpecific(than other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .capture): return true
            case (.capture, .literal): return false
            default: continue
            }
        }
        return false
    }

    /// The segments of a path or pattern after its leading `/`; `/` alone is one empty segment.
    static func split(_ path: String) -> [Substring] {
        // By UTF-8 code unit: `split(separator:)` on characters cost more than routing the rest of the request.
        let rest = path.dropFirst()
        var segments: [Substring] = []
        var start = rest.startIndex
        var index = rest.utf8.startIndex
        while index < rest.utf8.endIndex {
            if rest.utf8[index] == UInt8(ascii: "/") {
                segments.append(rest[start..<index])
                start = rest.utf8.index(after: index)
            }
            rest.utf8.formIndex(after: &index)
        }
        segments.append(rest[start...])
        return segments
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_")
    }
}
