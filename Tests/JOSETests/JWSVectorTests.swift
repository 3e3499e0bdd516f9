import Foundation
import JOSE
import Testing
import X509

/// The JWS examples of RFC 7515 Appendix A, RFC 8037 Appendix A and RFC 7520 §4.2, copied from the RFCs' text; the
/// public keys are built from the JWK members the RFCs give.
@Suite("JWS: RFC 7515, RFC 8037 and RFC 7520 examples")
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

    /// RFC 7520 §4.2.3: PS384 over the §4 payload (Bilbo's saying) with the RFC 7520 §3.4 key (`kid`
    /// bilbo.baggins@hobbiton.example). RSASSA-PSS is randomized: the RFC's signature is one of many valid ones.
    static let rfc7520PS384 =
        "eyJhbGciOiJQUzM4NCIsImtpZCI6ImJpbGJvLmJhZ2dpbnNAaG9iYml0b24uZXhhbXBsZSJ9"
        + ".SXTigJlzIGEgZGFuZ2Vyb3VzIGJ1c2luZXNzLCBGcm9kbywgZ29pbmcgb3V0IHlvdXIgZG9vci4gWW91IHN0ZXAgb250byB0aGUgcm9hZCwgYW5kIGlmIHlvdSBkb24ndCBrZWVwIHlvdXIgZmVldCwgdGhlcmXigJlzIG5vIGtub3dpbmcgd2hlcmUgeW91IG1pZ2h0IGJlIHN3ZXB0IG9mZiB0by4"
        + ".cu22eBqkYDKgIlTpzDXGvaFfz6WGoz7fUDcfT0kkOy42miAh2qyBzk1xEsnk2IpN6-tPid6VrklHkqsGqDqHCdP6O8TTB5dDDItllVo6_1OLPpcbUrhiUSMxbbXUvdvWXzg-UD8biiReQFlfz28zGWVsdiNAUf8ZnyPEgVFn442ZdNqiVJRmBqrYRXe8P_ijQ7p8Vdz0TTrxUeT3lm8d9shnr2lfJT8ImUjvAA2Xez2Mlp8cBE5awDzT0qI0n6uiP1aCN_2_jLAeQTlqRHtfa64QQSUmFAAjVKPbByi7xho0uTOcbH510a6GYmJUAfmWjwZ6oD4ifKo8DYM-X72Eaw"
    /// RFC 7520 §3.4: the public part (`n`, `e` = AQAB) of the RSA key.
    static let rfc7520Key = {
        try? JWKPublicKey.rsa2048(
            n:
                "n4EPtAOCc9AlkeQHPzHStgAbgs7bTZLwUBZdR8_KuKPEHLd4rHVTeT-O-XV2jRojdNhxJWTDvNd7nqQ0VEiZQHz_AJmSCpMaJMRBSFKrKb2wqVwGU_NsYOYL-QtiWN2lbzcEe6XC0dApr5ydQLrHqkHHig3RBordaZ6Aj-oBHqFEHYpPe7Tpe-OfVfHd1E6cS6M1FZcD1NNLYD5lFHpPI9bTwJlsde3uhGqC0ZCuEHg8lhzwOHrtIQbS0FVbb9k3-tVTU4fg_3L_vniUFAKwuCLqKnS2BYwdq_mzSnbLY7h_qixoR7jig3__kRhuaxwUkRz5iaiQkqgc5gHdrNP5zw"
        )
    }()

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

    @Test("RFC 7520 §4.2 (PS384, RSASSA-PSS with a 2048-bit key) decodes and verifies")
    func rfc7520PS384Verifies() throws {
        let key = try #require(Self.rfc7520Key)
        #expect(key.algorithm == .rsa)
        #expect(key.sizeInBits == 2048)
        let jws = try JWS(compactSerialization: Self.rfc7520PS384)
        #expect(jws.alg == .ps384)
        #expect(jws.kid == "bilbo.baggins@hobbiton.example")
        #expect(jws.signature.count == 256)
        #expect(
            String(decoding: jws.payload, as: UTF8.self)
                == "It\u{2019}s a dangerous business, Frodo, going out your door. You step onto the road, and if you "
                + "don't keep your feet, there\u{2019}s no knowing where you might be swept off to.")
        try jws.verify(with: key)
        // The same signature under another PSS hash does not verify: PS256 and PS512 headers over it.
        let segments = Self.rfc7520PS384.split(separator: ".").map(String.init)
        for alg in ["PS256", "PS512"] {
            let header = foundationBase64URLEncode(Array(#"{"alg":"\#(alg)"}"#.utf8))
            let other = try JWS(compactSerialization: header + "." + segments[1] + "." + segments[2])
            #expect(joseError { try other.verify(with: key) }?.code == .badSignature, "\(alg)")
        }
    }

    @Test("RFC 7515 A.5 (alg none) is refused as unsupported_alg")
    func a5Refused() {
        let error = joseError { try JWS(compactSerialization: Self.a5) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("alg none") == true)
    }

    @Test("a changed payload does not verify (bad_signature)", arguments: [a3, a4, ed25519Example, rfc7520PS384])
    func tamperedPayload(compact: String) throws {
        var segments = compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var payload = foundationBase64URL(segments[1])
        payload[0] ^= 0x01
        segments[1] = foundationBase64URLEncode(payload)
        let jws = try JWS(compactSerialization: segments.joined(separator: "."))
        #expect(joseError { try jws.verify(with: try #require(Self.key(for: jws.alg))) }?.code == .badSignature)
    }

    @Test("a changed signature does not verify (bad_signature)", arguments: [a3, a4, ed25519Example, rfc7520PS384])
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
        let ps384 = try JWS(compactSerialization: Self.rfc7520PS384)
        #expect(joseError { try ps384.verify(with: try #require(Self.a3Key)) }?.code == .unsupportedAlgorithm)
        #expect(joseError { try a3.verify(with: try #require(Self.rfc7520Key)) }?.code == .unsupportedAlgorithm)
    }

    @Test("an RSA signature of another length than the modulus is bad_signature (RFC 8017 §8.1.2)")
    func rsaWrongLength() throws {
        let key = try #require(Self.rfc7520Key)
        let segments = Self.rfc7520PS384.split(separator: ".").map(String.init)
        let raw = foundationBase64URL(segments[2])
        for signature in [Array(raw.dropLast()), raw + [0], [0] + raw] {
            let jws = try JWS(
                compactSerialization: segments[0] + "." + segments[1] + "." + foundationBase64URLEncode(signature))
            let error = joseError { try jws.verify(with: key) }
            #expect(error?.code == .badSignature)
            #expect(error?.reason.contains("expected 256 bytes for PS384") == true)
        }
    }

    static func key(for algorithm: JWSAlgorithm) -> PublicKey? {
        switch algorithm {
        case .es256: a3Key
        case .es512: a4Key
        case .edDSA: ed25519Key
        case .ps384: rfc7520Key
        case .es384, .ps256, .ps512: nil
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
