/// Pipeline step 9, first rule: the list names the provider the configuration expects (`vicalProvider` / `provider`).
public struct ProviderPolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `provider_mismatch`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let list = candidate.list else { throw ListCandidate.outOfOrder(Self.self) }
        if let expected = candidate.settings.expectedProvider, list.provider != expected {
            throw TrustListError(
                .providerMismatch, "the list names provider \"\(list.provider)\"; expected \"\(expected)\"")
        }
    }
}
