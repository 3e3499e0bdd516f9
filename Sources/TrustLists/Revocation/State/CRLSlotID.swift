import Foundation

/// One CA of a network whose CRL the service keeps: the network and the SHA-256 of the CA certificate a verified
/// list names (docs/architecture.md, "Revocation"). A CA listed by two networks has a slot in each, so each
/// network's revocation settings apply to its own decisions.
public struct CRLSlotID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The network id.
    public let network: String
    /// SHA-256 of the CA certificate's DER, lower-case hex.
    public let issuerSHA256: String

    /// A slot.
    public init(network: String, issuerSHA256: String) {
        self.network = network
        self.issuerSHA256 = issuerSHA256
    }

    /// `network/issuerSHA256`: the key in `state.json` and the path of the mirror endpoint.
    public var description: String { "\(network)/\(issuerSHA256)" }

    /// Reads `network/issuerSHA256`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].count == 64,
            parts[1].allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else { return nil }
        self.init(network: String(parts[0]), issuerSHA256: String(parts[1]))
    }

    /// Orders by network, then issuer.
    public static func < (lhs: CRLSlotID, rhs: CRLSlotID) -> Bool {
        (lhs.network, lhs.issuerSHA256) < (rhs.network, rhs.issuerSHA256)
    }
}
