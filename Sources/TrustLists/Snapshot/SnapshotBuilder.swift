import Foundation
import X509

/// Builds a ``Snapshot`` from scratch from the current lists (docs/architecture.md, The snapshot): never patched, so an
/// entry removed upstream is gone from the next generation.
///
/// Only lists whose state at build time is `fresh` or `overdue` contribute issuers (VICAL), verifiers (RICAL), or
/// services and the anchors of their types (LoTE); an `expired` or `no_trust` list keeps its source entry, with its
/// facts and state, and contributes nothing. The
/// certificates were parsed when their list was verified; the builder only copies out the fields queries need, so
/// nothing is parsed when the snapshot is loaded.
public enum SnapshotBuilder {
    /// One configured list as the builder receives it: its verified current version (or none) and its state at
    /// build time.
    public struct Input: Sendable {
        /// `network/name`.
        public let id: ListID
        /// A LoTE's configured `LoTEType`; nil for VICALs and RICALs.
        public let loteType: String?
        /// The network's `maxAgeSeconds`.
        public let maxAgeSeconds: Double
        /// The network's `overdueGraceSeconds`.
        public let overdueGraceSeconds: Double
        /// The current verified version; nil when the list never had one.
        public let verified: VerifiedList?
        /// The current version's facts; nil when there is none.
        public let summary: ListSummary?
        /// The list's state at build time.
        public let state: ListState
        /// Why the state is not fresh; nil when fresh.
        public let stateReason: String?

        /// An input whose state is evaluated at `time` with ``ListState/evaluate(_:at:maxAgeSeconds:overdueGraceSeconds:)``.
        /// - Parameters:
        ///   - id: `network/name`.
        ///   - maxAgeSeconds: the network's `maxAgeSeconds`.
        ///   - overdueGraceSeconds: the network's `overdueGraceSeconds`.
        ///   - verified: the current verified version, or nil (state `no_trust`).
        ///   - summary: its facts when the caller already has them (one summary per commit); computed when nil.
        ///   - loteType: a LoTE's configured `LoTEType`.
        ///   - time: the build time, UTC.
        public init(
            id: ListID, maxAgeSeconds: Double, overdueGraceSeconds: Double, verified: VerifiedList?,
            summary: ListSummary? = nil, loteType: String? = nil, at time: Date
        ) {
            let summary = summary ?? verified.map { ListSummary($0, id: id) }
            let evaluated = ListState.evaluate(
                summary, at: time, maxAgeSeconds: maxAgeSeconds, overdueGraceSeconds: overdueGraceSeconds)
            self.id = id
            self.loteType = loteType
            self.maxAgeSeconds = maxAgeSeconds
            self.overdueGraceSeconds = overdueGraceSeconds
            self.verified = verified
            self.summary = summary
            state = evaluated.state
            stateReason = evaluated.reason
        }

        /// An input for a configured list, with the network's settings from the configuration.
        /// - Parameters:
        ///   - configuration: the configured list.
        ///   - verified: the current verified version, or nil when the list never had one.
        ///   - summary: its facts when the caller already has them; computed when nil.
        ///   - time: the build time, UTC.
        public init(
            configuration: ListConfiguration, verified: VerifiedList?, summary: ListSummary? = nil, at time: Date
        ) {
            self.init(
                id: configuration.id, maxAgeSeconds: configuration.network.maxAgeSeconds,
                overdueGraceSeconds: configuration.network.overdueGraceSeconds, verified: verified, summary: summary,
                loteType: configuration.source.loteType, at: time)
        }
    }

    /// Builds the next generation.
    /// - Parameters:
    ///   - inputs: one per configured list, in configuration order (a list id given twice counts once: the first).
    ///   - previousGeneration: the generation of the snapshot this one replaces; nil when there is none.
    ///   - time: the build time, UTC.
    ///   - revocation: the CRLs verified against the listed CAs (none by default).
    ///   - credentials: each network's credential settings (the defaults for a network not named).
    /// - Returns: generation `previousGeneration + 1` (1 when nil); dates rounded to the millisecond
    ///   (``SnapshotTime``); with the verified lists' parsed certificates.
    public static func build(
        _ inputs: [Input], previousGeneration: UInt64?, at time: Date, revocation: RevocationIndex = RevocationIndex(),
        credentials: [String: CredentialSettings] = [:]
    ) -> VerifiedSnapshot {
        var sources: [Snapshot.Source] = []
        var contribution = Contribution()
        var seen: Set<ListID> = []
        for input in inputs where seen.insert(input.id).inserted {
            var state = input.state
            var reason = input.stateReason
            var contributed = 0
            if state.isTrusted {
                if let verified = input.verified, input.summary != nil, verified.list.kind == input.id.kind {
                    let rows = contribution.rows
                    verified.list.kind.definition.contribute(
                        verified.list, source: input.id, at: time, to: &contribution)
                    contributed = contribution.rows - rows
                } else if let verified = input.verified, input.summary != nil {
                    (state, reason) = (
                        .noTrust,
                        "the list given is a \(verified.list.kind.displayName), not a \(input.id.kind.displayName)"
                    )
                } else {
                    (state, reason) = (.noTrust, "no verified list")
                }
            }
            sources.append(source(input, state: state, reason: reason, contributed: contributed))
        }
        let generation = previousGeneration.map { $0 == .max ? $0 : $0 + 1 } ?? 1
        let snapshot = Snapshot(
            generation: generation, builtAt: SnapshotTime.normalized(time), sources: sources,
            issuers: contribution.issuers, verifiers: contribution.verifiers, services: contribution.services)
        return VerifiedSnapshot(
            snapshot: snapshot, certificates: contribution.certificates, revocation: revocation,
            credentials: credentials)
    }

    private static func source(
        _ input: Input, state: ListState, reason: String?, contributed: Int
    ) -> Snapshot.Source {
        let summary = input.summary
        return Snapshot.Source(
            list: input.id, provider: summary?.provider, issueID: summary?.issueID,
            date: summary.map { SnapshotTime.normalized($0.date) },
            nextUpdate: summary?.nextUpdate.map(SnapshotTime.normalized),
            notAfter: summary?.notAfter.map(SnapshotTime.normalized), state: state, stateReason: reason,
            sha256: summary?.sha256, entries: summary?.entries ?? 0, contributed: contributed,
            signerSubject: summary?.signerSubject,
            signerNotAfter: summary.map { SnapshotTime.normalized($0.signerNotAfter) },
            verifiedAt: summary.map { SnapshotTime.normalized($0.verifiedAt) }, maxAgeSeconds: input.maxAgeSeconds,
            overdueGraceSeconds: input.overdueGraceSeconds, loteType: input.loteType)
    }

    /// One issuer per distinct certificate, docTypes merged over SKI groups (see ``Snapshot/Issuer``), and each row's
    /// certificate.
    static func issuers(of vical: Vical, source: ListID) -> (rows: [Snapshot.Issuer], certificates: [Certificate]) {
        let infos = vical.certificateInfos
        // Union-find over entry positions: same certificate, or same non-empty SKI, joins two entries.
        var parent = Array(infos.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while parent[current] != current {
                parent[current] = parent[parent[current]]
                current = parent[current]
            }
            return current
        }
        func join(_ a: Int, _ b: Int) {
            let (rootA, rootB) = (root(a), root(b))
            if rootA != rootB { parent[max(rootA, rootB)] = min(rootA, rootB) }
        }
        // The distinct certificates (slots), in the order of first appearance, and the entries of each chained from
        // its first (no array per certificate: a list of 10,000 makes no small arrays).
        var slotOfCertificate: [ByteKey: Int] = Dictionary(minimumCapacity: infos.count)
        var firstOfSlot: [Int] = []
        var lastOfSlot: [Int] = []
        var nextOfEntry = [Int](repeating: -1, count: infos.count)
        var firstOfSKI: [ByteKey: Int] = Dictionary(minimumCapacity: infos.count)
        // By index, reading the fields in place: a copy of each entry would retain and release all its fields.
        for index in infos.indices {
            let certificate = ByteKey(infos[index].certificate.sha256)
            if let slot = slotOfCertificate[certificate] {
                nextOfEntry[lastOfSlot[slot]] = index
                lastOfSlot[slot] = index
                join(index, firstOfSlot[slot])
            } else {
                slotOfCertificate[certificate] = firstOfSlot.count
                firstOfSlot.append(index)
                lastOfSlot.append(index)
            }
            if !infos[index].ski.isEmpty {
                let ski = ByteKey(infos[index].ski)
                if let other = firstOfSKI[ski] { join(index, other) } else { firstOfSKI[ski] = index }
            }
        }
        // The docTypes of each group of more than one entry, merged once, here, by the group's root (a row reads its
        // group's; walking the group per row would cost the square of its size).
        let roots = infos.indices.map(root)
        var groupSize = [Int](repeating: 0, count: infos.count)
        for index in infos.indices { groupSize[roots[index]] += 1 }
        var merged: [Int: [String]] = [:]
        for index in infos.indices where groupSize[roots[index]] > 1 {
            merged[roots[index], default: []] += infos[index].docTypes
        }
        let (groupDocTypes, entryLinks) = (merged.mapValues(sortedUnique), nextOfEntry)

        // Each row is independent text work (base64, hex, RFC 4514), spread over the cores like the list's decode.
        let rows = firstOfSlot.parallelMap { firstEntry -> Snapshot.Issuer in
            let certificate = infos[firstEntry].certificate
            // The field read in place by index: an entry passed whole would be copied, its fields retained.
            func first(_ field: (Int) -> String?) -> String? {
                for entry in linked(from: firstEntry, entryLinks) {
                    if let value = field(entry) { return value }
                }
                return nil
            }
            let subjectDER = base64(certificate.subject.derEncoded)
            return Snapshot.Issuer(
                certificateText: RowText(base64Of: certificate.derEncoded), sha256: certificate.sha256Hex,
                ski: hexString(infos[firstEntry].ski),
                aki: certificate.authorityKeyIdentifier.map(hexString),
                subjectText: RowText(name: certificate.subject),
                subjectDER: subjectDER,
                issuerDER: certificate.isSelfIssued ? subjectDER : base64(certificate.issuer.derEncoded),
                issuingCountry: first { infos[$0].listed.issuingCountry },
                stateOrProvinceName: first { infos[$0].listed.stateOrProvinceName },
                issuingAuthority: first { infos[$0].issuingAuthority },
                notBefore: SnapshotTime.normalized(certificate.notBefore),
                notAfter: SnapshotTime.normalized(certificate.notAfter),
                docTypes: groupDocTypes[roots[firstEntry]] ?? sortedUnique(infos[firstEntry].docTypes),
                source: source)
        }
        return (rows, firstOfSlot.map { infos[$0].certificate })
    }

    /// The positions linked from `first` through `links` (each position's successor, -1 after the last).
    private static func linked(from first: Int, _ links: [Int]) -> UnfoldSequence<Int, Int> {
        sequence(state: first) { position in
            guard position >= 0 else { return nil }
            defer { position = links[position] }
            return position
        }
    }

    /// The strings sorted, each once.
    private static func sortedUnique(_ strings: [String]) -> [String] {
        guard strings.count > 1 else { return strings }
        var unique: [String] = []
        for string in strings.sorted() where unique.last != string { unique.append(string) }
        return unique
    }

    /// One verifier per RICAL entry.
    static func verifiers(of rical: Rical, source: ListID) -> [Snapshot.Verifier] {
        rical.certificateInfos.parallelMap { info in
            let certificate = info.certificate
            return Snapshot.Verifier(
                certificateText: RowText(base64Of: certificate.derEncoded), sha256: certificate.sha256Hex,
                ski: hexString(info.ski),
                aki: certificate.authorityKeyIdentifier.map(hexString),
                subjectText: RowText(name: certificate.subject),
                subjectDER: base64(certificate.subject.derEncoded), issuerDER: base64(certificate.issuer.derEncoded),
                name: info.name, isTrustAnchor: info.isTrustAnchor,
                notBefore: SnapshotTime.normalized(certificate.notBefore),
                notAfter: SnapshotTime.normalized(certificate.notAfter), source: source)
        }
    }

    /// Standard base64 (RFC 4648 §4) with padding.
    static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }
}
