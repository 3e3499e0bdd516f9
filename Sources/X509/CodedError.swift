/// A stable, machine-readable error code of one error type (`Domain`): its `rawValue` is the snake_case string used
/// in JSON, logs and metrics. Each error type declares its codes as static members of `ErrorCode<ItsType>`.
///
/// It lives in X509, the package's lowest module, so that every module's error type shares one definition.
public struct ErrorCode<Domain>: Hashable, Sendable, RawRepresentable, CustomStringConvertible, Codable {
    /// The code as a stable snake_case string.
    public let rawValue: String
    /// Wraps a code string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code string.
    public var description: String { rawValue }
}

/// What the package's error types share (after swift-certificates' error pattern): a stable ``ErrorCode``, a
/// message a person can act on, and equality on the code alone, so tests can write
/// `#expect(throws: SomeError(.someCode))`.
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The error type whose codes these are.
    associatedtype Domain
    /// What kind of failure this is.
    var code: ErrorCode<Domain> { get }
    /// What went wrong, for a person: what was expected and what was found.
    var reason: String { get }
}

extension CodedError {
    /// `code: reason`, or the code alone when there is no message.
    public var description: String { reason.isEmpty ? code.rawValue : "\(code.rawValue): \(reason)" }

    /// Errors are equal when their codes are.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
