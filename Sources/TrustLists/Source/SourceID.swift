/// The name of one source the service keeps and refreshes (docs/architecture.md, Signed sources): a configured list,
/// the CRL of a CA a verified list names, or a status list of a network. The schedule plans lists and CRLs by this
/// name; a status list is prefetched by its network's list refreshes, and fetched again on demand when its `ttl` asks.
public enum SourceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A configured list (`network/name`).
    case list(ListID)
    /// The CRL of a listed CA in a network (`network/issuerSHA256`).
    case crl(CRLSlotID)
    /// A status list of a network (`network/uriSHA256`).
    case statusList(StatusListID)

    /// The list, when it is one.
    public var list: ListID? {
        guard case .list(let id) = self else { return nil }
        return id
    }

    /// The CA slot, when it is a CRL.
    public var crl: CRLSlotID? {
        guard case .crl(let slot) = self else { return nil }
        return slot
    }

    /// The status list, when it is one.
    public var statusList: StatusListID? {
        guard case .statusList(let id) = self else { return nil }
        return id
    }

    /// `network/name`, `crl network/issuerSHA256` or `status list network/uriSHA256`.
    public var description: String {
        switch self {
        case .list(let id): id.description
        case .crl(let slot): "crl \(slot)"
        case .statusList(let id): "status list \(id)"
        }
    }

    /// Lists first (in list order), then CRLs (by network and CA), then status lists (by network and URI digest).
    public static func < (lhs: SourceID, rhs: SourceID) -> Bool {
        switch (lhs, rhs) {
        case (.list(let left), .list(let right)): left < right
        case (.crl(let left), .crl(let right)): left < right
        case (.statusList(let left), .statusList(let right)): left < right
        default: lhs.rank < rhs.rank
        }
    }

    private var rank: Int {
        switch self {
        case .list: 0
        case .crl: 1
        case .statusList: 2
        }
    }
}
