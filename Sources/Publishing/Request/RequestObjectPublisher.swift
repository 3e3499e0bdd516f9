import Foundation
import JOSE
import X509

/// Builds and signs OpenID4VP 1.0 request objects the way a verifier publishes them (§5; RFC 9101): a JWS with `typ`
/// `oauth-authz-req+jwt`, the signer's chain in `x5c` (standard base64 DER, leaf first, RFC 7515 §4.1.6), and the
/// claims of a `direct_post` mdoc request under an `x509_san_dns:` client identifier. For the demo verifier and tests.
public enum RequestObjectPublisher {
    /// The media type of a request object (RFC 9101 §10.8; OpenID4VP 1.0 §5.10.1).
    public static let type = "oauth-authz-req+jwt"

    /// A verifier (reader) certificate for OpenID4VP under `issuer`: a dNSName SAN of `host` (what an
    /// `x509_san_dns:` client identifier names) and the reader EKU 1.0.18013.5.1.6.
    /// - Parameters:
    ///   - commonName: the subject CN (what a wallet shows as verifiedBy).
    ///   - host: the DNS name of the verifier's response URI.
    ///   - issuer: the CA that issues it (a RICAL entry or below one); nil for a self-signed one.
    ///   - time: validity runs from 30 days before to a year after it.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public static func verifierCertificate(
        commonName: String, host: String, issuer: DemoNetwork.Issued?, at time: Date
    ) throws(X509Error) -> DemoNetwork.Issued {
        try DemoNetwork.issue(
            commonName, by: issuer, at: time, validDays: 365,
            kind: .leaf(eku: [OID.readerAuthenticationEKU], usage: [.digitalSignature])
        ) { builder in
            builder.dnsNames = [host]
        }
    }

    /// A signed request object asking for an mDL's family and given names.
    /// - Parameters:
    ///   - host: the verifier's DNS name: the client identifier is `x509_san_dns:<host>`, the response URI
    ///     `https://<host>/response`.
    ///   - signer: the verifier's key and chain (leaf first).
    ///   - nonce: the `nonce` claim.
    ///   - time: `iat`; `exp` is ten minutes later (RFC 7519 §4.1.4, §4.1.6).
    ///   - changes: claims to set instead of (or besides) these; a `null` value removes the claim (a Digital
    ///     Credentials API request: `response_mode` `dc_api`, `response_uri` null, `expected_origins`).
    /// - Returns: the compact serialization.
    /// - Throws: when OpenSSL cannot sign.
    public static func signed(
        host: String, signer key: PrivateKey, chain: [Certificate], nonce: String, at time: Date,
        changing changes: [String: JSONValue] = [:]
    ) throws -> String {
        var claims: [String: JSONValue] = [
            "client_id": .string("x509_san_dns:\(host)"),
            "response_type": .string("vp_token"),
            "response_mode": .string("direct_post"),
            "response_uri": .string("https://\(host)/response"),
            "aud": .string("https://self-issued.me/v2"),
            "nonce": .string(nonce),
            "iat": .number(time.timeIntervalSince1970.rounded(.down)),
            "exp": .number(time.timeIntervalSince1970.rounded(.down) + 600),
            "dcql_query": .object([
                "credentials": .array([
                    .object([
                        "id": .string("mdl"),
                        "format": .string("mso_mdoc"),
                        "meta": .object(["doctype_value": .string("org.iso.18013.5.1.mDL")]),
                        "claims": .array([
                            .object(["path": .array([.string("org.iso.18013.5.1"), .string("family_name")])]),
                            .object(["path": .array([.string("org.iso.18013.5.1"), .string("given_name")])]),
                        ]),
                    ])
                ])
            ]),
        ]
        for (name, value) in changes {
            if value == .null { claims.removeValue(forKey: name) } else { claims[name] = value }
        }
        let header: [String: JSONValue] = [
            "typ": .string(type),
            "x5c": .array(chain.map { .string(Base64.encode($0.derEncoded)) }),
        ]
        return try JWS.sign(header: header, payload: try JSONValue.object(claims).jsonEncoded(), key: key)
    }
}
