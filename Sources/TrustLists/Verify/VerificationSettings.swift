import COSE
import Foundation
import X509

/// The settings of list verification (docs/architecture.md, The pipeline: steps 3 to 9): EKUs, clock skew, provider,
/// decoding limits.
public struct VerificationSettings: Sendable {
    /// How far the list's `date` may lie after the verification time, in seconds (default 180).
    public var clockSkewSeconds: TimeInterval = 180
    /// The EKU a VICAL signer must carry: ``OID/vicalSignerEKU`` (ISO/IEC 18013-5 Annex C.1.7); nil for none.
    public var vicalSignerEKU: String? = OID.vicalSignerEKU
    /// The EKU a RICAL signer must carry; nil by default, since real RICAL signers carry none.
    public var ricalSignerEKU: String?
    /// The provider the list must name; nil accepts any.
    public var expectedProvider: String?
    /// Limits for decoding the message and the payload (checked before allocating).
    public var limits = CBORDecoder.Limits()
    /// Most certificates between the signer and the pinned root.
    public var maximumChainDepth = 8

    /// The default policy.
    public init() {}
}
