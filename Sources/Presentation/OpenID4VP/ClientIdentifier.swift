/// The Client Identifier Prefix of an OpenID4VP 1.0 `client_id` (§5.9): how the wallet authenticates the verifier.
public enum ClientIdentifierPrefix: Sendable, Hashable, CustomStringConvertible {
    /// No prefix: a client pre-registered with the wallet (§5.9.2).
    case preRegistered
    /// `redirect_uri:`: the identifier is the redirect (or response) URI; requests cannot be signed (§5.9.3).
    case redirectURI
    /// `x509_san_dns:`: a DNS name that must be a dNSName SAN of the signing `x5c` leaf (§5.9.3).
    case x509SanDNS
    /// `x509_hash:`: the base64url SHA-256 of the signing `x5c` leaf's DER (§5.9.3; HAIP 1.0 §5).
    case x509Hash
    /// `decentralized_identifier:` (§5.9.3): not supported here.
    case decentralizedIdentifier
    /// `verifier_attestation:` (§5.9.3): not supported here.
    case verifierAttestation
    /// `openid_federation:` (§5.9.3): not supported here.
    case openIDFederation
    /// `origin:` (§5.9.3): reserved for the Digital Credentials API; a wallet must never accept it in a request.
    case origin
    /// Any other text before the first `:`.
    case other(String)

    /// The prefixes defined by OpenID4VP 1.0 §5.9.3, by name.
    static let defined: [String: ClientIdentifierPrefix] = [
        "redirect_uri": .redirectURI, "x509_san_dns": .x509SanDNS, "x509_hash": .x509Hash,
        "decentralized_identifier": .decentralizedIdentifier, "verifier_attestation": .verifierAttestation,
        "openid_federation": .openIDFederation, "origin": .origin,
    ]

    /// The prefix as written before the `:` (`x509_san_dns`); `pre-registered` for ``preRegistered``, which has none.
    public var name: String {
        switch self {
        case .preRegistered: "pre-registered"
        case .redirectURI: "redirect_uri"
        case .x509SanDNS: "x509_san_dns"
        case .x509Hash: "x509_hash"
        case .decentralizedIdentifier: "decentralized_identifier"
        case .verifierAttestation: "verifier_attestation"
        case .openIDFederation: "openid_federation"
        case .origin: "origin"
        case .other(let name): name
        }
    }

    /// The prefix's ``name``.
    public var description: String { name }

    /// Whether this wallet authenticates verifiers of this prefix: pre-registered, `redirect_uri:` (as a domain
    /// only), `x509_san_dns:` and `x509_hash:`.
    public var isSupported: Bool {
        switch self {
        case .preRegistered, .redirectURI, .x509SanDNS, .x509Hash: true
        default: false
        }
    }
}

/// A `client_id` split into its Client Identifier Prefix and the original identifier (OpenID4VP 1.0 §5.9.1: the
/// prefix is the text before the first `:`), read the 1.0 way, or the draft way where a verifier still sends
/// `client_id_scheme` beside a bare identifier (drafts before 1.0; ISO/IEC 18013-7 verifiers).
public struct ClientIdentifier: Sendable, Hashable {
    /// The `client_id` as received (for a draft request: the bare identifier).
    public let clientID: String
    /// The prefix.
    public let prefix: ClientIdentifierPrefix
    /// The part after the prefix (`client.example.org` of `x509_san_dns:client.example.org`); the whole `client_id`
    /// for a pre-registered client.
    public let identifier: String
    /// Set when the prefix was read from a draft `client_id_scheme`: the text to warn with.
    public let draftWarning: String?

    /// The draft `client_id_scheme` values (OpenID4VP drafts 20–22) and the 1.0 prefixes they became; the others
    /// (`x509_san_uri`, `did`, `entity_id`) map to prefixes not supported here.
    static let draftSchemes: [String: ClientIdentifierPrefix] = [
        "redirect_uri": .redirectURI, "x509_san_dns": .x509SanDNS, "x509_hash": .x509Hash,
        "pre-registered": .preRegistered, "did": .decentralizedIdentifier,
        "verifier_attestation": .verifierAttestation, "entity_id": .openIDFederation,
    ]

    /// Splits a `client_id` (§5.9.1), or reads a draft `client_id_scheme` beside a bare one.
    ///
    /// A `client_id` whose text before the first `:` is a prefix defined by §5.9.3 takes that prefix, and a
    /// `client_id_scheme` beside it is ignored (with a warning). Otherwise, when `clientIDScheme` is given, the
    /// identifier is read with that scheme's prefix, with a warning that drafts before 1.0 sent it this way. Otherwise
    /// a `client_id` without `:` is pre-registered (§5.9.2), and one whose text before the `:` is not a defined prefix
    /// (`https://…`, `did:…`) is `.other`: the caller decides (§5.9.2 lets a wallet treat it as pre-registered when it
    /// knows it, else refuse).
    /// - Parameters:
    ///   - clientID: the `client_id` parameter or claim.
    ///   - clientIDScheme: the draft `client_id_scheme`, when present.
    public init(clientID: String, clientIDScheme: String? = nil) {
        self.clientID = clientID
        if let colon = clientID.firstIndex(of: ":"),
            let defined = ClientIdentifierPrefix.defined[String(clientID[..<colon])]
        {
            prefix = defined
            identifier = String(clientID[clientID.index(after: colon)...])
            draftWarning = clientIDScheme.map {
                "client_id_scheme \"\($0)\" ignored: client_id \(clientID) carries its prefix (OpenID4VP 1.0 §5.9.1)"
            }
            return
        }
        if let scheme = clientIDScheme {
            prefix = Self.draftSchemes[scheme] ?? .other(scheme)
            identifier = clientID
            draftWarning =
                "client_id_scheme \(scheme) (OpenID4VP drafts before 1.0) read as the client identifier prefix "
                + "\(prefix.name): in 1.0 the client_id is \(prefix.name):\(clientID) (§5.9)"
            return
        }
        draftWarning = nil
        if let colon = clientID.firstIndex(of: ":") {
            prefix = .other(String(clientID[..<colon]))
            identifier = String(clientID[clientID.index(after: colon)...])
        } else {
            prefix = .preRegistered
            identifier = clientID
        }
    }
}
