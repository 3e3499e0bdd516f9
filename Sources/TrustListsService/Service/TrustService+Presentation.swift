import Foundation
import Presentation
import TrustLists

extension TrustService {
    /// The OpenID4VP options of this configuration: the wallet's issuer, the clock skew, its pre-registered clients
    /// (with their certificates and response URIs), and the networks whose readers may lack the reader EKU
    /// (`readerEKUOptionalForOpenID4VP`).
    public var openID4VPOptions: OpenID4VPOptions {
        let settings = configuration.presentation
        return OpenID4VPOptions(
            walletIssuer: settings.walletIssuer, clockSkew: settings.clockSkewSeconds,
            readerEKUExemptNetworks: Set(
                configuration.networks.filter(\.readerEKUOptionalForOpenID4VP).map(\.id)),
            preRegisteredClients: settings.preRegisteredClients.map {
                PreRegisteredClient(
                    clientID: $0.clientID, certificateSHA256: Set($0.certificateSHA256), responseURIs: $0.responseURIs)
            },
            preRegisteredClientIDs: Set(settings.preRegisteredClientIDs))
    }

    /// The decision for an OpenID4VP authorization request as the wallet received it (a link or QR code): the request
    /// object by value, or fetched from `request_uri` with this service's libcurl fetcher and its limits (https only
    /// unless `allowInsecureURLs`); then the request policies and the reader decision of the current generation
    /// (OpenID4VP 1.0, HAIP 1.0; docs/architecture.md, Presentation).
    /// - Parameters:
    ///   - url: the request URL (`openid4vp://`, `haip-vp://`, `mdoc-openid4vp://`, `eudi-openid4vp://`, `https`).
    ///   - time: the decision time, UTC.
    ///   - fetchRequestURI: whether a `request_uri` may be fetched; false answers such a request
    ///     `request_uri_not_fetched` (a server that must not fetch what callers name).
    /// - Returns: the decision; "not trusted" is a value with its reason code, never an error.
    public func requestDecision(url: String, at time: Date, fetchRequestURI: Bool = true) -> PresentationDecision {
        let fetcher: any RequestObjectFetching =
            fetchRequestURI ? CurlFetcher(settings: configuration.http) : NoRequestObjectFetching()
        return OpenID4VPVerifier.decide(url: url, at: time, fetcher: fetcher, trust: queries, options: openID4VPOptions)
    }

    /// The decision for a request object received by value (a JWS compact serialization) and the `client_id` that
    /// came with it (nil when the request object alone was received).
    /// - Parameters:
    ///   - requestObject: the signed request object.
    ///   - clientID: the authorization request's `client_id`, or nil (then the request object's claim is used).
    ///   - origin: the web origin the platform reported for a request delivered through the Digital Credentials API
    ///     (OpenID4VP 1.0 Appendix A), compared with the request's `expected_origins`; nil for any other request, which
    ///     is then judged by the URL rules (see ``OpenID4VPVerifier``).
    ///   - time: the decision time, UTC.
    public func requestDecision(
        requestObject: String, clientID: String?, origin: String? = nil, at time: Date
    ) -> PresentationDecision {
        OpenID4VPVerifier.decide(
            requestObject: requestObject, clientID: clientID, origin: origin, at: time, trust: queries,
            options: openID4VPOptions)
    }

    /// The decision for an ISO/IEC 18013-5 DeviceRequest (§8.3.2.1.2.1) and its SessionTranscript (§9.1.5.1, bare or
    /// as SessionTranscriptBytes): each DocRequest's `readerAuth` (or the second edition's `readerAuthAll`) verified
    /// (§9.1.4), its x5chain judged by the reader decision with the reader EKU always required (``ProximityVerifier``).
    /// - Parameters:
    ///   - deviceRequest: the DeviceRequest's CBOR.
    ///   - sessionTranscript: the SessionTranscript's CBOR.
    ///   - time: the decision time, UTC.
    public func deviceRequestDecision(
        deviceRequest: [UInt8], sessionTranscript: [UInt8], at time: Date
    ) -> PresentationDecision {
        ProximityVerifier.decide(
            deviceRequest: deviceRequest, sessionTranscript: sessionTranscript, trust: queries, at: time)
    }
}

/// The fetcher of a service that does not fetch `request_uri` values (the HTTP API by default).
struct NoRequestObjectFetching: RequestObjectFetching {
    func fetchRequestObject(
        url: String, method: RequestObjectFetchMethod, accept: String
    ) throws -> (body: [UInt8], contentType: String?) {
        throw PresentationError(
            .requestURINotFetched,
            "this server does not fetch request_uri values (server.fetchRequestURIs is false): fetch the request "
                + "object and send it as request, with its clientID")
    }
}
