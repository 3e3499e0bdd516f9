import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// Signing with ``JWS/sign(header:payload:key:)`` and reading back: every key algorithm, the header as written,
/// `x5c` chains from the test PKI.
@Suite("JWS signing and x5c")
struct JWSSignTests {
    @Test("a JWS signed with each key algorithm verifies with its public key", arguments: KeyAlgorithm.allCases)
    func roundTrip(algorithm: KeyAlgorithm) throws {
        let key = try PrivateKey.generate(algorithm)
        let payload = Array(#"{"iss":"https://verifier.example","exp":1767225600}"#.utf8)
        let token = try JWS.sign(header: ["typ": "JWT", "kid": "k1"], payload: payload, key: key)
        let jws = try JWS(compactSerialization: token)
        #expect(jws.alg == JWSAlgorithm(for: algorithm))
        #expect(jws.alg.keyAlgorithm == algorithm)
        #expect(jws.typ == "JWT")
        #expect(jws.kid == "k1")
        #expect(jws.payload == payload)
        // RFC 7518 §3.4 (r‖s: 2 × 32, 48, 66 bytes), RFC 8032 §5.1.6 (64), RFC 8017 §8.1.1 (a 2048-bit modulus: 256).
        let sizes: [KeyAlgorithm: Int] = [.ecP256: 64, .ecP384: 96, .ecP521: 132, .ed25519: 64, .rsa: 256]
        #expect(jws.signature.count == sizes[algorithm])
        #expect(
            String(decoding: jws.signingInput, as: UTF8.self)
                == token.split(separator: ".").prefix(2).joined(separator: "."))
        try jws.verify(with: key.publicKey)
        // Another key of the same algorithm does not verify it.
        let other = try PrivateKey.generate(algorithm)
        #expect(joseError { try jws.verify(with: other.publicKey) }?.code == .badSignature)
    }

    @Test("the header is compact JSON with sorted names, and alg comes from the key, not the caller")
    func headerAsWritten() throws {
        let key = try PrivateKey.generate(.ecP384)
        let token = try JWS.sign(header: ["typ": "JWT", "alg": "none"], payload: [], key: key)
        let header = foundationBase64URL(String(token.split(separator: ".")[0]))
        #expect(String(decoding: header, as: UTF8.self) == #"{"alg":"ES384","typ":"JWT"}"#)
        #expect(token.split(separator: ".", omittingEmptySubsequences: false)[1].isEmpty)
        try JWS(compactSerialization: token).verify(with: key.publicKey)
    }

    @Test("the signing input is kept as received, not re-encoded: a header with spaces and CRLF still verifies")
    func signingInputAsReceived() throws {
        let key = try PrivateKey.generate(.ecP256)
        let header = "{\"alg\" : \"ES256\",\r\n \"typ\":\"JWT\"}"
        let input = foundationBase64URLEncode(Array(header.utf8)) + "." + foundationBase64URLEncode(Array("x".utf8))
        let signature = try key.sign(Array(input.utf8), digest: .sha256, encoding: .raw)
        let jws = try JWS(compactSerialization: input + "." + foundationBase64URLEncode(signature))
        #expect(jws.signingInput == Array(input.utf8))
        try jws.verify(with: key.publicKey)
    }

    @Test("x5c of a test PKI chain decodes to the DER, leaf first, and the leaf's key verifies")
    func x5cChain() throws {
        let root = try TestPKI.root("JOSE root")
        let intermediate = try TestPKI.intermediate("JOSE intermediate", under: root)
        let leaf = try TestPKI.leaf(
            "verifier.example", under: intermediate, extendedKeyUsage: ["1.0.18013.5.1.6"], algorithm: .ecP384)
        let chain = [leaf.certificate, intermediate.certificate]
        let token = try JWS.sign(
            header: ["typ": "oauth-authz-req+jwt", "x5c": .array(chain.map { .string(Base64.encode($0.derEncoded)) })],
            payload: Array(#"{"aud":"https://self-issued.me/v2"}"#.utf8), key: leaf.key)
        let jws = try JWS(compactSerialization: token)
        #expect(jws.typ == "oauth-authz-req+jwt")
        #expect(jws.x5c == chain.map(\.derEncoded))
        let certificates = try #require(try jws.x5cCertificates())
        #expect(certificates == chain)
        try jws.verify(with: certificates[0].publicKey)
        #expect(joseError { try jws.verify(with: intermediate.certificate.publicKey) }?.code == .unsupportedAlgorithm)
    }

    @Test("a jwk in the header is reported, never used")
    func jwkPresence() throws {
        let key = try PrivateKey.generate(.ecP256)
        let token = try JWS.sign(header: ["jwk": ["kty": "EC", "crv": "P-256"]], payload: [1], key: key)
        let jws = try JWS(compactSerialization: token)
        #expect(jws.hasJWK)
        #expect(jws.x5c == nil)
    }
}
