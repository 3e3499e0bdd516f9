import Foundation
import X509

/// A version of a source that passed every step of its kind's verification (``SignedSourceKind``): what the store
/// keeps, the refresh commits and the snapshot is built from, whatever the kind (docs/architecture.md, Signed
/// sources).
public protocol VerifiedSource: Sendable {
    /// The bytes as published (what the cache stores and a mirror serves).
    var signedBytes: [UInt8] { get }
    /// SHA-256 of ``signedBytes`` (32 bytes): the name of the stored version.
    var sha256: [UInt8] { get }
    /// SHA-256 of the signed content (32 bytes): two encodings of one signed content share it.
    var contentSHA256: [UInt8] { get }
    /// Where the version stands among its source's versions.
    var mark: VersionMark { get }
    /// The time it was verified at, UTC.
    var verifiedAt: Date { get }
    /// Tolerated oddities, one line per kind.
    var warnings: [String] { get set }
    /// Remarks for the report (an issue id that went down, accepted by date).
    var notes: [String] { get set }
}

extension VerifiedSource {
    /// ``sha256`` as lower-case hex.
    public var sha256Hex: String { hexString(sha256) }

    /// The same version with what verification found besides the verdict.
    func recording(_ findings: SourceFindings) -> Self {
        var copy = self
        copy.warnings = findings.warnings.lines
        copy.notes = findings.notes
        return copy
    }
}
