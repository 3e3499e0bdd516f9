import COSE

/// Pipeline step 8: the payload decodes, with the same CBOR limits, as a VICAL (ISO/IEC 18013-5 Annex C.1.7) or a
/// RICAL (second-edition draft Annex F) of the expected kind. Unknown keys are kept as warnings, one broken entry is
/// dropped with a warning (never the whole list), and the list's dates are checked for sanity (``ListHeader``).
public struct PayloadPolicy: ListVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `malformed_cbor`, `limits_exceeded`, `malformed_payload`, `wrong_list_type`.
    public func check(_ candidate: inout ListCandidate) throws(TrustListError) {
        guard let payload = candidate.payload else { throw ListCandidate.outOfOrder(Self.self) }
        candidate.list = try TrustList.decode(
            payload: payload, kind: candidate.kind, limits: candidate.settings.limits, warnings: &candidate.warnings)
    }
}
