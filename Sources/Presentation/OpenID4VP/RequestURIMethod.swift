/// How the wallet fetches the request object from `request_uri` (OpenID4VP 1.0 §5.1 `request_uri_method`).
public enum RequestURIMethod: String, Sendable, Hashable, CaseIterable {
    /// HTTP GET, as RFC 9101 §5.2 defines it; the default when `request_uri_method` is absent.
    case get
    /// HTTP POST with an `application/x-www-form-urlencoded` body carrying `wallet_nonce` and optionally
    /// `wallet_metadata` (OpenID4VP 1.0 §5.10).
    case post
}
