import Foundation
import X509

/// Where one version of a source stands among that source's versions, and what it signed: the high-water mark kept
/// for every source, against which rollback and equivocation are judged (docs/architecture.md, The pipeline: step 9).
public struct VersionMark: Sendable, Hashable, Codable {
    /// The version's signed time: a list's `date` (a LoTE's `ListIssueDateTime`), a CRL's thisUpdate (UTC).
    public var date: Date
    /// Its signed number as an unsigned big-endian magnitude without leading zeros: a VICAL's `vicalIssueID`, a
    /// RICAL's `id`, a LoTE's `LoTESequenceNumber`, a CRL's cRLNumber; nil when it carries none.
    public var number: [UInt8]?
    /// SHA-256 (hex) of its signed content (a COSE Sig_structure, a JWS signing input, a tbsCertList): two encodings
    /// of one signed content are the same version.
    public var contentSHA256: String

    /// A mark from its parts.
    public init(date: Date, number: [UInt8]?, contentSHA256: String) {
        self.date = date
        self.number = number
        self.contentSHA256 = contentSHA256
    }

    /// A mark whose number is a `UInt64` (issue ids, sequence numbers).
    public init(date: Date, number: UInt64?, contentSHA256: String) {
        self.init(date: date, number: number.map(Self.magnitude), contentSHA256: contentSHA256)
    }

    private enum CodingKeys: String, CodingKey {
        case date, number, contentSHA256
        // The marks of earlier state files: a list's (issue id, date, content) and a CRL's.
        case issueID, crlNumber, thisUpdate, tbsSHA256
    }

    /// Reads a mark, or the mark of a state file written before marks were one type: a list's `issueID`, `date`,
    /// `contentSHA256`, or a CRL's `crlNumber`, `thisUpdate`, `tbsSHA256`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let date = try container.decodeIfPresent(Date.self, forKey: .date) {
            self.date = date
            if let number = try container.decodeIfPresent([UInt8].self, forKey: .number) {
                self.number = number
            } else {
                number = try container.decodeIfPresent(UInt64.self, forKey: .issueID).map(Self.magnitude)
            }
            contentSHA256 = try container.decodeIfPresent(String.self, forKey: .contentSHA256) ?? ""
        } else {
            date = try container.decode(Date.self, forKey: .thisUpdate)
            number = try container.decodeIfPresent([UInt8].self, forKey: .crlNumber)
            contentSHA256 = hexString(try container.decode([UInt8].self, forKey: .tbsSHA256))
        }
    }

    /// Writes `date`, `number` (omitted when nil) and `contentSHA256`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(number, forKey: .number)
        try container.encode(contentSHA256, forKey: .contentSHA256)
    }

    /// The number as a `UInt64`; nil when absent or larger.
    public var uint64: UInt64? {
        guard let number, number.count <= 8 else { return nil }
        return number.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The number as text: decimal up to 2^64 - 1, else `0x` and lower-case hex; nil when absent.
    public var numberText: String? {
        guard let number else { return nil }
        return uint64.map(String.init) ?? "0x" + hexString(number)
    }

    /// The big-endian magnitude of `value`, without leading zeros (`[]` for 0).
    static func magnitude(_ value: UInt64) -> [UInt8] {
        Array(withUnsafeBytes(of: value.bigEndian, Array.init).drop { $0 == 0 })
    }

    /// Compares two magnitudes without leading zeros.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> ComparisonResult {
        if lhs.count != rhs.count { return lhs.count < rhs.count ? .orderedAscending : .orderedDescending }
        for (left, right) in zip(lhs, rhs) where left != right {
            return left < right ? .orderedAscending : .orderedDescending
        }
        return .orderedSame
    }
}

/// How a kind orders its versions, and the words and codes its rollback and equivocation use: declared once by each
/// kind (``SignedSourceKind/versionRules``) and applied by the one ``RollbackPolicy``.
public struct VersionRules: Sendable {
    /// The order of versions.
    public enum Order: Sendable {
        /// By the signed date, the number breaking ties (absent counts as 0); the same number is the same version,
        /// and a lower number with a later date is accepted, with a note. VICALs and RICALs: real providers' issue
        /// ids do not always count up (AAMVA's 2024-09-24 VICAL is issue 616575, its 2025-11-18 VICAL issue 227602),
        /// while an old list replayed by an attacker always carries its old, signed `date`.
        case dateThenNumber
        /// By the number alone (absent counts as 0): a LoTE's `LoTESequenceNumber` increases with every issue
        /// (ETSI TS 119 602), whatever its `ListIssueDateTime` says.
        case number
        /// By the number when both versions carry one, else by the date: a CRL's cRLNumber increases (RFC 5280
        /// §5.2.3), thisUpdate orders CRLs without one.
        case numberElseDate
    }

    /// The order.
    public let order: Order
    /// The number's name in messages: `issue id`, `LoTESequenceNumber`, `CRL number`.
    public let numberName: String
    /// The date's name in messages: `date`, `thisUpdate`.
    public let dateName: String
    /// What one version is, in messages: `a list`, `a CRL`.
    public let noun: String
    /// The code of a rollback: `rollback`, `crl_rollback`.
    public let rollback: ReasonCode
    /// The code of an equivocation: `equivocation`, `crl_equivocation`.
    public let equivocation: ReasonCode

    /// Rules from their parts.
    public init(
        order: Order, numberName: String, dateName: String, noun: String, rollback: ReasonCode,
        equivocation: ReasonCode
    ) {
        self.order = order
        self.numberName = numberName
        self.dateName = dateName
        self.noun = noun
        self.rollback = rollback
        self.equivocation = equivocation
    }

    /// Whether `lhs` comes before `rhs` in this order (content aside).
    public func precedes(_ lhs: VersionMark, _ rhs: VersionMark) -> Bool {
        let numbers = VersionMark.compare(lhs.number ?? [], rhs.number ?? [])
        switch order {
        case .dateThenNumber:
            return lhs.date != rhs.date ? lhs.date < rhs.date : numbers == .orderedAscending
        case .number:
            return numbers == .orderedAscending
        case .numberElseDate:
            if lhs.number != nil, rhs.number != nil { return numbers == .orderedAscending }
            return lhs.date < rhs.date
        }
    }

    /// `2025-11-18T00:00:00Z (issue id 227602)`, `LoTESequenceNumber 4 (2026-03-16T16:34:24Z)`, `CRL number 5`.
    public func describe(_ mark: VersionMark) -> String {
        switch order {
        case .dateThenNumber:
            return Timestamp.text(mark.date) + (mark.numberText.map { " (\(numberName) \($0))" } ?? "")
        case .number:
            return "\(numberName) \(mark.numberText ?? "0") (\(Timestamp.text(mark.date)))"
        case .numberElseDate:
            return mark.numberText.map { "\(numberName) \($0)" } ?? "\(dateName) \(Timestamp.text(mark.date))"
        }
    }
}
