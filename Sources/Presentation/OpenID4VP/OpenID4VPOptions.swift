import Foundation
import JOSE

/// What a wallet configures for OpenID4VP decisions: accepted audiences, clock skew, pre-registered clients, the
/// networks whose reader certificates need not carry the reader EKU, and the limits on untrusted input.
public struct OpenID4VPOptions: Sendable {
    /// The `aud` of a request object under static discovery (OpenID4VP 1.0 §5.8).
    public static let selfIssuedAudience = "https://self-issued.me/v2"

    /// The wallet's issuer identifier, accepted as `aud` beside ``selfIssuedAudience`` (dynamic discovery, §5.8); nil
    /// when the wallet has none.
    public var walletIssuer: String?
    /// How far clocks may disagree when checking `exp`, `nbf` and `iat`, in seconds (default 60).
    public var clockSkew: TimeInterval
    /// Trust network ids (as configured, `aamva`) whose reader (access) certificates need not carry EKU
    /// 1.0.18013.5.1.6 for OpenID4VP requests; never used for ISO/IEC 18013-5 ReaderAuth.
    public var readerEKUExemptNetworks: Set<String>
    /// The clients this wallet has registered (§5.9.2), each with the certificates that may sign for it and its
    /// response URIs (``PreRegisteredClient``); a client identifier without a prefix (or with one this wallet does not
    /// define) is trusted only through one of these, and only when its chain is also trusted by the reader decision.
    public var preRegisteredClients: [PreRegisteredClient]
    /// Client identifiers named as pre-registered without a registration (the configuration's older
    /// `preRegisteredClientIDs`): a request naming one is refused `client_not_registered`, with a message saying what
    /// its registration needs. Nothing ties such a name to a key, so it authenticates nothing.
    public var preRegisteredClientIDs: Set<String>
    /// The most bytes of an authorization request URL (default 64 KiB).
    public var maxURLBytes: Int
    /// Bounds on a request object's JWS (size, header, `x5c` entries).
    public var jwsLimits: JWS.Limits
    /// Bounds on JSON: the request object's claims and each JSON-valued URL parameter.
    public var jsonLimits: JSONLimits
    /// The `wallet_metadata` sent when POSTing to `request_uri` (§5.10, §10); nil sends none.
    public var walletMetadata: JSONValue?
    /// Makes the `wallet_nonce` for a POST to `request_uri`; default ``WalletNonce/random()``.
    public var makeWalletNonce: @Sendable () -> String

    /// Creates options; every argument has its default.
    /// - Parameters:
    ///   - walletIssuer: the wallet's issuer, accepted as `aud`.
    ///   - clockSkew: seconds of tolerance for `exp`, `nbf`, `iat`.
    ///   - readerEKUExemptNetworks: networks whose readers need not carry the reader EKU (OpenID4VP only).
    ///   - preRegisteredClients: the clients registered with this wallet, with their keys and response URIs.
    ///   - preRegisteredClientIDs: client identifiers named without a registration (refused, with a hint).
    ///   - maxURLBytes: the most bytes of a request URL.
    ///   - jwsLimits: request object limits.
    ///   - jsonLimits: JSON limits.
    ///   - walletMetadata: the `wallet_metadata` to POST.
    ///   - makeWalletNonce: the nonce source.
    public init(
        walletIssuer: String? = nil, clockSkew: TimeInterval = 60, readerEKUExemptNetworks: Set<String> = [],
        preRegisteredClients: [PreRegisteredClient] = [], preRegisteredClientIDs: Set<String> = [],
        maxURLBytes: Int = AuthorizationRequestURL.defaultMaxBytes,
        jwsLimits: JWS.Limits = JWS.Limits(), jsonLimits: JSONLimits = JSONLimits(), walletMetadata: JSONValue? = nil,
        makeWalletNonce: @escaping @Sendable () -> String = { WalletNonce.random() }
    ) {
        self.walletIssuer = walletIssuer
        self.clockSkew = clockSkew
        self.readerEKUExemptNetworks = readerEKUExemptNetworks
        self.preRegisteredClients = preRegisteredClients
        self.preRegisteredClientIDs = preRegisteredClientIDs
        self.maxURLBytes = maxURLBytes
        self.jwsLimits = jwsLimits
        self.jsonLimits = jsonLimits
        self.walletMetadata = walletMetadata
        self.makeWalletNonce = makeWalletNonce
    }

    /// The registration of `clientID`, compared byte for byte; nil when it has none.
    public func registration(of clientID: String) -> PreRegisteredClient? {
        preRegisteredClients.first { $0.clientID.utf8.elementsEqual(clientID.utf8) }
    }

    /// The `aud` values accepted: ``selfIssuedAudience`` and ``walletIssuer``.
    public var acceptedAudiences: Set<String> {
        var audiences: Set<String> = [Self.selfIssuedAudience]
        if let walletIssuer { audiences.insert(walletIssuer) }
        return audiences
    }
}
