import Foundation
import X509

/// A decoded VICAL, RICAL or LoTE, with the facts every kind has.
public enum TrustList: Sendable {
    /// A VICAL.
    case vical(Vical)
    /// A RICAL.
    case rical(Rical)
    /// A List of Trusted Entities (ETSI TS 119 602).
    case lote(LoTE)

    /// Which kind it is.
    public var kind: ListKind {
        switch self {
        case .vical: .vical
        case .rical: .rical
        case .lote: .lote
        }
    }

    /// `vicalProvider`, `provider`, or a LoTE's `SchemeOperatorName` (English, else the first).
    public var provider: String {
        switch self {
        case .vical(let list): list.header.provider
        case .rical(let list): list.header.provider
        case .lote(let list): list.operatorName
        }
    }

    /// `date`, or a LoTE's `ListIssueDateTime`.
    public var date: Date {
        switch self {
        case .vical(let list): list.header.date
        case .rical(let list): list.header.date
        case .lote(let list): list.issueDate
        }
    }

    /// `vicalIssueID`, `id`, or a LoTE's `LoTESequenceNumber`; nil when the list has none.
    public var issueID: UInt64? {
        switch self {
        case .vical(let list): list.header.issueID
        case .rical(let list): list.header.issueID
        case .lote(let list): UInt64(exactly: list.sequenceNumber)
        }
    }

    /// `nextUpdate` (a LoTE's `NextUpdate`, always present); nil when absent.
    public var nextUpdate: Date? {
        switch self {
        case .vical(let list): list.header.nextUpdate
        case .rical(let list): list.header.nextUpdate
        case .lote(let list): list.nextUpdate
        }
    }

    /// `notAfter`; nil when absent (a LoTE has none).
    public var notAfter: Date? {
        switch self {
        case .vical(let list): list.header.notAfter
        case .rical(let list): list.header.notAfter
        case .lote: nil
        }
    }

    /// The listed certificates of the usable entries, in list order (a LoTE's: every service's).
    public var certificates: [Certificate] {
        switch self {
        case .vical(let list): list.certificateInfos.map(\.certificate)
        case .rical(let list): list.certificateInfos.map(\.certificate)
        case .lote(let list): list.services.flatMap(\.digitalIdentity.certificates)
        }
    }

    /// The number of usable entries (a LoTE's: its trusted entities).
    public var entryCount: Int {
        switch self {
        case .vical(let list): list.certificateInfos.count
        case .rical(let list): list.certificateInfos.count
        case .lote(let list): list.entities.count
        }
    }

    /// How versions of this kind are ordered: by `LoTESequenceNumber` alone for a LoTE, else by date (``ListVersion``).
    public var version: ListVersion { ListVersion(date: date, issueID: issueID, kind: kind) }
}
