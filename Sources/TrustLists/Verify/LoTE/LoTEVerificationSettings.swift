import Foundation
import JOSE

/// The settings of LoTE verification.
public struct LoTEVerificationSettings: Sendable {
    /// The `LoTEType` the list must carry; nil accepts any (`trustctl verify` without `--lote-type`).
    public var expectedType: String?
    /// A `SchemeOperatorName` the list must carry (the configuration's `provider`); nil accepts any.
    public var expectedProvider: String?
    /// How far `ListIssueDateTime` may lie after the verification time, in seconds (default 180).
    public var clockSkewSeconds: TimeInterval = 180
    /// Bounds on the payload.
    public var limits = LoTELimits()
    /// Bounds on the JWS: the whole document up to 48 MiB (the base64url of a 32 MiB payload), the header and `x5c`
    /// as for other JWSs.
    public var jwsLimits = JWS.Limits(maxCompactBytes: 48 << 20)
    /// Most certificates between the signer and the pinned root.
    public var maximumChainDepth = 8

    /// The default settings, with the `LoTEType` expected.
    public init(expectedType: String? = nil) {
        self.expectedType = expectedType
    }
}
