import Foundation
import X509

/// One check of an OpenID4VP request, after swift-certificates' `VerifierPolicy` and the trust decisions' policies
/// (docs/architecture.md, Principles): ``OpenID4VPVerifier`` runs an ordered list of these and the first that fails
/// gives the reason; a new rule is a new policy.
///
/// A policy reads the ``RequestContext`` and may add to it (the verified `x5c` chain, warnings); it returns nil to
/// pass, or the refusal, whose code is the decision's reason.
protocol RequestPolicy: Sendable {
    func check(_ context: inout RequestContext) -> PresentationError?
}

/// What one OpenID4VP decision knows while its request policies run: the request as received, the wallet's options
/// and what the policies found so far.
struct RequestContext {
    /// The time of the decision, UTC.
    let time: Date
    /// The wallet's options.
    let options: OpenID4VPOptions
    /// The URL the request came in, when it came in one.
    let url: AuthorizationRequestURL?
    /// The `client_id` the request arrived with outside the request object (the URL's, or the caller's); nil when
    /// only the request object names it.
    let outerClientID: String?
    /// The client identifier the decision is about: the request object's `client_id` claim when signed, else the
    /// URL's, split into its prefix.
    let client: ClientIdentifier
    /// The request's parameters: the request object's claims, or the unsigned URL's query.
    let parameters: AuthorizationRequestParameters
    /// The request object; nil for an unsigned request.
    let requestObject: RequestObject?
    /// The `wallet_nonce` the wallet POSTed to `request_uri`; nil when it sent none.
    let walletNonce: String?
    /// The web origin the platform delivered the request from over the Digital Credentials API (OpenID4VP 1.0
    /// Appendix A), as the caller says; nil when the request did not come through that API. Only the caller decides
    /// this, never the request: without it every request is judged by the URL rules.
    let origin: String?

    /// The `x5c` chain, leaf first, once ``SignaturePolicy`` verified the signature with the leaf's key.
    var certificates: [Certificate] = []
    /// What was tolerated, for the decision's warnings.
    var warnings: [String] = []

    /// The client's registration with this wallet (OpenID4VP 1.0 §5.9.2); nil when it has none.
    var registration: PreRegisteredClient? { options.registration(of: client.clientID) }

    /// Whether the request came through the Digital Credentials API (the caller gave its origin).
    var viaDigitalCredentialsAPI: Bool { origin != nil }

    /// The URI the response goes to: `response_uri`, else `redirect_uri`, else, for the `redirect_uri:` prefix, the
    /// identifier itself (§5.9.3 lets the verifier omit the parameter).
    var destination: String? {
        parameters.responseDestination ?? (client.prefix == .redirectURI ? client.identifier : nil)
    }

    /// The lower-cased host of ``destination``: what a not-trusted answer shows (`verifiedBy: .domain`).
    var destinationHost: String? { URIHost.of(destination) }
}
