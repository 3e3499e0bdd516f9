/// LoTE step 8: the scheme operator is the provider the configuration expects (`provider`), as ``ProviderPolicy`` is
/// for VICALs and RICALs: one of the `SchemeOperatorName` strings, in any language, equals it.
public struct LoTEProviderPolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `provider_mismatch`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let lote = candidate.lote else { throw LoTECandidate.outOfOrder(Self.self) }
        guard let expected = candidate.settings.expectedProvider else { return }
        guard lote.schemeOperatorName.contains(where: { $0.value == expected }) else {
            throw TrustListError(
                .providerMismatch,
                "the LoTE's SchemeOperatorName is \"\(lote.operatorName)\" (in \(lote.schemeOperatorName.count) "
                    + "languages); expected \"\(expected)\"")
        }
    }
}
