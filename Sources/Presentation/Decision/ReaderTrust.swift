import Foundation
import TrustLists
import X509

/// The reader decision a presentation decision ends with: is this reader (verifier) chain trusted by the wallet's
/// RICALs at a time (docs/architecture.md, Queries)? `TrustQueries` answers it; tests and other hosts may answer it
/// themselves.
public protocol ReaderTrust: Sendable {
    /// Whether a reader chain validates to a usable RICAL entry at `time` and its leaf carries EKU 1.0.18013.5.1.6.
    /// - Parameters:
    ///   - chain: the reader's certificates, leaf first (the `x5c` or x5chain as received; a copy of the anchor in it
    ///     is tolerated).
    ///   - time: the time of the decision, UTC.
    ///   - readerEKUExemptNetworks: networks whose readers need not carry the reader EKU (OpenID4VP only; empty for
    ///     ISO/IEC 18013-5 ReaderAuth).
    /// - Returns: trusted with the leaf's commonName and the anchor, or not trusted with the reason.
    func readerDecision(chain: [Certificate], at time: Date, readerEKUExemptNetworks: Set<String>) -> TrustDecision
}

/// ``TrustQueries`` answers the reader decision from its current generation (its own method, with the exempt
/// networks applied by its EKU policy).
extension TrustQueries: ReaderTrust {}
