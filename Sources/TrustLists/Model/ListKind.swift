import COSE
import Foundation
import X509

/// The kinds of configured list: the two of ISO/IEC 18013-5 and the EU's Lists of Trusted Entities. Each case names
/// one ``ListKindDefinition`` (``definition``), which says everything about the kind; the properties here read it.
public enum ListKind: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Verified Issuer Certificate Authority List (Annex C): the IACAs that may sign mdocs, with their docTypes.
    case vical
    /// Reader (verifier) Certificate Authority List (2nd-edition draft Annex F): who may ask a wallet for data.
    case rical
    /// List of Trusted Entities (ETSI TS 119 602), JSON signed as JAdES: PID providers, WRPAC providers, wallet
    /// providers and the other EU lists (docs/architecture.md, Lists of Trusted Entities).
    case lote

    /// The kind's definition: the one place a list kind is registered (docs/architecture.md, Signed sources: adding a kind).
    package var definition: any ListKindDefinition.Type {
        switch self {
        case .vical: VICALKind.self
        case .rical: RICALKind.self
        case .lote: LoTEKind.self
        }
    }

    /// `VICAL`, `RICAL` or `LoTE`.
    public var displayName: String { definition.displayName }
    /// The extension of a cached version's file: `cose` (COSE_Sign1) or `jws` (JAdES).
    public var fileExtension: String { definition.fileExtension }
    /// The role every entry of a list of this kind plays in decisions: a VICAL lists issuers (IACAs), a RICAL
    /// readers; nil for a LoTE, whose services each say theirs (``LoTEServiceRole/anchorRole``).
    public var listedRole: AnchorRole? { definition.listedRole }
    /// Whether each certificate a list of this kind names ends a chain as listed, CA or not, self-signed or not: a
    /// LoTE trusts every listed certificate of a service as itself (ETSI TS 119 602), where a VICAL's IACAs end a
    /// document signer's chain only when self-signed (ISO/IEC 18013-5 Annex B.1.2).
    public var endsChainsAsListed: Bool { definition.endsChainsAsListed }
    /// Whether lists of this kind publish bare keys (a LoTE service's `PublicKeyValues`).
    public var publishesKeys: Bool { definition.publishesKeys }
    /// How versions of this kind are ordered (``VersionRules``).
    public var versionRules: VersionRules { definition.versionRules }

    /// Verifies bytes as a list of this kind: the kind's pipeline (``SignedSourceKind/verify(_:_:at:accepted:)``)
    /// with the context of a configured list (or of none, for a list verified on its own).
    /// - Parameters:
    ///   - bytes: the signed list as published.
    ///   - anchors: the network's pinned roots.
    ///   - source: the configured list (provider, signer EKU, `LoTEType`); nil for none.
    ///   - clockSkewSeconds: how far the issue time may lie in the future.
    ///   - time: the verification time, UTC.
    ///   - accepted: the list's high-water mark; nil to skip the rollback rule.
    /// - Throws: ``TrustListError`` with the first failing step's code.
    public func verify(
        _ bytes: [UInt8], anchors: [Certificate], source: ListSource?, clockSkewSeconds: Double, at time: Date,
        accepted: VersionMark?
    ) throws(TrustListError) -> VerifiedList {
        func run<Kind: ListKindDefinition>(_ kind: Kind.Type) throws(TrustListError) -> VerifiedList {
            let context = Kind.context(anchors: anchors, source: source, clockSkewSeconds: clockSkewSeconds)
            return try Kind.verify(bytes, context, at: time, accepted: accepted)
        }
        return try run(definition)
    }

    /// The decoder of a COSE_Sign1 payload of this kind; nil for a kind that is not one (a LoTE).
    var cborPayloadDecoder:
        ((ArraySlice<UInt8>, CBORDecoder.Limits, inout SourceFindings) throws(TrustListError) -> TrustList)?
    {
        guard let cose = definition as? any COSEListKind.Type else { return nil }
        func decoder<Kind: COSEListKind>(_ kind: Kind.Type) -> (
            (ArraySlice<UInt8>, CBORDecoder.Limits, inout SourceFindings) throws(TrustListError) -> TrustList
        ) {
            { payload, limits, findings throws(TrustListError) in
                let map = try TrustList.payloadMap(payload, limits: limits)
                return TrustList(try Kind.decodePayload(map, &findings.warnings), kind: Kind.kind)
            }
        }
        return decoder(cose)
    }

    /// The EKU a signer of this kind must carry under `settings` (a VICAL's or RICAL's); nil for none or a LoTE.
    public func requiredSignerEKU(_ settings: VerificationSettings) -> String? {
        guard let cose = definition as? any COSEListKind.Type else { return nil }
        func eku<Kind: COSEListKind>(_ kind: Kind.Type) -> String? { settings[keyPath: Kind.signerEKU] }
        return eku(cose)
    }

    /// VICAL, then RICAL, then LoTEs: the order of the cases.
    public static func < (lhs: ListKind, rhs: ListKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
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
