import Foundation
import JOSE

/// The `presentation` object of the configuration: how the wallet judges the requests verifiers send it
/// (docs/architecture.md, Presentation).
///
///     "presentation": { "walletIssuer": "https://wallet.example", "clockSkewSeconds": 60,
///                       "preRegisteredClients": [ { "clientID": "verifier.example",
///                                                   "certificateSHA256": ["3b54…5104"],
///                                                   "responseURIs": ["https://verifier.example/response"] } ] }
public struct PresentationSettings: Sendable, Hashable {
    /// A client registered with the wallet (OpenID4VP 1.0 §5.9.2): trusted only when its request object is signed by
    /// the leaf of one of its certificates (whose chain the RICALs still trust) and answers to one of its URIs.
    public struct RegisteredClient: Sendable, Hashable {
        /// The `client_id`: without a prefix, or with text before a `:` that is no prefix OpenID4VP 1.0 §5.9.3
        /// defines (`https://verifier.example`), as §5.9.2 allows.
        public var clientID: String
        /// SHA-256 (32 bytes) of the DER of each certificate whose key may sign its request objects.
        public var certificateSHA256: [[UInt8]]
        /// The `https` URIs its responses may go to (`response_uri`, or `redirect_uri` for `fragment`/`query`).
        public var responseURIs: [String]
    }

    /// The wallet's own issuer identifier, accepted as a request object's `aud` besides
    /// `https://self-issued.me/v2` (OpenID4VP 1.0 §5.8); nil accepts only the latter.
    public var walletIssuer: String?
    /// How far a request object's `exp`, `nbf` and `iat` may be off, in seconds (default 60).
    public var clockSkewSeconds: Double = 60
    /// The clients registered with this wallet, with their keys and response URIs. Empty by default.
    public var preRegisteredClients: [RegisteredClient] = []
    /// Client identifiers of the older `preRegisteredClientIDs` key: still read, so old configurations load, but a
    /// name without a registration ties the client to no key, so its requests are refused `client_not_registered`.
    public var preRegisteredClientIDs: [String] = []

    /// The defaults.
    public init() {}

    /// Reads the object (absent: the defaults).
    /// - Throws: ``ConfigurationError`` naming the key.
    init(_ reader: JSONObjectReader?) throws(ConfigurationError) {
        guard let reader else { return }
        try reader.requireOnly(["walletIssuer", "clockSkewSeconds", "preRegisteredClients", "preRegisteredClientIDs"])
        walletIssuer = try reader.string("walletIssuer")
        clockSkewSeconds = try reader.number("clockSkewSeconds", in: 0...3_600) ?? clockSkewSeconds
        if let entries = try reader.array("preRegisteredClientIDs") {
            preRegisteredClientIDs = try entries.map { entry, path throws(ConfigurationError) in
                try Self.nonEmptyString(entry, path: path, file: reader.file)
            }
        }
        for (entry, path) in try reader.array("preRegisteredClients") ?? [] {
            let client = try JSONObjectReader(entry, path: path, file: reader.file)
            try client.requireOnly(["clientID", "certificateSHA256", "responseURIs"])
            let clientID = try client.requiredString("clientID")
            guard !clientID.isEmpty else { throw client.error(at: "clientID", "must not be empty") }
            guard !preRegisteredClients.contains(where: { $0.clientID == clientID }) else {
                throw client.error(at: "clientID", "'\(clientID)' is registered twice")
            }
            guard let digests = try client.sha256Digests("certificateSHA256", of: "a certificate's DER") else {
                throw client.error(
                    at: "certificateSHA256",
                    "missing: the SHA-256 of each certificate that signs this client's requests is required")
            }
            guard let uris = try client.array("responseURIs"), !uris.isEmpty else {
                throw client.error(at: "responseURIs", "missing: at least one https response URI is required")
            }
            let responseURIs = try uris.map { entry, path throws(ConfigurationError) in
                let text = try Self.nonEmptyString(entry, path: path, file: reader.file)
                guard let url = URLComponents(string: text), url.scheme == "https", url.host?.isEmpty == false,
                    text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
                else {
                    throw ConfigurationError(
                        file: reader.file, path: path,
                        message:
                            "'\(text)' is not an absolute https URI (a response carrying credentials goes over TLS)")
                }
                return text
            }
            preRegisteredClients.append(
                RegisteredClient(clientID: clientID, certificateSHA256: digests, responseURIs: responseURIs))
        }
    }

    private static func nonEmptyString(
        _ entry: JSONValue, path: String, file: String
    ) throws(ConfigurationError)
        -> String
    {
        guard case .string(let text) = entry, !text.isEmpty else {
            throw ConfigurationError(
                file: file, path: path, message: "expected a non-empty string, found \(entry.described)")
        }
        return text
    }
}
