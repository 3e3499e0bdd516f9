import X509

/// A reason a trust list was rejected or could not be refreshed: one of the stable reason codes (docs/architecture.md,
/// Reason codes), used unchanged in JSON, logs, metrics and exit paths, plus a message a person can act on.
///
/// Equality compares the code only, so tests can write `#expect(throws: TrustListError(.rollback))`.
public typealias TrustListError = CodedError<TrustListErrorDomain>

/// The family of ``TrustListError``: the codes it raises are declared below, in the one ``ReasonCode`` vocabulary.
public enum TrustListErrorDomain {}

extension ReasonCode {
    /// A transport failure: DNS, connection refused, reset, a file that cannot be read.
    public static let networkError = Self(rawValue: "network_error")
    /// The server answered with a status other than 200 (or 304 on a conditional request).
    public static let httpStatus = Self(rawValue: "http_status")
    /// The connect timeout, total deadline or low-speed limit was hit.
    public static let timeout = Self(rawValue: "timeout")
    /// The body exceeded the configured byte cap (checked while streaming).
    public static let tooLarge = Self(rawValue: "too_large")
    /// TLS handshake or certificate verification of the server failed.
    public static let tlsError = Self(rawValue: "tls_error")
    /// The root certificate's SHA-256 matches no configured pin.
    public static let rootPinMismatch = Self(rawValue: "root_pin_mismatch")
    // malformed_cbor, limits_exceeded, not_cose_sign1, unknown_critical_header, unsupported_alg, missing_x5chain,
    // detached_payload and bad_signature are raised by the COSE and X509 modules and declared there.
    /// The signer's chain does not validate to a pinned root.
    public static let chainInvalid = Self(rawValue: "chain_invalid")
    /// The signer certificate's notAfter is before the verification time.
    public static let signerExpired = Self(rawValue: "signer_expired")
    /// The signer certificate's notBefore is after the verification time.
    public static let signerNotYetValid = Self(rawValue: "signer_not_yet_valid")
    /// The signer lacks the extended key usage its list kind requires.
    public static let signerEKU = Self(rawValue: "signer_eku")
    /// The signer's key usage allows neither digitalSignature nor nonRepudiation.
    public static let signerKeyUsage = Self(rawValue: "signer_key_usage")
    /// The payload is not a VICAL or RICAL of the expected shape; the message names the key path.
    public static let malformedPayload = Self(rawValue: "malformed_payload")
    /// A VICAL where a RICAL was expected or vice versa, a RICAL `type` that is not reader authentication, a LoTE
    /// whose `LoTEType` is not the configured one, or an unsupported `version` / `LoTEVersionIdentifier`.
    public static let wrongListType = Self(rawValue: "wrong_list_type")
    /// A signed document in a format this service does not read: an XML LoTE (XAdES), where a JAdES one is expected.
    public static let unsupportedFormat = Self(rawValue: "unsupported_format")
    /// The list's provider is not the one configured.
    public static let providerMismatch = Self(rawValue: "provider_mismatch")
    /// The list's `date` is later than the verification time plus the allowed clock skew.
    public static let dateInFuture = Self(rawValue: "date_in_future")
    /// The verification time is past the list's `notAfter`.
    public static let listExpired = Self(rawValue: "list_expired")
    /// The list's issue id (or date) is lower than the highest one already accepted.
    public static let rollback = Self(rawValue: "rollback")
    /// The list has the issue id of an accepted list but other bytes.
    public static let equivocation = Self(rawValue: "equivocation")
    /// Writing the cache directory failed.
    public static let persistError = Self(rawValue: "persist_error")
}

extension ReasonCode {
    /// A local file the configuration names (a bootstrap file) cannot be read: a fault of the deployment, not of the
    /// network or of the list.
    public static let ioError = Self(rawValue: "io_error")
    /// A URL this service does not fetch: not a valid absolute URL, no host, or a scheme the configuration does not
    /// allow (`http://` and `file://` only with `allowInsecureURLs`; CRLs may be `http://`). Refused before any
    /// request is made.
    public static let urlRefused = Self(rawValue: "url_refused")
}

extension ReasonCode {
    /// The cache directory exists but this process cannot read it (permissions): the answer is "unknown", never
    /// "no trust".
    public static let cacheUnreadable = Self(rawValue: "cache_unreadable")
}

extension ReasonCode {
    /// Another refresh (`trustctl refresh` or `trustlistd`) held the cache directory's lock for longer than the wait
    /// allowed: this refresh did not run.
    public static let cacheLocked = Self(rawValue: "cache_locked")
}
