import Foundation
import JOSE
import TrustLists
import X509

/// Decides whether an OpenID4VP 1.0 authorization request comes from a trusted verifier (OpenID4VP 1.0 §5, HAIP 1.0
/// §5, RFC 9101): reads the URL, fetches the request object when it is by reference, runs the request policies in
/// order (the first failure is the reason), and asks the reader decision about the `x5c` chain.
///
/// The request policies, in order: HAIP 1.0's rules for `haip-vp://` requests (warnings only); the client identifier
/// prefix is supported and its identifier well-formed (`unsupported_client_id_prefix`, `client_not_registered`,
/// `malformed_request`); `typ` (`wrong_typ`); the signature with the `x5c` leaf (`missing_x5c`, `malformed_x5c`,
/// `unsupported_alg`, `bad_signature`); the URL's and the request object's `client_id` are identical
/// (`client_id_mismatch`); the prefix binds the leaf (`san_dns_mismatch`, `x509_hash_mismatch`,
/// `client_certificate_not_registered`); the response mode, required, known and fitting how the request arrived
/// (`malformed_request`, `unsupported_response_mode`); `aud` (`wrong_audience`); `exp`/`nbf`/`iat`
/// (`request_expired`, `request_not_yet_valid`); `wallet_nonce` (`wallet_nonce_mismatch`); `response_type`
/// (`unsupported_response_type`); its `response_uri` (`missing_response_uri`); the response destination
/// (`response_uri_mismatch`); the Digital Credentials API origin (`origin_mismatch`); signed at all
/// (`unsigned_request`). Then the reader decision with the reader EKU required unless the network is exempt, and the
/// signing leaf's keyUsage allowing digitalSignature (`reader_key_usage`).
///
/// A request counts as delivered through the Digital Credentials API only when the caller passes the origin the
/// platform reported (``decide(requestObject:clientID:walletNonce:origin:at:trust:options:)``): the request itself
/// never chooses the looser rules of that API. Whatever the holder would consent to is carried in the answer
/// (``ConsentDetails``: the DCQL query, `transaction_data` decoded, `verifier_info`, `client_metadata`), or the request
/// is refused; only the response destination the response mode really uses is carried, and it was checked.
///
/// Nothing here throws: a URL, request object or fetch that fails is a not-trusted decision with its code, shown by
/// the domain of the response URI when one could be read.
public enum OpenID4VPVerifier {
    /// The request checks, in order (see the type's notes).
    static let policies: [any RequestPolicy] = [
        HAIPProfilePolicy(), ClientIdentifierPrefixPolicy(), RequestObjectTypePolicy(), SignaturePolicy(),
        ClientIDBindingPolicy(), ClientCertificateBindingPolicy(), ResponseModePolicy(), AudiencePolicy(),
        RequestTimePolicy(), WalletNoncePolicy(), ResponseTypePolicy(), ResponseURIPolicy(),
        ResponseDestinationPolicy(), ExpectedOriginsPolicy(), SignedRequestPolicy(),
    ]

    /// Decides about the authorization request a wallet received as a URL (link or QR code).
    ///
    /// A `request_uri` is fetched through `fetcher`: with GET, or with POST when `request_uri_method=post`, sending
    /// a fresh `wallet_nonce` (and `wallet_metadata` when configured) as a form body (OpenID4VP 1.0 §5.10), always
    /// with `Accept: application/oauth-authz-req+jwt`. The response's content type must be that type; `application/jwt`
    /// is tolerated with a warning, anything else is `wrong_content_type`.
    /// - Parameters:
    ///   - url: the URL as received.
    ///   - time: the time of the decision, UTC (for `exp`/`nbf`/`iat` and the reader decision).
    ///   - fetcher: fetches a `request_uri`; it enforces https and the transport limits.
    ///   - trust: the reader decision.
    ///   - options: audiences, skew, exempt networks, pre-registered clients, limits.
    /// - Returns: the decision; never throws.
    public static func decide(
        url: String, at time: Date, fetcher: any RequestObjectFetching, trust: any ReaderTrust,
        options: OpenID4VPOptions = OpenID4VPOptions()
    ) -> PresentationDecision {
        let request: AuthorizationRequestURL
        do {
            request = try AuthorizationRequestURL(string: url, maxBytes: options.maxURLBytes)
        } catch {
            return .refused(error, domain: nil)
        }
        var warnings: [String] = []
        let compact: String
        var walletNonce: String?
        switch request.request {
        case .parameters:
            let parameters: AuthorizationRequestParameters
            do {
                parameters = try AuthorizationRequestParameters(query: request.parameters, limits: options.jsonLimits)
            } catch {
                // Nothing was checked: no destination is shown, not even as a domain.
                return .refused(error, domain: nil)
            }
            return decide(
                parameters: parameters, requestObject: nil, url: request, outerClientID: request.clientID,
                walletNonce: nil, origin: nil, at: time, trust: trust, options: options, warnings: warnings)
        case .byValue(let value):
            compact = value
        case .byReference(let uri, let method):
            switch fetch(uri: uri, method: method, fetcher: fetcher, options: options, warnings: &warnings) {
            case .success(let fetched):
                compact = fetched.compact
                walletNonce = fetched.walletNonce
            case .failure(let error):
                return .refused(error, domain: nil, warnings: warnings)
            }
        }
        return decide(
            compact: compact, url: request, outerClientID: request.clientID, walletNonce: walletNonce, origin: nil,
            at: time, trust: trust, options: options, warnings: warnings)
    }

    /// Decides about a request object received by itself: a `request` a caller already extracted, a fetched body, or
    /// a signed request of the Digital Credentials API (OpenID4VP 1.0 Appendix A.3.2, compact serialization).
    /// - Parameters:
    ///   - requestObject: the JWS compact serialization.
    ///   - clientID: the `client_id` the request arrived with outside the request object, which the claim must equal
    ///     (§5.10.1); nil when there is none, and then the claim is required.
    ///   - walletNonce: the `wallet_nonce` the wallet sent when it fetched this object, which the claim must echo.
    ///   - origin: the web origin (RFC 6454, `https://verifier.example`) the platform reports for a request delivered
    ///     through the Digital Credentials API (Appendix A); nil for any other request, which is then judged by the
    ///     URL rules (the response destination bound to the client identifier, no `dc_api` response mode).
    ///   - time: the time of the decision, UTC.
    ///   - trust: the reader decision.
    ///   - options: audiences, skew, exempt networks, pre-registered clients, limits.
    /// - Returns: the decision; never throws.
    public static func decide(
        requestObject: String, clientID: String?, walletNonce: String? = nil, origin: String? = nil, at time: Date,
        trust: any ReaderTrust, options: OpenID4VPOptions = OpenID4VPOptions()
    ) -> PresentationDecision {
        decide(
            compact: requestObject, url: nil, outerClientID: clientID, walletNonce: walletNonce, origin: origin,
            at: time, trust: trust, options: options, warnings: [])
    }

    /// Decodes a request object and decides.
    private static func decide(
        compact: String, url: AuthorizationRequestURL?, outerClientID: String?, walletNonce: String?, origin: String?,
        at time: Date, trust: any ReaderTrust, options: OpenID4VPOptions, warnings: [String]
    ) -> PresentationDecision {
        let requestObject: RequestObject
        let parameters: AuthorizationRequestParameters
        do {
            requestObject = try RequestObject(
                compactSerialization: compact, limits: options.jwsLimits, claimsLimits: options.jsonLimits)
            parameters = try AuthorizationRequestParameters(claims: requestObject.claims.claims)
        } catch {
            return .refused(error, domain: nil, warnings: warnings)
        }
        return decide(
            parameters: parameters, requestObject: requestObject, url: url, outerClientID: outerClientID,
            walletNonce: walletNonce, origin: origin, at: time, trust: trust, options: options, warnings: warnings)
    }

    /// Runs the request policies, then the reader decision.
    private static func decide(
        parameters: AuthorizationRequestParameters, requestObject: RequestObject?, url: AuthorizationRequestURL?,
        outerClientID: String?, walletNonce: String?, origin: String?, at time: Date, trust: any ReaderTrust,
        options: OpenID4VPOptions, warnings: [String]
    ) -> PresentationDecision {
        var warnings = warnings
        let domain = URIHost.of(parameters.responseDestination)
        guard let clientIDText = requestObject == nil ? outerClientID : (parameters.clientID ?? outerClientID) else {
            return .refused(
                PresentationError(.malformedRequest, "request.claims.client_id: missing (OpenID4VP 1.0 §5.2)"),
                domain: domain, warnings: warnings)
        }
        // The draft client_id_scheme: the request object's (for an unsigned request, the URL's); drafts' verifiers
        // that put it only in the URL beside a request object are read with the URL's, and warned about either way.
        let scheme = parameters.clientIDScheme ?? url?.parameters["client_id_scheme"]
        let client = ClientIdentifier(clientID: clientIDText, clientIDScheme: scheme)
        var consent = ConsentDetails()
        consent.clientID = clientIDText
        consent.clientIDPrefix = client.prefix
        // Only the URI the response mode sends the response to; the policies check it before anything is trusted.
        let destination = parameters.responseDestination
        consent.responseURI = parameters.usesDirectPost ? destination : nil
        consent.redirectURI = parameters.usesDirectPost ? nil : destination
        consent.responseMode = parameters.responseMode
        consent.nonce = parameters.nonce
        consent.state = parameters.state
        consent.dcqlQuery = parameters.dcqlQuery
        consent.presentationDefinition = parameters.presentationDefinition
        consent.clientMetadata = parameters.clientMetadata
        consent.verifierInfo = parameters.verifierInfo
        consent.origin = origin
        consent.expectedOrigins = parameters.expectedOrigins ?? []
        RequestedCredentials.read(
            dcqlQuery: parameters.dcqlQuery, presentationDefinition: parameters.presentationDefinition,
            into: &consent, warnings: &warnings)
        do {
            consent.transactionData = try TransactionDataEntry.decode(
                parameters.transactionData, credentialQueryIDs: RequestedCredentials.queryIDs(parameters.dcqlQuery),
                limits: options.jsonLimits)
        } catch {
            return .refused(error, domain: domain, consent: consent, warnings: warnings)
        }

        var context = RequestContext(
            time: time, options: options, url: url, outerClientID: outerClientID, client: client,
            parameters: parameters, requestObject: requestObject, walletNonce: walletNonce, origin: origin)
        for policy in policies {
            if let refusal = policy.check(&context) {
                return .refused(
                    refusal, domain: context.destinationHost, consent: consent, warnings: warnings + context.warnings)
            }
        }
        let decision = trust.readerDecision(
            chain: context.certificates, at: time, readerEKUExemptNetworks: options.readerEKUExemptNetworks)
        return .from(
            decision, domain: context.destinationHost, consent: consent, warnings: warnings + context.warnings)
    }

    /// Fetches the request object from `request_uri` and checks the response's content type.
    private static func fetch(
        uri: String, method: RequestURIMethod, fetcher: any RequestObjectFetching, options: OpenID4VPOptions,
        warnings: inout [String]
    ) -> Result<(compact: String, walletNonce: String?), PresentationError> {
        var walletNonce: String?
        let fetchMethod: RequestObjectFetchMethod
        switch method {
        case .get:
            fetchMethod = .get
        case .post:
            let nonce = options.makeWalletNonce()
            walletNonce = nonce
            var pairs = [(name: "wallet_nonce", value: nonce)]
            if let metadata = options.walletMetadata, let json = try? metadata.jsonEncoded() {
                pairs.append((name: "wallet_metadata", value: String(decoding: json, as: UTF8.self)))
            }
            fetchMethod = .post(formBody: Array(FormEncoding.encode(pairs).utf8))
        }
        let response: (body: [UInt8], contentType: String?)
        do {
            response = try fetcher.fetchRequestObject(url: uri, method: fetchMethod, accept: RequestObject.mediaType)
        } catch let error as PresentationError {
            return .failure(PresentationError(error.code, "request_uri \(uri): \(error.reason)"))
        } catch {
            return .failure(PresentationError(.requestFetchFailed, "request_uri \(uri): \(error)"))
        }
        // RFC 9110 §8.3.1: type and subtype are case-insensitive; parameters follow a ';'.
        let mediaType = response.contentType?.split(separator: ";", maxSplits: 1).first
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch mediaType {
        case RequestObject.mediaType:
            break
        case "application/jwt":
            warnings.append(
                "request_uri \(uri): content type application/jwt tolerated; OpenID4VP 1.0 §5.10.1 requires "
                    + RequestObject.mediaType)
        default:
            return .failure(
                PresentationError(
                    .wrongContentType,
                    "request_uri \(uri): expected content type \(RequestObject.mediaType) (OpenID4VP 1.0 §5.10.1), "
                        + "found \(response.contentType.map { "\"\($0)\"" } ?? "none")"))
        }
        guard let text = String(validating: response.body, as: UTF8.self) else {
            return .failure(
                PresentationError(.malformedJWS, "request_uri \(uri): the body is not UTF-8 text (RFC 7515 §7.1)"))
        }
        return .success((text.trimmingCharacters(in: .whitespacesAndNewlines), walletNonce))
    }
}
