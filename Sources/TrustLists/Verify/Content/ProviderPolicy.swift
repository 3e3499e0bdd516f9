/// Pipeline step 9, first rule: the list names the provider the configuration expects: a VICAL's `vicalProvider`, a
/// RICAL's `provider`, or, for a LoTE, one of its `SchemeOperatorName` strings in any language.
public struct ProviderPolicy: SourcePolicy {
    /// The provider expected; nil accepts any.
    public let expected: String?

    /// A policy expecting `expected`.
    public init(expected: String?) { self.expected = expected }

    /// - Throws: ``TrustListError`` `provider_mismatch`.
    public func check(_ verified: VerifiedList, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let expected else { return }
        let names = verified.list.document.providerNames
        guard !names.contains(expected) else { return }
        throw TrustListError(
            .providerMismatch,
            "the list names provider \"\(verified.list.provider)\""
                + (names.count > 1 ? " (in \(names.count) languages)" : "") + "; expected \"\(expected)\"")
    }
}
