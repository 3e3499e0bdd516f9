import COSE
import Foundation
import X509

/// A list of any kind that passed every step of verification: authentic (signature, chain to a pinned root, signer
/// profile) and current at the verification time, decoded. What a VICAL, RICAL or LoTE kind's verification yields
/// (``SignedSourceKind``), and what the store, the refresh and the snapshot read.
public struct VerifiedList: VerifiedSource {
    /// The decoded list.
    public let list: TrustList
    /// The signed bytes, exactly as received (what the cache stores).
    public let signedBytes: [UInt8]
    /// SHA-256 of ``signedBytes`` (32 bytes): the name of the stored version.
    public let sha256: [UInt8]
    /// SHA-256 of the signed content (32 bytes): the Sig_structure (RFC 9052 §4.4) of a COSE_Sign1, the JWS signing
    /// input (RFC 7515 §5.1) of a LoTE. Two encodings of the same signed content (another signature, tag 18, another
    /// x5chain, another JWS serialization) share it: equivocation is judged on it, not on ``sha256``.
    public let contentSHA256: [UInt8]
    /// The validated signer chain: signer first, pinned root last.
    public let signerChain: [Certificate]
    /// The name of the algorithm the list was signed with (`ES256`: COSE's or JWS's `alg`).
    public let algorithm: String
    /// How many certificates the x5chain header (a LoTE's `x5c`) carried.
    public let x5chainCount: Int
    /// A LoTE's JAdES `sigT`; nil when absent and for VICALs and RICALs.
    public var signingTime: Date? = nil
    /// The time it was verified at (UTC).
    public let verifiedAt: Date
    /// Tolerated oddities, one line per kind.
    public var warnings: [String] = []
    /// Remarks of the rollback rule (an issue id that went down, accepted by date).
    public var notes: [String] = []

    /// A verified list from its parts (made by the kinds' decoders).
    init(
        list: TrustList, signedBytes: [UInt8], sha256: [UInt8]? = nil, contentSHA256: [UInt8],
        signerChain: [Certificate], algorithm: String, x5chainCount: Int, signingTime: Date? = nil, verifiedAt: Date
    ) {
        self.list = list
        self.signedBytes = signedBytes
        self.sha256 = sha256 ?? Digest.sha256.hash(signedBytes)
        self.contentSHA256 = contentSHA256
        self.signerChain = signerChain
        self.algorithm = algorithm
        self.x5chainCount = x5chainCount
        self.signingTime = signingTime
        self.verifiedAt = verifiedAt
    }

    /// The list signer's certificate.
    public var signer: Certificate { signerChain[0] }
    /// The pinned root the chain ends in.
    public var anchor: Certificate { signerChain[signerChain.count - 1] }
    /// Its place in the order of its list's versions: the signed date, and the issue id (a LoTE's
    /// `LoTESequenceNumber`).
    public var mark: VersionMark {
        VersionMark(date: list.date, number: list.issueID, contentSHA256: hexString(contentSHA256))
    }
}
