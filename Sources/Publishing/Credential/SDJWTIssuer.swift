import Foundation
import JOSE
import X509

/// Issues SD-JWT VCs (IETF SD-JWT, SD-JWT VC), for the tests and `trustctl demo` only: a test and demo tool, not an
/// issuance service. The issuer JWT (`typ` `dc+sd-jwt`, `x5c` the signer's chain, ES256 for a P-256 key) carries the
/// plain claims, `_sd` with the digests of the selectively disclosable top-level claims (SHA-256, `_sd_alg`), `vct`,
/// `iss`, `iat`, `exp` and, with a holder key, `cnf.jwk`; each disclosure is `[salt, name, value]`.
public enum SDJWTIssuer {
    /// Issues an SD-JWT VC, presented with every disclosure and no Key Binding JWT (it ends with `~`).
    /// - Parameters:
    ///   - vct: the credential type, e.g. `urn:eudi:pid:1`.
    ///   - issuer: `iss`; nil for none.
    ///   - claims: claims always visible.
    ///   - disclosable: top-level claims disclosed selectively, in order.
    ///   - holderKey: the key the credential binds (`cnf.jwk`); nil for none.
    ///   - signerKey: the issuer's private key.
    ///   - signerChain: `x5c`: the signer's certificate first.
    ///   - issuedAt: `iat`.
    ///   - expires: `exp`; nil for none.
    ///   - typ: the header's `typ` (default `dc+sd-jwt`).
    /// - Throws: ``JOSEError`` or ``X509Error`` when a key cannot be written or OpenSSL cannot sign.
    public static func issue(
        vct: String, issuer: String?, claims: [String: JSONValue], disclosable: [(String, JSONValue)],
        holderKey: PublicKey?, signerKey: PrivateKey, signerChain: [Certificate], issuedAt: Date, expires: Date?,
        typ: String = "dc+sd-jwt"
    ) throws -> String {
        var payload = claims
        var disclosures: [String] = []
        var digests: [JSONValue] = []
        var generator = SystemRandomNumberGenerator()
        for (name, value) in disclosable {
            let salt = Base64URL.encode((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let text = Base64URL.encode(try JSONValue.array([.string(salt), .string(name), value]).jsonEncoded())
            disclosures.append(text)
            digests.append(.string(Base64URL.encode(Digest.sha256.hash(Array(text.utf8)))))
        }
        if !digests.isEmpty {
            payload["_sd"] = .array(digests)
            payload["_sd_alg"] = "sha-256"
        }
        payload["vct"] = .string(vct)
        if let issuer { payload["iss"] = .string(issuer) }
        payload["iat"] = .number(issuedAt.timeIntervalSince1970.rounded(.down))
        if let expires { payload["exp"] = .number(expires.timeIntervalSince1970.rounded(.down)) }
        if let holderKey { payload["cnf"] = .object(["jwk": try PublicJWK.jwk(holderKey)]) }
        let header: [String: JSONValue] = [
            "typ": .string(typ), "x5c": .array(signerChain.map { .string(Base64.encode($0.derEncoded)) }),
        ]
        let jwt = try JWS.sign(header: header, payload: try JSONValue.object(payload).jsonEncoded(), key: signerKey)
        return ([jwt] + disclosures).joined(separator: "~") + "~"
    }

    /// Appends a Key Binding JWT (SD-JWT §4.3) to a presentation that ends with `~`: `typ` `kb+jwt`, signed by the
    /// holder's key, with `iat`, `aud`, `nonce` and `sd_hash` (SHA-256 of the presentation so far).
    public static func withKeyBinding(
        _ presentation: String, holderKey: PrivateKey, nonce: String, audience: String, issuedAt: Date
    ) throws -> String {
        let claims: [String: JSONValue] = [
            "iat": .number(issuedAt.timeIntervalSince1970.rounded(.down)), "aud": .string(audience),
            "nonce": .string(nonce), "sd_hash": .string(Base64URL.encode(Digest.sha256.hash(Array(presentation.utf8)))),
        ]
        return presentation
            + (try JWS.sign(
                header: ["typ": "kb+jwt"], payload: try JSONValue.object(claims).jsonEncoded(), key: holderKey))
    }
}
