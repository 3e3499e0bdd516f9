import Foundation
import Synchronization
import X509

/// The listed certificates of one kind (the snapshot's issuers or its verifiers), indexed by SHA-256, by subject
/// Name (DER) and by SKI, with the OpenSSL-backed ``Certificate`` of an entry made on first use and kept.
///
/// Built once per generation from extracted fields; no certificate is parsed until a query needs the entry as an
/// anchor or intermediate. Immutable apart from that memo, which a `Mutex` guards.
final class ListedEntries: Sendable {
    /// One listed certificate, as chain building needs it.
    struct Entry: Sendable {
        /// SHA-256 of the DER, hex.
        let sha256: String
        /// SKI, hex.
        let ski: String
        /// AKI key id, hex; nil when absent.
        let aki: String?
        /// Subject, RFC 4514.
        let subject: String
        /// Subject Name DER, base64.
        let subjectDER: String
        /// Issuer Name DER, base64.
        let issuerDER: String
        /// The certificate DER, base64.
        let certificateBase64: String
        /// Whether a chain may end here (issuers: always; verifiers: `isTrustAnchor`).
        let isAnchor: Bool
        /// Index of its list in ``TrustIndex/sources``.
        let source: Int
        /// The RICAL entry's name (verifiers).
        let name: String?
        /// The IACA's docTypes (issuers).
        let docTypes: [String]

        /// Whether subject and issuer Names are equal.
        var isSelfIssued: Bool { subjectDER == issuerDER }
    }

    /// The entries, in snapshot order (by list, then list order).
    let entries: [Entry]
    private let bySHA256: [String: [Int]]
    private let bySubject: [String: [Int]]
    private let bySKI: [String: [Int]]
    private let certificates = Mutex<[Int: Certificate]>([:])

    /// Indexes `entries`.
    init(_ entries: [Entry]) {
        self.entries = entries
        var bySHA256: [String: [Int]] = [:]
        var bySubject: [String: [Int]] = [:]
        var bySKI: [String: [Int]] = [:]
        bySHA256.reserveCapacity(entries.count)
        bySubject.reserveCapacity(entries.count)
        bySKI.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            bySHA256[entry.sha256, default: []].append(index)
            bySubject[entry.subjectDER, default: []].append(index)
            if !entry.ski.isEmpty { bySKI[entry.ski, default: []].append(index) }
        }
        self.bySHA256 = bySHA256
        self.bySubject = bySubject
        self.bySKI = bySKI
    }

    /// The entries listing exactly this certificate, in snapshot order.
    func entries(withSHA256 sha256: String) -> [Int] { bySHA256[sha256] ?? [] }

    /// The entries related to a chain, ascending: each chain certificate itself (direct listing), its issuer by Name
    /// and its authority key by SKI; then, for related entries that cannot end a chain themselves (not an anchor, or
    /// not self-issued), their issuers likewise, up to `depth` steps up.
    func related(to chain: [Certificate], depth: Int = 8) -> [Int] {
        var found: Set<Int> = []
        var frontier: [Int] = []
        func add(_ indices: [Int]?) {
            for index in indices ?? [] where found.insert(index).inserted { frontier.append(index) }
        }
        for certificate in chain {
            add(bySHA256[certificate.sha256Hex])
            add(bySubject[Data(certificate.issuer.derEncoded).base64EncodedString()])
            if let aki = certificate.authorityKeyIdentifier { add(bySKI[hexString(aki)]) }
        }
        var step = 0
        while !frontier.isEmpty, step < depth {
            let current = frontier
            frontier = []
            for index in current {
                let entry = entries[index]
                guard !entry.isAnchor || !entry.isSelfIssued else { continue }
                add(bySubject[entry.issuerDER])
                if let aki = entry.aki, aki != entry.ski { add(bySKI[aki]) }
            }
            step += 1
        }
        return found.sorted()
    }

    /// The entry's certificate, parsed on first use and kept for the generation (its OpenSSL object too, once a
    /// validation has made it); nil when the stored DER does not parse or does not match the stored SHA-256, which
    /// leaves the entry out of every chain.
    func certificate(_ index: Int) -> Certificate? {
        if let known = certificates.withLock({ $0[index] }) { return known }
        guard let der = Data(base64Encoded: entries[index].certificateBase64),
            let certificate = try? Certificate(derEncoded: Array(der)),
            certificate.sha256Hex == entries[index].sha256
        else { return nil }
        // Parsed outside the lock; a concurrent query may have parsed it too: keep the first so that its OpenSSL
        // object is shared.
        return certificates.withLock { memo in
            if let known = memo[index] { return known }
            memo[index] = certificate
            return certificate
        }
    }
}
