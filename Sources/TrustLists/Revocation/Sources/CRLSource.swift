import Foundation
import X509

/// Where one CA's CRL comes from (docs/architecture.md, "Revocation"): a CA a verified list of the network names
/// (a VICAL's IACAs, a RICAL's entries that are CAs), the http(s) URIs of its cRLDistributionPoints (RFC 5280
/// §4.2.1.13), then the network's configured extra URLs.
public struct CRLSource: Sendable {
    /// The network and the CA.
    public let slot: CRLSlotID
    /// The CA certificate, as the verified list names it: the only key a CRL of this slot may verify under.
    public let ca: Certificate
    /// The network's revocation settings.
    public let settings: RevocationSettings
    /// The URLs to fetch, in order, each once: the CA's distribution points, then the network's extra URLs.
    public let urls: [String]
    /// Distribution points not fetched (LDAP, directoryName, indirect or partial points), one note each.
    public let ignored: [String]

    /// Whether there is anything to fetch (else the CA's state is `none`).
    public var hasSource: Bool { !urls.isEmpty }

    /// The sources of every CA the verified lists of the networks name, in configuration and list order, each CA
    /// once per network; none for a network whose revocation mode is `off`.
    /// - Parameters:
    ///   - configuration: the networks and their revocation settings.
    ///   - lists: the verified current list versions.
    public static func all(configuration: Configuration, lists: [ListID: VerifiedList]) -> [CRLSource] {
        var sources: [CRLSource] = []
        var seen: Set<CRLSlotID> = []
        for network in configuration.networks where network.revocation.mode != .off {
            for list in configuration.lists where list.network.id == network.id {
                for ca in cas(of: lists[list.id]) {
                    let slot = CRLSlotID(network: network.id, issuerSHA256: ca.sha256Hex)
                    guard seen.insert(slot).inserted else { continue }
                    let points = ca.crlDistributionPointURIs
                    var urls: [String] = []
                    for url in points.uris + network.revocation.extraURLs where !urls.contains(url) { urls.append(url) }
                    sources.append(
                        CRLSource(
                            slot: slot, ca: ca, settings: network.revocation, urls: urls, ignored: points.ignored))
                }
            }
        }
        return sources
    }

    /// The CAs a verified list names: its certificates whose basic constraints say CA (an IACA, a RICAL's CA
    /// entries, a LoTE service's CA certificates; an end-entity certificate is trusted as itself and signs no CRL).
    static func cas(of verified: VerifiedList?) -> [Certificate] {
        (verified?.list.certificates ?? []).filter { $0.basicConstraints?.isCA == true }
    }
}
