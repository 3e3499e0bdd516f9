import Foundation
import X509

/// The ordering rules for a CA's CRLs against the last one accepted for that CA (RFC 5280 §5.2.3: cRLNumbers
/// increase), with the signed content (tbsCertList) as the witness of equivocation:
/// - a lower cRLNumber is a **rollback**; without numbers on both sides, an earlier thisUpdate is;
/// - the same cRLNumber (or, without numbers, the same thisUpdate) with other signed content is **equivocation**;
/// - the same signed content under another signature (randomized ECDSA) is the same CRL: ``Verdict/sameContent``.
public struct CRLRollbackPolicy: CRLVerificationPolicy {
    /// What the check found for a CRL that is not refused.
    public enum Verdict: Sendable, Hashable {
        /// A later CRL, or the first one.
        case newer
        /// The same signed content as the mark.
        case sameContent
    }

    /// What is remembered of the last CRL accepted for a CA.
    public struct Mark: Sendable, Hashable, Codable {
        /// Its cRLNumber (big-endian magnitude, no leading zeros); nil when it had none.
        public let crlNumber: [UInt8]?
        /// Its thisUpdate, UTC.
        public let thisUpdate: Date
        /// SHA-256 of its tbsCertList (``CertificateRevocationList/tbsSHA256``).
        public let tbsSHA256: [UInt8]

        /// A mark from its parts.
        public init(crlNumber: [UInt8]?, thisUpdate: Date, tbsSHA256: [UInt8]) {
            self.crlNumber = crlNumber
            self.thisUpdate = thisUpdate
            self.tbsSHA256 = tbsSHA256
        }

        /// The mark of an accepted CRL.
        public init(_ crl: CertificateRevocationList) {
            self.init(crlNumber: crl.crlNumber, thisUpdate: crl.thisUpdate, tbsSHA256: crl.tbsSHA256)
        }
    }

    /// The last CRL accepted for the CA; nil before the first.
    public let mark: Mark?

    /// A policy against `mark`.
    public init(mark: Mark?) { self.mark = mark }

    /// - Throws: ``TrustListError`` `crl_rollback` or `crl_equivocation`.
    public func check(_ candidate: inout CRLCandidate) throws(TrustListError) {
        _ = try verdict(try candidate.decoded(Self.self))
    }

    /// The verdict for a CRL.
    /// - Throws: ``TrustListError`` `crl_rollback` or `crl_equivocation`.
    public func verdict(_ crl: CertificateRevocationList) throws(TrustListError) -> Verdict {
        guard let mark else { return .newer }
        let sameContent = crl.tbsSHA256 == mark.tbsSHA256
        if sameContent { return .sameContent }
        if let new = crl.crlNumber, let old = mark.crlNumber {
            switch Self.compare(new, old) {
            case .orderedAscending:
                throw TrustListError(
                    .crlRollback,
                    "CRL number \(CRLNumberText.text(new)) is lower than \(CRLNumberText.text(old)), already accepted")
            case .orderedSame:
                throw TrustListError(
                    .crlEquivocation,
                    "CRL number \(CRLNumberText.text(new)) was already accepted with other signed content")
            case .orderedDescending:
                return .newer
            }
        }
        if crl.thisUpdate < mark.thisUpdate {
            throw TrustListError(
                .crlRollback,
                "thisUpdate \(Timestamp.text(crl.thisUpdate)) is earlier than \(Timestamp.text(mark.thisUpdate)), "
                    + "already accepted")
        }
        if crl.thisUpdate == mark.thisUpdate {
            throw TrustListError(
                .crlEquivocation,
                "a CRL of \(Timestamp.text(crl.thisUpdate)) was already accepted with other signed content")
        }
        return .newer
    }

    /// Compares two unsigned big-endian magnitudes without leading zeros.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        if lhs.count != rhs.count { return lhs.count < rhs.count ? .orderedAscending : .orderedDescending }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right ? .orderedAscending : .orderedDescending
        }
        return .orderedSame
    }
}
