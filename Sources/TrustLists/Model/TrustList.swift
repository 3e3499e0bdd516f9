import Foundation
import X509

/// A decoded VICAL or RICAL, with the fields both kinds share.
public enum TrustList: Sendable {
    /// A VICAL.
    case vical(Vical)
    /// A RICAL.
    case rical(Rical)

    /// Which kind it is.
    public var kind: ListKind {
        switch self {
        case .vical: .vical
        case .rical: .rical
        }
    }

    /// The fields both kinds share.
    public var header: ListHeader {
        switch self {
        case .vical(let list): list.header
        case .rical(let list): list.header
        }
    }

    /// `vicalProvider` or `provider`.
    public var provider: String { header.provider }
    /// `date`.
    public var date: Date { header.date }
    /// `vicalIssueID` or `id`; nil when the list has none.
    public var issueID: UInt64? { header.issueID }
    /// `nextUpdate`; nil when absent.
    public var nextUpdate: Date? { header.nextUpdate }
    /// `notAfter`; nil when absent.
    public var notAfter: Date? { header.notAfter }

    /// The listed certificates of the usable entries, in list order.
    public var certificates: [Certificate] {
        switch self {
        case .vical(let list): list.certificateInfos.map(\.certificate)
        case .rical(let list): list.certificateInfos.map(\.certificate)
        }
    }

    /// The number of usable entries.
    public var entryCount: Int {
        switch self {
        case .vical(let list): list.certificateInfos.count
        case .rical(let list): list.certificateInfos.count
        }
    }
}
