/// A stable, machine-readable reason code: its `rawValue` is the snake_case string used in JSON, logs, metrics, exit
/// paths and the HTTP API (docs/architecture.md, Reason codes).
///
/// There is one vocabulary for the whole package: every code is declared exactly once, as a static member in an
/// `extension ReasonCode` of the lowest module that raises it (X509 for certificates, keys and signatures, COSE for
/// CBOR and COSE_Sign1, TrustLists for lists and trust decisions, Presentation for requests), and every module above
/// uses that same value: a code is never translated by its string. It lives in `ReasonCodes`, the package's lowest
/// module (no dependency; X509 re-exports it), so that even the generic HTTP server shares it.
public struct ReasonCode: Hashable, Sendable, RawRepresentable, CustomStringConvertible, Codable {
    /// The code as a stable snake_case string.
    public let rawValue: String
    /// Wraps a code string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code string.
    public var description: String { rawValue }
}

/// An error of one family (`Domain`), after swift-certificates' error pattern: a stable ``ReasonCode``, a message a
/// person can act on (what was expected, what was found), where it was raised, and equality on the code alone, so
/// tests can write `#expect(throws: X509Error(.malformedCertificate))`. Each module names its family:
/// ``X509Error``, `COSEError`, `TrustListError`, `SnapshotError`.
public struct CodedError<Domain>: Error, Hashable, Sendable, CustomStringConvertible {
    /// The codes, shared by every family (one vocabulary).
    public typealias Code = ReasonCode

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, for a person: what was expected and what was found.
    public let reason: String
    /// Where the error was raised (`#fileID`).
    public let file: String
    /// Where the error was raised (`#line`).
    public let line: Int

    /// Creates an error.
    /// - Parameters:
    ///   - code: the stable code.
    ///   - reason: the message for a person; empty when only the code matters (tests).
    public init(_ code: Code, _ reason: String = "", file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// `code: reason`, or the code alone when there is no message.
    public var description: String { reason.isEmpty ? code.rawValue : "\(code.rawValue): \(reason)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
