import Foundation

extension Snapshot {
    /// One configured list as the snapshot saw it: the facts of its current verified version (none when it never
    /// had one) and the network's freshness settings, which is all ``ListState/evaluate(_:at:maxAgeSeconds:overdueGraceSeconds:)``
    /// needs to recompute the list's state at query time.
    ///
    /// In `snapshot.json` a source is an object with the keys of the stored properties below; an absent value is
    /// `null`.
    public struct Source: Sendable, Hashable, Codable {
        /// `network/name`.
        public var list: ListID
        /// The network's configured id.
        public var network: String
        /// VICAL, RICAL or LoTE.
        public var kind: ListKind
        /// A LoTE's configured `LoTEType`; nil for VICALs and RICALs.
        public var loteType: String?
        /// `vicalProvider` / `provider` / a LoTE's `SchemeOperatorName` of the current version; nil when there is none.
        public var provider: String?
        /// `vicalIssueID` / `id` / `LoTESequenceNumber`; nil when the list has none or there is no list.
        public var issueID: UInt64?
        /// `date` (a LoTE's `ListIssueDateTime`) of the current version, UTC; nil when there is no list.
        public var date: Date?
        /// `nextUpdate`; nil when absent.
        public var nextUpdate: Date?
        /// `notAfter`; nil when absent.
        public var notAfter: Date?
        /// The state at ``Snapshot/builtAt``.
        public var state: ListState
        /// Why the state is not fresh at build time; nil when fresh.
        public var stateReason: String?
        /// SHA-256 of the signed list bytes, lower-case hex; nil when there is no list.
        public var sha256: String?
        /// Usable entries of the current version (0 when there is none).
        public var entries: Int
        /// How many issuers (VICAL), verifiers (RICAL), or issuers and verifiers (LoTE) this list put into the
        /// snapshot: 0 when its state at build time was `expired` or `no_trust`.
        public var contributed: Int
        /// The list signer's subject (RFC 4514); nil when there is no list.
        public var signerSubject: String?
        /// The earliest notAfter of the signer chain, UTC; after it the list is expired. Nil when there is no list.
        public var signerNotAfter: Date?
        /// When the current version was verified, UTC; nil when there is no list.
        public var verifiedAt: Date?
        /// The network's `maxAgeSeconds`: for lists without `nextUpdate`, how long after `date` they stay fresh.
        public var maxAgeSeconds: Double
        /// The network's `overdueGraceSeconds`: how long past `nextUpdate` (or `date + maxAge`) a list stays trusted.
        public var overdueGraceSeconds: Double

        /// Creates a source entry; see the properties for the meaning of each argument.
        public init(
            list: ListID, provider: String?, issueID: UInt64?, date: Date?, nextUpdate: Date?, notAfter: Date?,
            state: ListState, stateReason: String?, sha256: String?, entries: Int, contributed: Int,
            signerSubject: String?, signerNotAfter: Date?, verifiedAt: Date?, maxAgeSeconds: Double,
            overdueGraceSeconds: Double, loteType: String? = nil
        ) {
            self.list = list
            self.network = list.network
            self.kind = list.kind
            self.loteType = loteType
            self.provider = provider
            self.issueID = issueID
            self.date = date
            self.nextUpdate = nextUpdate
            self.notAfter = notAfter
            self.state = state
            self.stateReason = stateReason
            self.sha256 = sha256
            self.entries = entries
            self.contributed = contributed
            self.signerSubject = signerSubject
            self.signerNotAfter = signerNotAfter
            self.verifiedAt = verifiedAt
            self.maxAgeSeconds = maxAgeSeconds
            self.overdueGraceSeconds = overdueGraceSeconds
        }

        /// The list facts as a ``ListSummary``; nil when the snapshot saw no list (`date` or `signerNotAfter` absent).
        public var summary: ListSummary? {
            guard let date, let signerNotAfter else { return nil }
            return ListSummary(
                id: list, sha256: sha256 ?? "", provider: provider ?? "", issueID: issueID, date: date,
                nextUpdate: nextUpdate, notAfter: notAfter, entries: entries, signerSubject: signerSubject ?? "",
                signerNotAfter: signerNotAfter, verifiedAt: verifiedAt ?? date)
        }

        /// The list's state at `time`, recomputed from the stored facts (docs/architecture.md, List states).
        ///
        /// A list that contributed nothing because it was `expired` or `no_trust` at build time stays in that state:
        /// the snapshot holds none of its entries, so no later time can make it usable.
        /// - Parameter time: the time asked about, UTC.
        /// - Returns: the state and, unless fresh, why.
        public func state(at time: Date) -> (state: ListState, reason: String?) {
            guard state.isTrusted else { return (state, stateReason) }
            return ListState.evaluate(
                summary, at: time, maxAgeSeconds: maxAgeSeconds, overdueGraceSeconds: overdueGraceSeconds)
        }
    }
}

extension Snapshot.Source {
    private enum Keys: String, CodingKey {
        case list, network, kind, loteType, provider, issueID, date, nextUpdate, notAfter, state, stateReason, sha256,
            entries
        case contributed, signerSubject, signerNotAfter, verifiedAt, maxAgeSeconds, overdueGraceSeconds
    }

    /// Reads a source object; dates are RFC 3339 text (``SnapshotTime``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        func time(_ key: Keys) throws -> Date? {
            guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let date = SnapshotTime.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "expected an RFC 3339 time, found \"\(text)\"")
            }
            return date
        }
        list = try container.decode(ListID.self, forKey: .list)
        network = try container.decode(String.self, forKey: .network)
        kind = try container.decode(ListKind.self, forKey: .kind)
        loteType = try container.decodeIfPresent(String.self, forKey: .loteType)
        provider = try container.decodeIfPresent(String.self, forKey: .provider)
        issueID = try container.decodeIfPresent(UInt64.self, forKey: .issueID)
        date = try time(.date)
        nextUpdate = try time(.nextUpdate)
        notAfter = try time(.notAfter)
        state = try container.decode(ListState.self, forKey: .state)
        stateReason = try container.decodeIfPresent(String.self, forKey: .stateReason)
        sha256 = try container.decodeIfPresent(String.self, forKey: .sha256)
        entries = try container.decode(Int.self, forKey: .entries)
        contributed = try container.decode(Int.self, forKey: .contributed)
        signerSubject = try container.decodeIfPresent(String.self, forKey: .signerSubject)
        signerNotAfter = try time(.signerNotAfter)
        verifiedAt = try time(.verifiedAt)
        maxAgeSeconds = try container.decode(Double.self, forKey: .maxAgeSeconds)
        overdueGraceSeconds = try container.decode(Double.self, forKey: .overdueGraceSeconds)
    }

    /// Writes a source object: every key present, `null` for an absent value, dates as RFC 3339 text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        func encode(_ value: (some Encodable)?, _ key: Keys) throws {
            if let value { try container.encode(value, forKey: key) } else { try container.encodeNil(forKey: key) }
        }
        try container.encode(list, forKey: .list)
        try container.encode(network, forKey: .network)
        try container.encode(kind, forKey: .kind)
        try encode(loteType, .loteType)
        try encode(provider, .provider)
        try encode(issueID, .issueID)
        try encode(date.map(Timestamp.text), .date)
        try encode(nextUpdate.map(Timestamp.text), .nextUpdate)
        try encode(notAfter.map(Timestamp.text), .notAfter)
        try container.encode(state, forKey: .state)
        try encode(stateReason, .stateReason)
        try encode(sha256, .sha256)
        try container.encode(entries, forKey: .entries)
        try container.encode(contributed, forKey: .contributed)
        try encode(signerSubject, .signerSubject)
        try encode(signerNotAfter.map(Timestamp.text), .signerNotAfter)
        try encode(verifiedAt.map(Timestamp.text), .verifiedAt)
        try container.encode(maxAgeSeconds, forKey: .maxAgeSeconds)
        try container.encode(overdueGraceSeconds, forKey: .overdueGraceSeconds)
    }
}

extension ListSummary {
    /// A summary from its parts (the snapshot's stored facts).
    init(
        id: ListID, sha256: String, provider: String, issueID: UInt64?, date: Date, nextUpdate: Date?,
        notAfter: Date?, entries: Int, signerSubject: String, signerNotAfter: Date, verifiedAt: Date
    ) {
        self.id = id
        self.sha256 = sha256
        self.provider = provider
        self.issueID = issueID
        self.date = date
        self.nextUpdate = nextUpdate
        self.notAfter = notAfter
        self.entries = entries
        self.signerSubject = signerSubject
        self.signerNotAfter = signerNotAfter
        self.verifiedAt = verifiedAt
    }
}
