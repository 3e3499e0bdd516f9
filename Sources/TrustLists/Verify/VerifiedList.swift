import COSE
import Foundation
import X509

/// A list of any kind that passed every step of verification: authentic (signature, chain to a pinned root, signer
/// profile) and current at the verification time, decoded. A LoTE's ``VerifiedLoTE`` becomes one with
/// ``init(_:)`` for the store, the refresh and the snapshot, which treat every kind alike.
public struct VerifiedList: Sendable {
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
    public let warnings: [String]
    /// Remarks of the additional policies (an issue id that went down, accepted by date).
    public let notes: [String]

    /// The list signer's certificate.
    public var signer: Certificate { signerChain[0] }
    /// The pinned root the chain ends in.
    public var anchor: Certificate { signerChain[signerChain.count - 1] }
    /// Its place in the order of versions.
    public var version: ListVersion { list.version }
    /// ``sha256`` as lower-case hex.
    public var sha256Hex: String { hexString(sha256) }
}

extension VerifiedList {
    /// A verified LoTE as a verified list of kind `lote`, for the store, the refresh and the snapshot.
    public init(_ verified: VerifiedLoTE) {
        self.init(
            list: .lote(verified.lote), signedBytes: verified.signedBytes, sha256: verified.sha256,
            contentSHA256: verified.contentSHA256, signerChain: verified.signerChain,
            algorithm: verified.algorithm.rawValue, x5chainCount: verified.x5cCount, signingTime: verified.signingTime,
            verifiedAt: verified.verifiedAt, warnings: verified.warnings, notes: [])
    }
}
