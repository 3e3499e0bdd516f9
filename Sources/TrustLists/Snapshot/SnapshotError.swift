import X509

/// Why a stored snapshot cannot be used: there is none yet, it cannot be read, it is not a snapshot of this schema,
/// or it is damaged. Callers answer by rebuilding it from the verified lists (DESIGN.md, "Persistence").
///
/// Equality compares the code only, so tests can write `#expect(throws: SnapshotError(.corrupt))`.
public struct SnapshotError: CodedError {
    /// The codes of this error type (static members of `ErrorCode<SnapshotError>` below).
    public typealias Code = ErrorCode<SnapshotError>

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong, for a person: what was expected and what was found, with the JSON path where one applies.
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

}

extension ErrorCode where Domain == SnapshotError {
    /// No snapshot file exists yet (nothing has been refreshed).
    public static let missing = Self(rawValue: "snapshot_missing")
    /// The file exists but cannot be read (permissions, I/O error, larger than accepted).
    public static let unreadable = Self(rawValue: "snapshot_unreadable")
    /// The file is not valid snapshot JSON: not JSON, a missing or mistyped key, inconsistent references.
    public static let corrupt = Self(rawValue: "snapshot_corrupt")
    /// The file is a snapshot of a schema version this build does not read.
    public static let unsupportedSchema = Self(rawValue: "snapshot_schema")
    /// The snapshot could not be encoded as JSON.
    public static let encodingFailed = Self(rawValue: "snapshot_encoding")
}
