/// The name and version of this trust-list service, as it presents itself to servers and operators.
public enum ServiceIdentity {
    /// The version of the `TrustLists` package, in semantic-versioning form (`major.minor.patch`).
    public static let version = "0.1.0"

    /// The `User-Agent` header value sent with every HTTP request that fetches a trust list or a root
    /// (RFC 9110 §10.1.5): product/version, then a comment naming what the client is, so that a list
    /// publisher reading its logs can tell wallets' trust-list services apart from browsers and scripts.
    public static let userAgent = "trustlists/\(version) (+ISO/IEC 18013-5 trust-list service)"
}
