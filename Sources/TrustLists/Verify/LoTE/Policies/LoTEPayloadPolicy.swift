/// LoTE step 6: the JWS payload decodes as a LoTE (ETSI TS 119 602) within the limits (``LoTE``).
public struct LoTEPayloadPolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `limits_exceeded`, `malformed_json`, `malformed_payload`, `wrong_list_type`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let payload = candidate.signature?.payload else { throw LoTECandidate.outOfOrder(Self.self) }
        candidate.lote = try LoTE(
            jsonEncoded: payload, limits: candidate.settings.limits, warnings: &candidate.warnings)
    }
}
