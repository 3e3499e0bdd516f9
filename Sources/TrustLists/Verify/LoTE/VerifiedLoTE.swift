import Foundation
import JOSE
import X509

/// A LoTE that passed every step of verification: a JAdES signature by a signer whose chain ends at a pinned root,
/// of the configured `LoTEType`, decoded.
public struct VerifiedLoTE: Sendable {
    /// The decoded LoTE.
    public let lote: LoTE
    /// The signed document, exactly as received (what a cache stores).
    public let signedBytes: [UInt8]
    /// SHA-256 of ``signedBytes`` (32 bytes).
    public let sha256: [UInt8]
    /// SHA-256 of the JWS signing input (32 bytes): the signed content. Two serializations of one signed content
    /// (compact and JSON, or another ECDSA signature) share it; equivocation is judged on it.
    public let contentSHA256: [UInt8]
    /// The validated signer chain: signer first, pinned root last.
    public let signerChain: [Certificate]
    /// The JWS `alg`.
    public let algorithm: JWSAlgorithm
    /// How many certificates `x5c` carried.
    public let x5cCount: Int
    /// The JAdES `sigT`; nil when absent.
    public let signingTime: Date?
    /// The time it was verified at (UTC).
    public let verifiedAt: Date
    /// Tolerated oddities, one line per kind.
    public let warnings: [String]

    /// The signer's certificate.
    public var signer: Certificate { signerChain[0] }
    /// The pinned root the chain ends in.
    public var anchor: Certificate { signerChain[signerChain.count - 1] }
    /// ``sha256`` as lower-case hex.
    public var sha256Hex: String { hexString(sha256) }
}
