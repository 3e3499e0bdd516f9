import Foundation

/// What a LoTE service's `ServiceTypeIdentifier` makes it in this service's decisions (docs/architecture.md, Lists of
/// Trusted Entities). ETSI TS 119 602 names issuance services `http://uri.etsi.org/19602/SvcType/<X>/Issuance` and
/// revocation services `…/<X>/Revocation`; the Commission's mDL providers list uses `…/lists/mDL/SvcType/Issuance`.
public enum LoTEServiceRole: String, Sendable, Hashable, CaseIterable {
    /// PID issuance: issuer anchors for the docType ``pidDocType``.
    case pidIssuer = "pid_issuer"
    /// mDL issuance: issuer anchors for the docType ``mDLDocType``.
    case mDLIssuer = "mdl_issuer"
    /// WRPAC issuance (wallet-relying-party access certificates): reader / relying-party anchors.
    case accessCertificateIssuer = "wrpac_issuer"
    /// Wallet solution issuance: the AuthZEN wallet-provider role.
    case walletProvider = "wallet_provider"
    /// WRPRC issuance (registration certificates), Pub-EAA issuance, registrars and registers: listed and shown.
    case listed = "listed"
    /// A `…/Revocation` service: who may sign status lists and CRLs for the entity; shown.
    case revocation = "revocation"

    /// The PID docType of the EUDI Wallet ARF (PID rulebook): `eu.europa.ec.eudi.pid.1`.
    public static let pidDocType = "eu.europa.ec.eudi.pid.1"
    /// The mDL docType (ISO/IEC 18013-5 §7.1): `org.iso.18013.5.1.mDL`.
    public static let mDLDocType = "org.iso.18013.5.1.mDL"

    private static let etsiPrefix = "http://uri.etsi.org/19602/SvcType/"

    /// The role of a service type; nil for a URI that is neither an ETSI TS 119 602 service type nor the
    /// Commission's mDL issuance type.
    public init?(serviceType: String) {
        if serviceType.hasSuffix("/lists/mDL/SvcType/Issuance") {
            self = .mDLIssuer
            return
        }
        guard serviceType.hasPrefix(Self.etsiPrefix) else { return nil }
        let parts = serviceType.dropFirst(Self.etsiPrefix.count).split(separator: "/")
        guard parts.count == 2 else { return nil }
        switch (parts[0], parts[1]) {
        case ("PID", "Issuance"): self = .pidIssuer
        case ("mDL", "Issuance"): self = .mDLIssuer
        case ("WRPAC", "Issuance"): self = .accessCertificateIssuer
        case ("WalletSolution", "Issuance"): self = .walletProvider
        case (_, "Issuance"): self = .listed
        case (_, "Revocation"): self = .revocation
        default: return nil
        }
    }

    /// The role the service's certificates and keys play in decisions; nil for services that are shown only.
    public var anchorRole: AnchorRole? {
        switch self {
        case .pidIssuer, .mDLIssuer: .issuer
        case .accessCertificateIssuer: .reader
        case .walletProvider: .walletProvider
        case .listed, .revocation: nil
        }
    }

    /// The docTypes an issuer anchor of this role may sign; empty for roles that are not issuers.
    public var docTypes: [String] {
        switch self {
        case .pidIssuer: [Self.pidDocType]
        case .mDLIssuer: [Self.mDLDocType]
        default: []
        }
    }

    /// The roles a LoTE of `listType` is consulted for, by the last segment of its `LoTEType`: PID and mDL providers
    /// lists (`…/LoTEType/EUPIDProvidersList`, a type naming mDL providers) for issuers, WRPAC providers lists
    /// (`…/LoTEType/EUWRPACProvidersList`) for readers, wallet providers lists (`…/EUWalletProvidersList`) for wallet
    /// providers; none for the other lists (WRPRC, Pub-EAA, registrars). Only says which lists a refusal names; the
    /// anchors themselves come from each service's type, whatever list carries it.
    public static func consulted(forListType listType: String?) -> Set<LoTEServiceRole> {
        guard let name = listType?.split(separator: "/").last?.lowercased() else { return [] }
        if name.contains("pidproviders") || name.contains("mdlproviders") || name.hasSuffix("mdl") {
            return [.pidIssuer, .mDLIssuer]
        }
        if name.contains("wrpacproviders") { return [.accessCertificateIssuer] }
        if name.contains("walletproviders") { return [.walletProvider] }
        return []
    }

    /// Whether a LoTE of `listType` is a PID providers list (`…/LoTEType/EUPIDProvidersList`): the lists whose
    /// anchors may issue the PID as an SD-JWT VC by default (``CredentialSettings/pidTypes``).
    public static func isPIDProvidersList(_ listType: String?) -> Bool {
        listType?.split(separator: "/").last?.lowercased().contains("pidproviders") ?? false
    }

    /// Whether a `ServiceStatus` ends the service from its `StatusStartingTime` on: a status URI whose last segment
    /// is `withdrawn`, `revoked`, `suspended`, `deprecated` or `deprecatedatnationallevel` (ETSI TS 119 602 and the
    /// trusted-list statuses of ETSI TS 119 612). Any other status, and none, keeps it listed.
    public static func isEnding(status: String?) -> Bool {
        guard let last = status?.split(separator: "/").last?.lowercased() else { return false }
        return ["withdrawn", "revoked", "suspended", "deprecated", "deprecatedatnationallevel"].contains(last)
    }

    /// Whether a service is current at `time`: its status does not end it, or ends it only from a later time.
    public static func isCurrent(status: String?, startingAt start: Date?, at time: Date) -> Bool {
        guard isEnding(status: status) else { return true }
        guard let start else { return false }
        return start > time
    }
}
