/// Pipeline step 9, first rule: the list names the provider the configuration expects: a VICAL's `vicalProvider`, a
/// RICAL's `provider`, or, for a LoTE, one of its `SchemeOperatorName` strings in any language.
package struct ProviderPolicy: SourcePolicy {
    /// The provider expected; nil accepts any.
    package let expected: String?

    /// A policy expecting `expected`.
    package init(expected: String?) { self.expected = expected }

    /// - Throws: ``TrustListError`` `provider_mismatch`.
    package func check(_ verified: VerifiedList, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let expected else { return }
        let names = verified.list.document.providerNames
        guard !names.contains(expected) else { return }
        throw TrustListError(
            .providerMismatch,
            "the list names provider \"\(verified.list.provider)\""
                + (names.count > 1 ? " (in \(names.count) languages)" : "") + "; expected \"\(expected)\"")
    }
}
