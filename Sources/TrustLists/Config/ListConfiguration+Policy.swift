import Foundation

extension ListConfiguration {
    /// The verification policy the configuration asks of a VICAL or RICAL: its provider, its signer EKU, the clock skew
    /// (a LoTE's settings are made by ``verify(_:anchors:clockSkewSeconds:at:mark:)``).
    public func verificationSettings(clockSkewSeconds: TimeInterval) -> VerificationSettings {
        var policy = VerificationSettings()
        policy.clockSkewSeconds = clockSkewSeconds
        policy.expectedProvider = source.provider
        switch source.kind {
        case .vical: policy.vicalSignerEKU = source.signerEKU
        case .rical: policy.ricalSignerEKU = source.signerEKU
        case .lote: break
        }
        return policy
    }

    /// The list's state at `time` given its current version.
    public func state(of summary: ListSummary?, at time: Date) -> (state: ListState, reason: String?) {
        ListState.evaluate(
            summary, at: time, maxAgeSeconds: network.maxAgeSeconds, overdueGraceSeconds: network.overdueGraceSeconds)
    }
}
