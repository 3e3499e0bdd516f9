/// LoTE step 8 (ETSI TS 119 602 clause 6.8): the signer's certificate names the scheme operator: its countryName is
/// `SchemeTerritory` and its organizationName one of the `SchemeOperatorName` values. A mismatch is a warning, not a
/// refusal: the pinned root is what makes the signer trusted.
package struct LoTEOperatorPolicy: SourcePolicy {
    /// The policy.
    package init() {}

    package func check(_ verified: VerifiedList, _ findings: inout SourceFindings) throws(TrustListError) {
        guard let lote = verified.list.lote else { return }
        let subject = verified.signer.subject
        if subject.country != lote.schemeTerritory {
            findings.warnings.add(
                subject.country.map { "signer countryName \($0) is not SchemeTerritory \(lote.schemeTerritory)" }
                    ?? "the signer's subject has no countryName; SchemeTerritory is \(lote.schemeTerritory)")
        }
        let names = Set(lote.schemeOperatorName.map(\.value))
        if !(subject.organization.map(names.contains) ?? false) {
            findings.warnings.add(
                subject.organization.map { "signer organizationName \($0) is none of the SchemeOperatorName values" }
                    ?? "the signer's subject has no organizationName to match a SchemeOperatorName")
        }
    }
}
