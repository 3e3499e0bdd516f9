/// LoTE step 7: `LoTEType` is the configured one (a PID providers list where PID providers are expected, never a
/// wallet providers list signed by the same operator).
package struct LoTETypePolicy: SourcePolicy {
    /// The `LoTEType` expected; nil accepts any.
    package let expected: String?

    /// A policy expecting `expected`.
    package init(expected: String?) { self.expected = expected }

    /// - Throws: ``TrustListError`` `wrong_list_type`.
    package func check(_ verified: VerifiedList, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let expected, let lote = verified.list.lote, lote.type != expected else { return }
        throw TrustListError(.wrongListType, "LoTEType is \(lote.type); expected \(expected)")
    }
}
