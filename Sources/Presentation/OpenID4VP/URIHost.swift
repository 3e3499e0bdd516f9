import Foundation

/// The host a URI names, read one way: what a verifier's certificate must name for a response to go there.
public enum URIHost {
    /// The lower-cased host of an absolute URI, by Foundation's `URLComponents` (RFC 3986); nil when there is none,
    /// or when the URI could be read with another host by another parser: a backslash, a user or password before the
    /// host (`https://evil.example\@verifier.example/`), a percent-encoded host, a URI with a byte outside ASCII (a
    /// URI is ASCII, an IDN host in its `xn--` form; Foundation maps a Unicode host, another parser may not).
    public static func of(_ uri: String?) -> String? {
        guard let uri, uri.utf8.allSatisfy({ $0 < 0x80 }), !uri.contains("\\"),
            let components = URLComponents(string: uri), components.user == nil,
            components.password == nil, let host = components.host, !host.isEmpty,
            components.percentEncodedHost == host
        else { return nil }
        return DNSName.lowercased(host)
    }

    /// The host of an `https` URI (``of(_:)``); nil for any other scheme: a response carrying credentials goes over
    /// TLS to the certified name only (OpenID4VP 1.0 §5.9.3 binds the host; HAIP 1.0 requires TLS).
    public static func secure(_ uri: String?) -> String? {
        guard let uri, URLComponents(string: uri)?.scheme?.lowercased() == "https" else { return nil }
        return of(uri)
    }
}
