import Foundation
import Synchronization
import X509

/// Chain validations that succeeded, per generation, keyed by the SHA-256s of the chain as given: a query for the
/// same chain inside the window where every certificate of the validated chain is valid skips OpenSSL.
///
/// Only the chain part, with what the generation's CRLs say of its certificates, is memoized. The list states, the leaf's EKU and the docType are checked on every query, and a
/// memoized validation is used only while every list it drew certificates from is usable, so a memoized answer is the
/// answer the full path would give. Failures are not memoized. When ``capacity`` is reached the memo is emptied
/// (the simplest bound; chains are few and hot in practice).
final class ValidationMemo: Sendable {
    /// One memoized validation.
    struct Entry: Sendable {
        /// SHA-256 of the anchor certificate the chain ended in.
        let anchorSHA256: String
        /// SHA-256 (hex) of each certificate of the validated chain, leaf first.
        let chain: [String]
        /// Latest notBefore of the validated chain's certificates.
        let validFrom: Date
        /// Earliest notAfter of the validated chain's certificates.
        let validUntil: Date
        /// Indices (into the index's sources) of the lists that supplied listed certificates of the chain.
        let sources: [Int]
        /// What the generation's CRLs say of each certificate below the anchor (fixed for the generation).
        let revocation: [RevocationIndex.Check]
    }

    /// An entry as the memo keeps it: a reference, so that a lookup copies one pointer out of the lock and the
    /// entry's arrays outside it (every server thread looks up the same hot chains at once).
    private final class Kept: Sendable {
        let entry: Entry
        init(_ entry: Entry) { self.entry = entry }
    }

    /// The most entries kept; 0 memoizes nothing.
    let capacity: Int
    private let entries = Mutex<[ByteKey: Kept]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The memoized validation of a chain, if any.
    func lookup(_ key: ByteKey) -> Entry? {
        guard capacity > 0 else { return nil }
        return entries.withLock { $0[key] }?.entry
    }

    /// Memoizes a validation.
    func store(_ entry: Entry, for key: ByteKey) {
        guard capacity > 0 else { return }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = Kept(entry)
        }
    }

    /// The memo key of a chain: its certificates' SHA-256s, concatenated in order.
    static func key(_ chain: [Certificate]) -> ByteKey {
        var digests: [UInt8] = []
        digests.reserveCapacity(chain.count * 32)
        for certificate in chain { digests += certificate.sha256 }
        return ByteKey(digests)
    }
}
