/// The name of one source the service keeps and refreshes (docs/architecture.md, Signed sources): a configured list,
/// or the CRL of a CA a verified list names. The schedule plans each by this name.
public enum SourceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A configured list (`network/name`).
    case list(ListID)
    /// The CRL of a listed CA in a network (`network/issuerSHA256`).
    case crl(CRLSlotID)

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

    /// `network/name`, or `crl network/issuerSHA256`.
    public var description: String { list.map(\.description) ?? "crl \(crl.map(\.description) ?? "")" }

    /// Lists first (in list order), then CRLs (by network and CA).
    public static func < (lhs: SourceID, rhs: SourceID) -> Bool {
        switch (lhs.list, rhs.list, lhs.crl, rhs.crl) {
        case (let left?, let right?, _, _): left < right
        case (_, _, let left?, let right?): left < right
        default: lhs.list != nil
        }
    }
}
