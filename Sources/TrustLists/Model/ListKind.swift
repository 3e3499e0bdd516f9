/// The kinds of trust list: the two of ISO/IEC 18013-5 and the EU's Lists of Trusted Entities.
public enum ListKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Verified Issuer Certificate Authority List (Annex C): the IACAs that may sign mdocs, with their docTypes.
    case vical
    /// Reader (verifier) Certificate Authority List (2nd-edition draft Annex F): who may ask a wallet for data.
    case rical
    /// List of Trusted Entities (ETSI TS 119 602), JSON signed as JAdES: PID providers, WRPAC providers, wallet
    /// providers and the other EU lists (docs/architecture.md, Lists of Trusted Entities).
    case lote

    /// `VICAL`, `RICAL` or `LoTE`.
    public var displayName: String { self == .lote ? "LoTE" : rawValue.uppercased() }

    /// The extension of a cached version's file: `cose` (COSE_Sign1) or `jws` (JAdES).
    public var fileExtension: String { self == .lote ? "jws" : "cose" }

    /// VICAL, then RICAL, then LoTEs.
    public static func < (lhs: ListKind, rhs: ListKind) -> Bool { lhs.order < rhs.order }

    private var order: Int {
        switch self {
        case .vical: 0
        case .rical: 1
        case .lote: 2
        }
    }
}

/// The name of one configured list: `<network>/<name>`, as used by `--list`, status, the snapshot, logs and metrics.
/// A network's VICAL and RICAL are named by their kind (`aamva/vical`, `aamva/rical`); a LoTE by the id the
/// configuration gives it (`eu/pid`), which may be neither `vical` nor `rical`, so the name alone says the kind.
public struct ListID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The network's configured id.
    public let network: String
    /// `vical`, `rical`, or a LoTE's configured id: `[a-z0-9._-]`, starting with a letter or digit.
    public let name: String

    /// The id of a network's VICAL or RICAL.
    /// - Precondition: `kind` is `.vical` or `.rical` (a LoTE is named by its configured id: ``init(network:name:)``).
    public init(network: String, kind: ListKind) {
        precondition(kind != .lote, "a LoTE is named by its configured id")
        self.init(network: network, name: kind.rawValue)
    }

    /// The id of a list by its name: `vical`, `rical` or a LoTE's configured id.
    public init(network: String, name: String) {
        self.network = network
        self.name = name
    }

    /// Parses `network/name`; nil when the text is not of that form or a part is not a valid id.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isValidName(parts[0]), Self.isValidName(parts[1]) else { return nil }
        self.init(network: String(parts[0]), name: String(parts[1]))
    }

    /// Which kind of list: the kind a name `vical` or `rical` says, a LoTE for any other name.
    public var kind: ListKind {
        switch name {
        case ListKind.vical.rawValue: .vical
        case ListKind.rical.rawValue: .rical
        default: .lote
        }
    }

    /// Whether `text` is a valid network or list id: ASCII `a-z`, `0-9`, `.`, `_`, `-`, starting with a letter or
    /// digit, at most 64 characters.
    public static func isValidName(_ text: some StringProtocol) -> Bool {
        guard let first = text.first, first.isASCII, first.isLowercase || first.isNumber, text.count <= 64 else {
            return false
        }
        return text.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "._-".contains($0)) }
    }

    /// `network/name`.
    public var description: String { "\(network)/\(name)" }

    /// By network, then VICAL, RICAL, LoTEs (by name).
    public static func < (lhs: ListID, rhs: ListID) -> Bool {
        if lhs.network != rhs.network { return lhs.network < rhs.network }
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        return lhs.name < rhs.name
    }

    /// Encoded as the `network/name` string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = ListID(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not network/name: \(text)"))
        }
        self = id
    }

    /// Encoded as the `network/name` string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
