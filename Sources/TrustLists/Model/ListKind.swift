/// The two kinds of trust list of ISO/IEC 18013-5.
public enum ListKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Verified Issuer Certificate Authority List (Annex C): the IACAs that may sign mdocs, with their docTypes.
    case vical
    /// Reader (verifier) Certificate Authority List (2nd-edition draft Annex F): who may ask a wallet for data.
    case rical

    /// `VICAL` or `RICAL`.
    public var displayName: String { rawValue.uppercased() }

    /// VICAL sorts before RICAL.
    public static func < (lhs: ListKind, rhs: ListKind) -> Bool { lhs == .vical && rhs == .rical }
}

/// The name of one configured list: `<network>/<kind>`, e.g. `aamva/vical`, as used by `--list`, status, the
/// snapshot, logs and metrics.
public struct ListID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The network's configured id.
    public let network: String
    /// Which list of the network.
    public let kind: ListKind

    /// Creates an id.
    public init(network: String, kind: ListKind) {
        self.network = network
        self.kind = kind
    }

    /// Parses `network/kind`; nil when the text is not of that form.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, let kind = ListKind(rawValue: String(parts[1])) else { return nil }
        self.init(network: String(parts[0]), kind: kind)
    }

    /// `network/kind`.
    public var description: String { "\(network)/\(kind.rawValue)" }

    /// By network, then VICAL before RICAL.
    public static func < (lhs: ListID, rhs: ListID) -> Bool {
        (lhs.network, lhs.kind == .rical ? 1 : 0) < (rhs.network, rhs.kind == .rical ? 1 : 0)
    }

    /// Encoded as the `network/kind` string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ListID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not network/kind: \(text)"))
        }
        self = id
    }

    /// Encoded as the `network/kind` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
