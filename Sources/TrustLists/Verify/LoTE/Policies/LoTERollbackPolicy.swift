import X509

/// LoTE ordering against the highest version accepted so far, by `LoTESequenceNumber` alone (it increases with every
/// issue, ETSI TS 119 602):
/// - a lower sequence number is a **rollback**, whatever its `ListIssueDateTime` says;
/// - the same sequence number with other **signed content** (the JWS signing input: protected header and payload) is
///   **equivocation**; the same signed content in another serialization is the same version.
public struct LoTERollbackPolicy: LoTEVerificationPolicy {
    /// The highest accepted sequence number and the SHA-256 (hex) of its signed content; nil before the first.
    public let mark: (sequenceNumber: Int64, contentSHA256: String)?

    /// A policy against `mark`.
    public init(mark: (sequenceNumber: Int64, contentSHA256: String)?) { self.mark = mark }

    /// - Throws: ``TrustListError`` `rollback` or `equivocation`.
    public func check(_ candidate: inout LoTECandidate) throws(TrustListError) {
        guard let lote = candidate.lote, let content = candidate.contentSHA256 else {
            throw LoTECandidate.outOfOrder(Self.self)
        }
        guard let mark else { return }
        if lote.sequenceNumber < mark.sequenceNumber {
            throw TrustListError(
                .rollback,
                "LoTESequenceNumber \(lote.sequenceNumber) is lower than \(mark.sequenceNumber), the highest accepted")
        }
        if lote.sequenceNumber == mark.sequenceNumber, hexString(content) != mark.contentSHA256 {
            throw TrustListError(
                .equivocation,
                "LoTESequenceNumber \(lote.sequenceNumber) was already accepted with other signed content "
                    + "(protected header or payload)")
        }
    }
}
