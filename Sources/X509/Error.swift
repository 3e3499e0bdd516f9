/// An error from the X509 module: a stable ``Code`` and a message a person can act on.
///
/// Equality compares the code only, so tests can write `#expect(throws: X509Error(.malformedCertificate))`.
public struct X509Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable, machine-readable error code; its `rawValue` is the string used in logs and JSON.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        /// The code as a stable snake_case string.
        public let rawValue: String
        /// Wraps a code string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code string.
        public var description: String { rawValue }

        /// Bytes that OpenSSL cannot parse as an X.509 certificate (DER, RFC 5280 §4.1).
        public static let malformedCertificate = Code(rawValue: "malformed_certificate")
        /// Text that holds no usable PEM block (RFC 7468).
        public static let malformedPEM = Code(rawValue: "malformed_pem")
        /// A key OpenSSL cannot parse, or of a type or curve this module does not support.
        public static let unsupportedKey = Code(rawValue: "unsupported_key")
        /// A signature that is malformed for its key (wrong raw length, bad DER).
        public static let malformedSignature = Code(rawValue: "malformed_signature")
        /// Input larger than this module accepts.
        public static let inputTooLarge = Code(rawValue: "input_too_large")
        /// An OpenSSL call failed for a reason other than the input (allocation, internal error).
        public static let openSSLFailure = Code(rawValue: "openssl_failure")
    }

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

    /// `code: reason`.
    public var description: String { reason.isEmpty ? code.rawValue : "\(code.rawValue): \(reason)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: X509Error, rhs: X509Error) -> Bool { lhs.code == rhs.code }
    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
