import X509

/// Why a stored snapshot cannot be used: there is none yet, it cannot be read, it is not a snapshot of this schema, or
/// it is damaged. Callers answer by rebuilding it from the verified lists (docs/architecture.md, The store and the
/// cache).
///
/// Equality compares the code only, so tests can write `#expect(throws: SnapshotError(.snapshotCorrupt))`.
public typealias SnapshotError = CodedError<SnapshotErrorDomain>

/// The family of ``SnapshotError``: the codes it raises are declared below, in the one ``ReasonCode`` vocabulary.
public enum SnapshotErrorDomain {}

extension ReasonCode {
    /// No snapshot file exists yet (nothing has been refreshed).
    public static let snapshotMissing = Self(rawValue: "snapshot_missing")
    /// The file exists but cannot be read (permissions, I/O error, larger than accepted).
    public static let snapshotUnreadable = Self(rawValue: "snapshot_unreadable")
    /// The file is not valid snapshot JSON: not JSON, a missing or mistyped key, inconsistent references.
    public static let snapshotCorrupt = Self(rawValue: "snapshot_corrupt")
    /// The file is a snapshot of a schema version this build does not read.
    public static let snapshotSchema = Self(rawValue: "snapshot_schema")
    /// The snapshot could not be encoded as JSON.
    public static let snapshotEncoding = Self(rawValue: "snapshot_encoding")
}
