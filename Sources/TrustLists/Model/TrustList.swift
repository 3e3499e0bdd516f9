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

    /// `vicalProvider` or `provider`.
    public var provider: String {
        switch self {
        case .vical(let list): list.provider
        case .rical(let list): list.provider
        }
    }

    /// `date`.
    public var date: Date {
        switch self {
        case .vical(let list): list.date
        case .rical(let list): list.date
        }
    }

    /// `vicalIssueID` or `id`; nil when the list has none.
    public var issueID: UInt64? {
        switch self {
        case .vical(let list): list.issueID
        case .rical(let list): list.issueID
        }
    }

    /// `nextUpdate`; nil when absent.
    public var nextUpdate: Date? {
        switch self {
        case .vical(let list): list.nextUpdate
        case .rical(let list): list.nextUpdate
        }
    }

    /// `notAfter`; nil when absent.
    public var notAfter: Date? {
        switch self {
        case .vical(let list): list.notAfter
        case .rical(let list): list.notAfter
        }
    }

    /// `version`.
    public var version: String {
        switch self {
        case .vical(let list): list.version
        case .rical(let list): list.version
        }
    }

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
