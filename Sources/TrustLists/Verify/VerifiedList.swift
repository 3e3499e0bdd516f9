import COSE
import Foundation
import X509

/// A list that passed every step of verification: authentic (signature, chain to a pinned root, signer profile)
/// and current at the verification time, decoded.
public struct VerifiedList: Sendable {
    /// The decoded list.
    public let list: TrustList
    /// The signed bytes, exactly as received (what the cache stores).
    public let signedBytes: [UInt8]
    /// SHA-256 of ``signedBytes`` (32 bytes): the name of the stored version.
    public let sha256: [UInt8]
    /// SHA-256 of the Sig_structure (RFC 9052 §4.4; 32 bytes): the signed content, protected header and payload. Two
    /// encodings of the same signed content (another signature, tag 18, another x5chain) share it: equivocation is
    /// judged on it, not on ``sha256``.
    public let contentSHA256: [UInt8]
    /// The validated signer chain: signer first, pinned root last.
    public let signerChain: [Certificate]
    /// The COSE algorithm the list was signed with.
    public let algorithm: COSEAlgorithm
    /// How many certificates the x5chain header carried.
    public let x5chainCount: Int
    /// The time it was verified at (UTC).
    public let verifiedAt: Date
    /// Tolerated oddities, one line per kind.
    public let warnings: [String]
    /// Remarks of the additional policies (an issue id that went down, accepted by date).
    public let notes: [String]

    /// The list signer's certificate.
    public var signer: Certificate { signerChain[0] }
    /// The pinned root the chain ends in.
    public var anchor: Certificate { signerChain[signerChain.count - 1] }
    /// Its place in the order of versions.
    public var version: ListVersion { ListVersion(date: list.date, issueID: list.issueID) }
    /// ``sha256`` as lower-case hex.
    public var sha256Hex: String { hexString(sha256) }
}
