import Foundation
import TrustLists
import X509

/// Where a credential decision gets the status lists its credentials name (docs/architecture.md, Status lists): the
/// service's store (lists prefetched or fetched on demand, bounded), or a collection a library caller holds
/// (``StatusListCollection``). A source never decides a credential; it hands over a verified list that may answer for
/// the credential's issuer, or says why none is at hand.
public protocol StatusListSource: Sendable {
    /// The mode of a network's status checks (`networks[].statusLists.mode`).
    /// - Parameter network: the network of the list that vouches for the credential's issuer; nil when unknown.
    func statusListMode(network: String?) -> StatusListSettings.Mode

    /// A verified, unexpired list for a credential's reference whose signer chains to the issuer's anchor
    /// (``VerifiedStatusList/check(anchor:signerCertificate:at:maximumDepth:)``), or why none is at hand.
    /// - Parameters:
    ///   - reference: the credential's reference (the URI, the index, an mdoc's signer certificate).
    ///   - format: the only token format accepted (an mdoc's list is a CWT); nil for both.
    ///   - anchor: the anchor the credential's issuer chained to (the IACA of an mdoc's document signer).
    ///   - network: the network of the anchor's list.
    ///   - time: the decision time, UTC.
    /// - Returns: the list, or the reason none is at hand (`status_list_signer_mismatch`, `status_list_expired`,
    ///   `url_refused` for a host not allowed, `timeout`, …), as a value.
    func statusList(
        for reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate, network: String?,
        at time: Date
    ) -> StatusListAvailability
}

/// A list a ``StatusListSource`` hands over, or why it has none.
public enum StatusListAvailability: Sendable {
    /// A verified list that may answer for the credential.
    case list(VerifiedStatusList)
    /// No list at hand, with the reason (the list's fault or the fetch's).
    case unavailable(TrustListError)
}

/// Verified status lists held in memory, by URI, with one mode: what a library caller that fetched and verified its
/// lists itself passes to a decision, and what a decision uses when given none (empty, mode `warn`).
public struct StatusListCollection: StatusListSource {
    /// The mode for every network.
    public var mode: StatusListSettings.Mode
    /// The lists by URI (`sub`).
    public var lists: [String: VerifiedStatusList]

    /// A collection.
    /// - Parameters:
    ///   - mode: the mode for every network (default `warn`).
    ///   - lists: verified lists; each is kept under its `sub`.
    public init(mode: StatusListSettings.Mode = .warn, lists: [VerifiedStatusList] = []) {
        self.mode = mode
        self.lists = Dictionary(lists.map { ($0.subject, $0) }, uniquingKeysWith: { $1 })
    }

    public func statusListMode(network: String?) -> StatusListSettings.Mode { mode }

    public func statusList(
        for reference: StatusListReference, format: StatusListTokenFormat?, anchor: Certificate, network: String?,
        at time: Date
    ) -> StatusListAvailability {
        guard let list = lists[reference.uri] else {
            return .unavailable(TrustListError(.statusListMissing, "no status list for \(reference.uri) is at hand"))
        }
        return Self.usable(list, for: reference, format: format, anchor: anchor, at: time)
    }

    /// Whether a list at hand may answer for a reference: its format, then
    /// ``VerifiedStatusList/check(anchor:signerCertificate:at:maximumDepth:)``.
    public static func usable(
        _ list: VerifiedStatusList, for reference: StatusListReference, format: StatusListTokenFormat?,
        anchor: Certificate, at time: Date
    ) -> StatusListAvailability {
        if let format, list.token.format != format {
            return .unavailable(
                TrustListError(
                    .wrongListType,
                    "the status list \(reference.uri) is a \(list.token.format.rawValue.uppercased()) where a "
                        + "\(format.rawValue.uppercased()) is required (\(format.mediaType))"))
        }
        do {
            try list.check(anchor: anchor, signerCertificate: try reference.signerCertificate(), at: time)
        } catch {
            return .unavailable(error)
        }
        return .list(list)
    }
}
