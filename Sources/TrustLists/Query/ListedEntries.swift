import Foundation
import X509

/// A listed certificate as chain building sees it: a snapshot issuer or verifier.
protocol ListedRow: Sendable {
    /// SHA-256 of the DER, hex.
    var sha256: String { get }
    /// SKI, hex.
    var ski: String { get }
    /// AKI key id, hex; nil when absent.
    var aki: String? { get }
    /// Subject, RFC 4514.
    var subject: String { get }
    /// Subject Name DER, base64.
    var subjectDER: String { get }
    /// Issuer Name DER, base64.
    var issuerDER: String { get }
    /// The list it comes from.
    var source: ListID { get }
    /// Whether a chain may end here (issuers: always; verifiers: `isTrustAnchor`).
    var isAnchor: Bool { get }
    /// The RICAL entry's name (verifiers); nil for issuers.
    var name: String? { get }
    /// The IACA's docTypes (issuers); empty for verifiers.
    var docTypes: [String] { get }
}

extension ListedRow {
    /// Whether subject and issuer Names are equal.
    var isSelfIssued: Bool { subjectDER == issuerDER }
}

extension Snapshot.Issuer: ListedRow {
    var isAnchor: Bool { true }
    var name: String? { nil }
}

extension Snapshot.Verifier: ListedRow {
    var isAnchor: Bool { isTrustAnchor }
    var docTypes: [String] { [] }
}

/// The listed certificates of one kind (the snapshot's issuers or its verifiers), indexed by SHA-256, by subject
/// Name (DER) and by SKI, each with the ``Certificate`` its list's verification parsed.
///
/// Built once per generation on the snapshot's own arrays (nothing is copied); no certificate is parsed again, and a
/// certificate's OpenSSL object is made (once, inside ``Certificate``) only when a query needs the entry as an anchor
/// or intermediate. Immutable.
final class ListedEntries<Row: ListedRow>: Sendable {
    /// The entries, in snapshot order (by list, then list order).
    let entries: [Row]
    /// For each entry, the position of its list in the index's sources (-1 when the list is not among them).
    let sources: [Int]
    private let bySHA256: Lookup
    private let bySubject: Lookup
    private let bySKI: Lookup
    private let certificates: [String: Certificate]

    /// A multimap from a key to entry positions without an array per key: the latest position per key in a
    /// dictionary, earlier ones chained through `next` (loading 10,000 entries makes no small arrays).
    struct Lookup: Sendable {
        private var first: [String: Int] = [:]
        private var next: [Int]

        init(count: Int) {
            first.reserveCapacity(count)
            next = [Int](repeating: -1, count: count)
        }

        /// Adds `position` under `key` (in front of the chain); positions must be added in ascending order.
        mutating func add(_ key: String, _ position: Int) {
            next[position] = first.updateValue(position, forKey: key) ?? -1
        }

        /// The positions under `key`, ascending.
        subscript(key: String) -> [Int] {
            var positions: [Int] = []
            var position = first[key] ?? -1
            while position >= 0 {
                positions.append(position)
                position = next[position]
            }
            return positions.reversed()
        }
    }

    /// Indexes `entries`.
    /// - Parameters:
    ///   - entries: the snapshot's issuers or verifiers.
    ///   - sourcePositions: the position of each list id among the index's sources.
    ///   - certificates: the verified lists' certificates by SHA-256 (hex).
    init(_ entries: [Row], sourcePositions: [ListID: Int], certificates: [String: Certificate]) {
        self.entries = entries
        self.certificates = certificates
        // Entries come grouped by list: look a list up only when it changes. Fields are read by index, so that an
        // entry (a struct of a dozen strings) is not copied whole for each field.
        var sources = [Int](repeating: -1, count: entries.count)
        var bySHA256 = Lookup(count: entries.count)
        var bySubject = Lookup(count: entries.count)
        var bySKI = Lookup(count: entries.count)
        var previous: (id: ListID, position: Int)?
        for index in entries.indices {
            let source = entries[index].source
            if let previous, previous.id == source {
                sources[index] = previous.position
            } else {
                let position = sourcePositions[source] ?? -1
                previous = (source, position)
                sources[index] = position
            }
            bySHA256.add(entries[index].sha256, index)
            bySubject.add(entries[index].subjectDER, index)
            let ski = entries[index].ski
            if !ski.isEmpty { bySKI.add(ski, index) }
        }
        self.sources = sources
        self.bySHA256 = bySHA256
        self.bySubject = bySubject
        self.bySKI = bySKI
    }

    /// The entries listing exactly this certificate, in snapshot order.
    func entries(withSHA256 sha256: String) -> [Int] { bySHA256[sha256] }

    /// The entries related to a chain, ascending: each chain certificate itself (direct listing), its issuer by Name
    /// and its authority key by SKI; then, for related entries that cannot end a chain themselves (not an anchor, or
    /// not self-issued), their issuers likewise, up to `depth` steps up.
    func related(to chain: [Certificate], depth: Int = 8) -> [Int] {
        var found: Set<Int> = []
        var frontier: [Int] = []
        func add(_ indices: [Int]) {
            for index in indices where found.insert(index).inserted { frontier.append(index) }
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

    /// The entry's certificate, as its list's verification parsed it; nil when the generation holds none for it, or
    /// when OpenSSL cannot decode its Names or extensions, read here first (``Certificate/deferredDecodingError``):
    /// either leaves the entry out of every chain, so nothing is trusted that was not decoded.
    func certificate(_ index: Int) -> Certificate? {
        guard let certificate = certificates[entries[index].sha256], certificate.deferredDecodingError == nil else {
            return nil
        }
        return certificate
    }

    /// The entries among `indices` whose certificate OpenSSL cannot decode when first read, with why.
    func undecodable(_ indices: [Int]) -> [(index: Int, error: X509Error)] {
        indices.compactMap { index in
            certificates[entries[index].sha256]?.deferredDecodingError.map { (index, $0) }
        }
    }
}
