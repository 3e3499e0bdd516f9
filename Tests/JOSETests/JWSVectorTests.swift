import Foundation
import JOSE
import Testing
import X509

/// The JWS examples of RFC 7515 Appendix A and RFC 8037 Appendix A, copied from the RFCs' text; the public keys are
/// built from the JWK coordinates the RFCs give.
@Suite("JWS: RFC 7515 and RFC 8037 examples")
struct JWSVectorTests {
    /// RFC 7515 Appendix A.3: ES256 over the JWT claims `{"iss":"joe",\r\n "exp":1300819380,\r\n
    /// "http://example.com/is_root":true}`.
    static let a3 =
        "eyJhbGciOiJFUzI1NiJ9"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ"
        + ".DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
    static let a3Key = {
        try? JWKPublicKey.ec(
            curve: .ecP256, x: "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU",
            y: "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0")
    }()

    /// RFC 7515 Appendix A.4: ES512 over the payload "Payload".
    static let a4 =
        "eyJhbGciOiJFUzUxMiJ9.UGF5bG9hZA"
        + ".AdwMgeerwtHoh-l192l60hp9wAHZFVJbLfD_UxMi70cwnZOYaRI1bKPWROc-mZZqwqT2SI-KGDKB34XO0aw_7XdtAG8GaSwFKdCAPZgoXD2YBJZCPEX3xKpRwcdOO8KpEHwJjyqOgzDO7iKvU8vcnwNrmxYbSW9ERBXukOXolLzeO_Jn"
    static let a4Key = {
        try? JWKPublicKey.ec(
            curve: .ecP521,
            x: "AekpBQ8ST8a8VcfVOTNl353vSrDCLLJXmPk06wTjxrrjcBpXp5EOnYG_NjFZ6OvLFV1jSfS9tsz4qUxcWceqwQGk",
            y: "ADSmRA43Z1DSNx_RvcLI87cdL07l6jQyyBXMoxVg_l2Th-x3S1WDhjDly79ajL4Kkd0AZMaZmh9ubmf63e3kyMj2")
    }()

    /// RFC 7515 Appendix A.5: the unsecured JWS (`alg: none`, empty signature) over the A.3 claims.
    static let a5 =
        "eyJhbGciOiJub25lIn0"
        + ".eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ."

    /// RFC 8037 Appendix A.4: Ed25519 over "Example of Ed25519 signing", key of A.2.
    static let ed25519Example =
        "eyJhbGciOiJFZERTQSJ9.RXhhbXBsZSBvZiBFZDI1NTE5IHNpZ25pbmc"
        + ".hgyY0il_MGCjP0JzlnLWG1PPOt7-09PGcvMg3AIbQR6dWbhijcNR4ki4iylGjg5BhVsPt9g7sVvpAr_MuM0KAg"
    static let ed25519Key = { try? JWKPublicKey.ed25519(x: "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo") }()

    @Test("RFC 7515 A.3 (ES256) decodes and verifies; its payload is the RFC's claims")
    func a3Verifies() throws {
        let key = try #require(Self.a3Key)
        let jws = try JWS(compactSerialization: Self.a3)
        #expect(jws.alg == .es256)
        #expect(jws.protectedHeader == ["alg": "ES256"])
        #expect(jws.typ == nil && jws.kid == nil && jws.x5c == nil && !jws.hasJWK)
        #expect(jws.signature.count == 64)
        #expect(
            String(decoding: jws.payload, as: UTF8.self)
                == "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}")
        #expect(jws.signingInput == Array(Self.a3.split(separator: ".").prefix(2).joined(separator: ".").utf8))
        try jws.verify(with: key)
        let claims = try JWTClaims(jsonEncoded: jws.payload)
        #expect(claims.iss == "joe")
        #expect(claims.exp == Date(timeIntervalSince1970: 1_300_819_380))
        #expect(claims.value("http://example.com/is_root") == .bool(true))
    }

    @Test("RFC 7515 A.4 (ES512, P-521) decodes and verifies")
    func a4Verifies() throws {
        let key = try #require(Self.a4Key)
        let jws = try JWS(compactSerialization: Self.a4)
        #expect(jws.alg == .es512)
        #expect(jws.payload == Array("Payload".utf8))
        #expect(jws.signature.count == 132)
        try jws.verify(with: key)
    }

    @Test("RFC 8037 A.4 (EdDSA, Ed25519) decodes and verifies")
    func ed25519Verifies() throws {
        let key = try #require(Self.ed25519Key)
        let jws = try JWS(compactSerialization: Self.ed25519Example)
        #expect(jws.alg == .edDSA)
        #expect(jws.payload == Array("Example of Ed25519 signing".utf8))
        try jws.verify(with: key)
    }

    @Test("RFC 7515 A.5 (alg none) is refused as unsupported_alg")
    func a5Refused() {
        let error = joseError { try JWS(compactSerialization: Self.a5) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("alg none") == true)
    }

    @Test("a changed payload does not verify (bad_signature)", arguments: [a3, a4, ed25519Example])
    func tamperedPayload(compact: String) throws {
        var segments = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var payload = foundationBase64URL(segments[1])
        payload[0] ^= 0x01
        segments[1] = foundationBase64URLEncode(payload)
        let jws = try JWS(compactSerialization: segments.joined(separator: "."))
        #expect(joseError { try jws.verify(with: try #require(Self.key(for: jws.alg))) }?.code == .badSignature)
    }

    @Test("a changed signature does not verify (bad_signature)", arguments: [a3, a4, ed25519Example])
    func tamperedSignature(compact: String) throws {
        var segments = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var signature = foundationBase64URL(segments[2])
        signature[signature.count / 2] ^= 0x80
        segments[2] = foundationBase64URLEncode(signature)
        let jws = try JWS(compactSerialization: segments.joined(separator: "."))
        #expect(joseError { try jws.verify(with: try #require(Self.key(for: jws.alg))) }?.code == .badSignature)
    }

    @Test("a signature of the wrong length is bad_signature, also DER where r‖s belongs (RFC 7518 §3.4)")
    func wrongLength() throws {
        let key = try #require(Self.a3Key)
        let segments = Self.a3.split(separator: ".").map(String.init)
        let raw = foundationBase64URL(segments[2])
        for signature in [Array(raw.dropLast()), raw + [0], Array(raw.prefix(32))] {
            let jws = try JWS(
                compactSerialization: segments[0] + "." + segments[1] + "." + foundationBase64URLEncode(signature))
            let error = joseError { try jws.verify(with: key) }
            #expect(error?.code == .badSignature)
            #expect(error?.reason.contains("expected 64 bytes for ES256") == true)
        }
    }

    @Test("a key the algorithm does not fit is unsupported_alg, whatever the signature")
    func keyMismatch() throws {
        let a3 = try JWS(compactSerialization: Self.a3)
        let a4 = try JWS(compactSerialization: Self.a4)
        let ed = try JWS(compactSerialization: Self.ed25519Example)
        #expect(joseError { try a3.verify(with: try #require(Self.a4Key)) }?.code == .unsupportedAlgorithm)
        #expect(joseError { try a4.verify(with: try #require(Self.a3Key)) }?.code == .unsupportedAlgorithm)
        #expect(joseError { try ed.verify(with: try #require(Self.a3Key)) }?.code == .unsupportedAlgorithm)
        #expect(joseError { try a3.verify(with: try #require(Self.ed25519Key)) }?.code == .unsupportedAlgorithm)
    }

    static func key(for algorithm: JWSAlgorithm) -> PublicKey? {
        switch algorithm {
        case .es256: a3Key
        case .es512: a4Key
        case .edDSA: ed25519Key
        case .es384: nil
        }
    }
}

/// RFC 7638 §3.1: the JWK Thumbprint of the RFC 7517 Appendix A.1 RSA key; other members (`alg`, `kid`) do not count.
@Suite("JWK Thumbprint (RFC 7638)")
struct JWKThumbprintTests {
    @Test("the RFC 7638 §3.1 example key has thumbprint NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    func rfc7638() throws {
        let n =
            "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3"
            + "oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgd"
            + "AZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csF"
            + "Cur-kEgU8awapJzKnqDKgw"
        let jwk: JSONValue = ["kty": "RSA", "n": .string(n), "e": "AQAB", "alg": "RS256", "kid": "2011-04-29"]
        #expect(try JWKThumbprint.sha256(jwk) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test("a JWK without a member its kty requires, or of an unknown kty, is malformed_jwk")
    func refused() {
        #expect(throws: JOSEError(.malformedJWK)) { try JWKThumbprint.sha256(["kty": "EC", "crv": "P-256", "x": "a"]) }
        #expect(throws: JOSEError(.malformedJWK)) { try JWKThumbprint.sha256(["kty": "XYZ"]) }
        #expect(throws: JOSEError(.malformedJWK)) { try JWKThumbprint.sha256("RSA") }
    }
}
