/// LoTE step 7: `LoTEType` is the configured one (a PID providers list where PID providers are expected, never a
/// wallet providers list signed by the same operator).
public struct LoTETypePolicy: LoTEVerificationPolicy {
    /// The policy.
    public init() {}

    /// - Throws: ``TrustListError`` `wrong_list_type`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let lote = candidate.lote else { throw LoTECandidate.outOfOrder(Self.self) }
        if let expected = candidate.settings.expectedType, lote.type != expected {
            throw TrustListError(.wrongListType, "LoTEType is \(lote.type); expected \(expected)")
        }
    }
}
