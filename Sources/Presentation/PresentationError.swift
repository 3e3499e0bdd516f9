import X509

/// A reason a presentation request (ISO/IEC 18013-5 DeviceRequest, SessionTranscript, ReaderAuth; an OpenID4VP 1.0
/// authorization request and its request object) could not be read, was refused, or is not trusted: a stable ``Code``
/// and a message naming the path of the offending item (`docRequests[1].itemsRequest.nameSpaces`,
/// `request.claims.response_uri`).
///
/// Its codes belong to the project's one ``ReasonCode`` vocabulary: this file declares the Presentation target's own;
/// the codes the COSE, JOSE and X509 modules raise (`malformed_cbor`, `bad_signature`, `unsupported_alg`,
/// `malformed_x5c`, ...) and the reader decision's reasons (`not_on_trust_list`, `reader_eku`, ...) are used as they
/// are, so one failure has one name from the decoder to the JSON. Equality compares the code only.
public typealias PresentationError = CodedError<PresentationErrorDomain>

/// The family of ``PresentationError``.
public enum PresentationErrorDomain {}

extension ReasonCode {
    /// A DeviceRequest of the wrong shape (ISO/IEC 18013-5 §8.3.2.1.2.1): a missing key, a wrong type, an empty
    /// list where one entry is required, an unsupported `version`. The message names the path.
    public static let malformedDeviceRequest = Self(rawValue: "malformed_device_request")
    /// A SessionTranscript of the wrong shape (ISO/IEC 18013-5 §9.1.5.1): not a 3-array, or an engagement or key
    /// item that is neither tag 24 over a byte string nor null.
    public static let malformedSessionTranscript = Self(rawValue: "malformed_session_transcript")
    /// A `readerAuth` or `readerAuthAll` that carries its payload: ISO/IEC 18013-5 §9.1.4 requires the
    /// ReaderAuthenticationBytes (ReaderAuthenticationAllBytes) to be detached (payload nil).
    public static let attachedPayload = Self(rawValue: "attached_payload")

    // MARK: OpenID4VP 1.0 authorization requests (URL and parameters)

    /// An authorization request URL or parameter set that cannot be used (OpenID4VP 1.0 §5, RFC 9101 §5): not a URL,
    /// a scheme other than `openid4vp`, `haip-vp`, `mdoc-openid4vp`, `eudi-openid4vp` and `https`, a parameter given
    /// twice (RFC 6749 §3.1), no `client_id`, both `request` and `request_uri`, a `request_uri_method` other than
    /// `get`/`post` or without `request_uri` (§5.1), a parameter of the wrong type, `redirect_uri` beside
    /// `direct_post` (§8.2), a request object whose client identifier prefix forbids signing (`redirect_uri:`,
    /// §5.9.3). The message names the parameter.
    public static let malformedRequest = Self(rawValue: "malformed_request")
    /// A request object signed for a client identifier prefix that needs the signer's certificate chain
    /// (`x509_san_dns:`, `x509_hash:`, a pre-registered client on this wallet) without an `x5c` header (OpenID4VP
    /// 1.0 §5.9.3).
    public static let missingX5C = Self(rawValue: "missing_x5c")
    /// A request object whose `typ` header is absent or not `oauth-authz-req+jwt` (OpenID4VP 1.0 §5, RFC 9101 §10.8).
    public static let wrongTyp = Self(rawValue: "wrong_typ")
    /// The `client_id` of the authorization request URL and the `client_id` claim of the request object differ,
    /// prefix included, or the claim is missing (OpenID4VP 1.0 §5.10.1, RFC 9101 §5).
    public static let clientIDMismatch = Self(rawValue: "client_id_mismatch")
    /// `x509_san_dns:<name>`: no dNSName subjectAltName of the `x5c` leaf equals the name (OpenID4VP 1.0 §5.9.3).
    public static let sanDNSMismatch = Self(rawValue: "san_dns_mismatch")
    /// `x509_hash:<hash>`: the base64url SHA-256 of the `x5c` leaf's DER is not the hash (OpenID4VP 1.0 §5.9.3).
    public static let x509HashMismatch = Self(rawValue: "x509_hash_mismatch")
    /// The host of the `response_uri` (or `redirect_uri`) is not the client identifier's DNS name (`x509_san_dns:`,
    /// OpenID4VP 1.0 §5.9.3), or the URI is not the client identifier (`redirect_uri:`), or there is no such URI to
    /// compare.
    public static let responseURIMismatch = Self(rawValue: "response_uri_mismatch")
    /// A request object whose `aud` is absent or names neither `https://self-issued.me/v2` (OpenID4VP 1.0 §5.8) nor
    /// the wallet's configured issuer.
    public static let wrongAudience = Self(rawValue: "wrong_audience")
    /// A request object at or past its `exp` (plus the allowed skew) at the decision time (RFC 7519 §4.1.4).
    public static let requestExpired = Self(rawValue: "request_expired")
    /// A request object before its `nbf`, or with an `iat` in the future, at the decision time minus the allowed skew
    /// (RFC 7519 §4.1.5, §4.1.6).
    public static let requestNotYetValid = Self(rawValue: "request_not_yet_valid")
    /// The wallet sent a `wallet_nonce` with `request_uri_method=post` and the request object does not carry the same
    /// value in its `wallet_nonce` claim (OpenID4VP 1.0 §5.10).
    public static let walletNonceMismatch = Self(rawValue: "wallet_nonce_mismatch")
    /// A `response_type` that is absent or does not include `vp_token` (OpenID4VP 1.0 §5.4; HAIP 1.0 §5).
    public static let unsupportedResponseType = Self(rawValue: "unsupported_response_type")
    /// Response mode `direct_post` or `direct_post.jwt` without a `response_uri` (OpenID4VP 1.0 §8.2).
    public static let missingResponseURI = Self(rawValue: "missing_response_uri")
    /// A client identifier prefix this wallet does not authenticate: `decentralized_identifier:`,
    /// `verifier_attestation:`, `openid_federation:`, `origin:` (never accepted, §5.9.3) or any other; also the draft
    /// `client_id_scheme` values without a 1.0 prefix counterpart here.
    public static let unsupportedClientIDPrefix = Self(rawValue: "unsupported_client_id_prefix")
    /// A client identifier without a prefix (a pre-registered client, OpenID4VP 1.0 §5.9.2) that this wallet has not
    /// been configured with.
    public static let clientNotRegistered = Self(rawValue: "client_not_registered")
    /// A pre-registered client's request object signed by a leaf that is not one of the certificates registered for
    /// that client (OpenID4VP 1.0 §5.9.2, RFC 9101 §6.2), even when the reader decision trusts its chain: one trusted
    /// verifier never speaks for another.
    public static let clientCertificateNotRegistered = Self(rawValue: "client_certificate_not_registered")
    /// A `response_mode` this wallet does not support (OpenID4VP 1.0 §8), `dc_api`/`dc_api.jwt` on a request the
    /// caller did not say came through the Digital Credentials API, or another mode on one that did (Appendix A.2).
    public static let unsupportedResponseMode = Self(rawValue: "unsupported_response_mode")
    /// A signed request delivered through the Digital Credentials API whose `expected_origins` is absent or does not
    /// contain the origin the caller reports (OpenID4VP 1.0 Appendix A.2).
    public static let originMismatch = Self(rawValue: "origin_mismatch")
    /// A request that is not signed: the `redirect_uri:` prefix (which cannot be signed, §5.9.3), or plain URL
    /// parameters for a prefix that needs a signed request object. Its verifier is known only by the domain it sends
    /// the response to.
    public static let unsignedRequest = Self(rawValue: "unsigned_request")

    // MARK: Fetching request_uri (OpenID4VP 1.0 §5.10, RFC 9101 §5.2)

    /// The request object could not be fetched from `request_uri`: network failure, timeout, HTTP error status (§5.10
    /// "Request URI Error Response"), a body over the fetcher's cap, or any failure a fetcher reports without a code of
    /// its own.
    public static let requestFetchFailed = Self(rawValue: "request_fetch_failed")
    /// A `request_uri` the fetcher refuses to contact: not `https` (OpenID4VP 1.0 §5.10 requires the https scheme).
    /// Raised by ``RequestObjectFetching`` implementations.
    public static let insecureRequestURI = Self(rawValue: "insecure_request_uri")
    /// The `request_uri` response's content type is not `application/oauth-authz-req+jwt` (OpenID4VP 1.0 §5.10.1,
    /// RFC 9101 §10.8); `application/jwt` is tolerated with a warning.
    public static let wrongContentType = Self(rawValue: "wrong_content_type")
    /// A `request_uri` that this host does not fetch by policy (the HTTP API unless `server.fetchRequestURIs`).
    public static let requestURINotFetched = Self(rawValue: "request_uri_not_fetched")

    // MARK: ISO/IEC 18013-5 proximity decisions

    /// A DocRequest without `readerAuth` in a DeviceRequest without `readerAuthAll` (ISO/IEC 18013-5
    /// §8.3.2.1.2.1): the reader did not authenticate, so it is not trusted (it may still be shown, as
    /// unauthenticated).
    public static let notAuthenticated = Self(rawValue: "not_authenticated")
    /// The DocRequests of one DeviceRequest are authenticated by different reader certificates, each trusted: one
    /// request comes from one reader, so the request as a whole is not trusted.
    public static let readerMismatch = Self(rawValue: "reader_mismatch")

    // The reader decision's reasons (not_on_trust_list, chain_invalid, reader_eku, trust_list_expired,
    // trust_list_unavailable) are TrustLists' codes, used as they are.
}
