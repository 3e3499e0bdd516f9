import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// What a JWS verifier must refuse, and with which code: unsecured and HMAC algorithms, an algorithm that does not
/// fit the key, malformed structure, `x5c` in base64url, `crit`, oversized and deeply nested input, and every
/// truncation of a valid JWS.
@Suite("JWS refusals")
struct JWSRefusalTests {
    static let p256 = try! PrivateKey.generate(.ecP256)
    static let p384 = try! PrivateKey.generate(.ecP384)

    /// HMAC-SHA-256 (RFC 2104) over X509's SHA-256, to forge an honest HS256 JWS for the confusion test.
    static func hmacSHA256(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var block = key.count > 64 ? Digest.sha256.hash(key) : key
        block += [UInt8](repeating: 0, count: 64 - block.count)
        let inner = Digest.sha256.hash(block.map { $0 ^ 0x36 } + message)
        return Digest.sha256.hash(block.map { $0 ^ 0x5c } + inner)
    }

    @Test("alg none is unsupported_alg, with or without a signature")
    func algNone() {
        let unsigned =
            foundationBase64URLEncode(Array(#"{"alg":"none"}"#.utf8)) + "."
            + foundationBase64URLEncode(Array("{}".utf8))
            + "."
        #expect(joseError { try JWS(compactSerialization: unsigned) }?.code == .unsupportedAlgorithm)
        #expect(
            joseError { try JWS(compactSerialization: compact(header: #"{"alg":"none"}"#)) }?.code
                == .unsupportedAlgorithm)
    }

    @Test("HS256 keyed with the signer's public key bytes (algorithm confusion) is unsupported_alg")
    func hmacConfusion() throws {
        let publicKey = Self.p256.publicKey
        let input =
            foundationBase64URLEncode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8)) + "."
            + foundationBase64URLEncode(Array(#"{"iss":"attacker"}"#.utf8))
        let mac = Self.hmacSHA256(key: publicKey.subjectPublicKeyInfo, message: Array(input.utf8))
        let forged = input + "." + foundationBase64URLEncode(mac)
        let error = joseError { try JWS(compactSerialization: forged) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("HMAC") == true)
        for name in ["HS384", "HS512", "RS256", "RS384", "RS512", "ps256", "ES256K", "es256", "EdDSA ", ""] {
            #expect(
                joseError { try JWS(compactSerialization: compact(header: #"{"alg":"\#(name)"}"#)) }?.code
                    == .unsupportedAlgorithm, "\(name)")
        }
    }

    @Test("RS256 (RSASSA-PKCS1-v1_5) is unsupported_alg even over an RSA key that would verify it, naming PSS")
    func rsaPKCS1Refused() throws {
        let error = joseError { try JWS(compactSerialization: compact(header: #"{"alg":"RS256"}"#)) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("RSASSA-PKCS1-v1_5 (RFC 7518 §3.3) is refused") == true)
        #expect(error?.reason.contains("PS256") == true)
    }

    @Test("PS256 over an RSA key under 2048 bits is weak_key (RFC 7518 §3.5), though the signature is the key's")
    func weakRSAKey() throws {
        let small = try PrivateKey.generateRSA(bits: 1024)
        #expect(small.publicKey.sizeInBits == 1024)
        let input =
            foundationBase64URLEncode(Array(#"{"alg":"PS256"}"#.utf8)) + "."
            + foundationBase64URLEncode(Array("{}".utf8))
        let signature = try small.sign(Array(input.utf8), digest: .sha256, encoding: .raw)
        #expect(signature.count == 128)
        #expect(
            try small.publicKey.verify(signature: signature, encoding: .raw, for: Array(input.utf8), digest: .sha256))
        let jws = try JWS(compactSerialization: input + "." + foundationBase64URLEncode(signature))
        let error = joseError { try jws.verify(with: small.publicKey) }
        #expect(error?.code == .weakKey)
        #expect(error?.reason.contains("1024 bits") == true)
        #expect(joseError { try JWS.sign(payload: [], key: small) }?.code == .weakKey)
    }

    @Test("PS256 over an EC key, and ES256 over an RSA key, are unsupported_alg")
    func rsaAndECMismatch() throws {
        let rsa = try PrivateKey.generate(.rsa)
        let ps256 = try JWS(compactSerialization: try JWS.sign(payload: [], key: rsa))
        #expect(ps256.alg == .ps256)
        try ps256.verify(with: rsa.publicKey)
        let error = joseError { try ps256.verify(with: Self.p256.publicKey) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("PS256 does not fit the trusted P-256 key") == true)
        let es256 = try JWS(compactSerialization: try JWS.sign(payload: [], key: Self.p256))
        #expect(joseError { try es256.verify(with: rsa.publicKey) }?.code == .unsupportedAlgorithm)
        #expect(
            joseError { try JWS.sign(payload: [], key: Self.p256, algorithm: .ps256) }?.code == .unsupportedAlgorithm)
    }

    @Test("a missing alg is unsupported_alg; an alg that is not a string is malformed_jws")
    func algMissingOrNotString() {
        #expect(
            joseError { try JWS(compactSerialization: compact(header: #"{"typ":"JWT"}"#)) }?.code
                == .unsupportedAlgorithm)
        #expect(joseError { try JWS(compactSerialization: compact(header: #"{"alg":-7}"#)) }?.code == .malformedJWS)
    }

    @Test("an ES256 header over a P-384 key is unsupported_alg, even though the signature is the key's")
    func es256OverP384() throws {
        let input =
            foundationBase64URLEncode(Array(#"{"alg":"ES256"}"#.utf8)) + "."
            + foundationBase64URLEncode(Array("{}".utf8))
        let signature = try Self.p384.sign(Array(input.utf8), digest: .sha256, encoding: .raw)
        let jws = try JWS(compactSerialization: input + "." + foundationBase64URLEncode(signature))
        let error = joseError { try jws.verify(with: Self.p384.publicKey) }
        #expect(error?.code == .unsupportedAlgorithm)
        #expect(error?.reason.contains("ES256 does not fit the trusted P-384 key") == true)
    }

    @Test("an x5c entry in base64url is malformed_x5c, with the message that says so")
    func x5cBase64URL() throws {
        let good = Base64.encode([0x30, 0x03, 0x02, 0x01, 0x00])
        // 0xfb 0xff encode to "+/8" in base64 and "-_8" in base64url.
        let urlEntry = foundationBase64URLEncode([0xfb, 0xff, 0x01, 0x02, 0x03, 0x04])
        let error = joseError {
            try JWS(compactSerialization: compact(header: #"{"alg":"ES256","x5c":["\#(good)","\#(urlEntry)"]}"#))
        }
        #expect(error?.code == .malformedX5C)
        #expect(error?.reason == "header.x5c[1] is base64url; RFC 7515 §4.1.6 requires standard base64")
    }

    @Test(
        "x5c that is not a non-empty array of padded base64 strings is malformed_x5c",
        arguments: [
            #""MIIB""#, #"[]"#, #"[1]"#, #"["MIIBAA"]"#, #"["MIIB AA=="]"#, #"[""]"#, #"{"0":"MIIB"}"#, #"["Zh=="]"#,
        ])
    func x5cShapes(value: String) {
        let error = joseError { try JWS(compactSerialization: compact(header: #"{"alg":"ES256","x5c":\#(value)}"#)) }
        #expect(error?.code == .malformedX5C)
        #expect(error?.reason.contains("x5c") == true)
    }

    @Test("more x5c entries than the limit is limits_exceeded")
    func x5cLimit() throws {
        let entries = Array(repeating: #""MAA=""#, count: 11).joined(separator: ",")
        let text = compact(header: #"{"alg":"ES256","x5c":[\#(entries)]}"#)
        #expect(joseError { try JWS(compactSerialization: text) }?.code == .limitsExceeded)
        #expect(try JWS(compactSerialization: text, limits: JWS.Limits(maxX5CEntries: 11)).x5c?.count == 11)
    }

    @Test("an x5c entry OpenSSL cannot parse is malformed_x5c naming the entry, when certificates are asked for")
    func x5cNotACertificate() throws {
        let jws = try JWS(compactSerialization: compact(header: #"{"alg":"ES256","x5c":["MAA="]}"#))
        #expect(jws.x5c == [[0x30, 0x00]])
        let error = joseError { try jws.x5cCertificates() }
        #expect(error?.code == .malformedX5C)
        #expect(error?.reason.hasPrefix("header.x5c[0]") == true)
    }

    @Test("not three segments is malformed_jws: two, four, five (a JWE), one")
    func segments() {
        let valid = compact(header: #"{"alg":"ES256"}"#)
        let parts = valid.split(separator: ".").map(String.init)
        for text in [
            parts[0] + "." + parts[1], valid + ".AAAA", valid + ".AAAA.AAAA", parts[0], valid + ".", "." + valid, "",
            "..",
        ] {
            let error = joseError { try JWS(compactSerialization: text) }
            #expect(error?.code == .malformedJWS, "\(text.prefix(40))")
        }
        #expect(joseError { try JWS(compactSerialization: valid + ".AAAA.AAAA") }?.reason.contains("JWE") == true)
    }

    @Test("an empty signature is malformed_jws")
    func emptySignature() {
        let text = compact(header: #"{"alg":"ES256"}"#, signature: [])
        let error = joseError { try JWS(compactSerialization: text) }
        #expect(error?.code == .malformedJWS)
        #expect(error?.reason.contains("empty") == true)
    }

    @Test(
        "segments that are not canonical unpadded base64url are malformed_jws",
        arguments: ["eyJhbGciOiJFUzI1NiJ9=", "eyJhbGciOiJFUzI1NiJ9 ", "eyJhbGciOiJFUzI1NiJ9\n", "eyJhbGciOiJFUzI1NiJ+"])
    func badBase64URL(header: String) {
        let text = header + ".e30.AAAA"
        #expect(joseError { try JWS(compactSerialization: text) }?.code == .malformedJWS)
        let payload = "eyJhbGciOiJFUzI1NiJ9.e30=.AAAA"
        #expect(joseError { try JWS(compactSerialization: payload) }?.code == .malformedJWS)
        let signature = "eyJhbGciOiJFUzI1NiJ9.e30.AAA/"
        #expect(joseError { try JWS(compactSerialization: signature) }?.code == .malformedJWS)
    }

    @Test("a header that is JSON but not an object is malformed_jws; one that is not JSON is malformed_json")
    func headerShape() {
        for header in [#"["alg","ES256"]"#, #""ES256""#, "null", "1"] {
            #expect(joseError { try JWS(compactSerialization: compact(header: header)) }?.code == .malformedJWS)
        }
        for header in [#"{"alg":"ES256""#, #"{alg:"ES256"}"#, " "] {
            #expect(joseError { try JWS(compactSerialization: compact(header: header)) }?.code == .malformedJSON)
        }
    }

    @Test("a duplicate header member is malformed_json (RFC 7515 §5.2)")
    func duplicateHeaderMember() {
        let error = joseError { try JWS(compactSerialization: compact(header: #"{"alg":"ES256","alg":"none"}"#)) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.reason.contains("duplicate member name \"alg\"") == true)
    }

    @Test("header parameters of the wrong type are malformed_jws, naming the parameter")
    func headerTypes() {
        for (header, name) in [
            (#"{"alg":"ES256","typ":1}"#, "typ"), (#"{"alg":"ES256","kid":[]}"#, "kid"),
            (#"{"alg":"ES256","jwk":"k"}"#, "jwk"), (#"{"alg":"ES256","b64":"false"}"#, "b64"),
        ] {
            let error = joseError { try JWS(compactSerialization: compact(header: header)) }
            #expect(error?.code == .malformedJWS)
            #expect(error?.reason.hasPrefix("header.\(name)") == true)
        }
    }

    @Test("crit naming an extension nobody processes is unknown_critical_header; a caller may understand it")
    func critUnknown() throws {
        let text = compact(header: #"{"alg":"ES256","crit":["exp"],"exp":1363284000}"#)
        let error = joseError { try JWS(compactSerialization: text) }
        #expect(error?.code == .unknownCriticalHeader)
        #expect(error?.reason.contains("\"exp\"") == true)
        let accepted = try JWS(compactSerialization: text, understoodCriticalHeaders: ["exp"])
        #expect(accepted.protectedHeader["exp"] == 1_363_284_000)
    }

    @Test("b64 false is unknown_critical_header; b64 true under crit is accepted (RFC 7797)")
    func b64() throws {
        let unencoded = compact(header: #"{"alg":"ES256","b64":false,"crit":["b64"]}"#)
        #expect(joseError { try JWS(compactSerialization: unencoded) }?.code == .unknownCriticalHeader)
        let plain = compact(header: #"{"alg":"ES256","b64":false}"#)
        #expect(joseError { try JWS(compactSerialization: plain) }?.code == .unknownCriticalHeader)
        _ = try JWS(compactSerialization: compact(header: #"{"alg":"ES256","b64":true,"crit":["b64"]}"#))
    }

    @Test(
        "malformed crit is malformed_jws (RFC 7515 §4.1.11)",
        arguments: [
            #""b64""#, #"[]"#, #"[1]"#, #"["b64","b64"]"#, #"["alg"]"#, #"["x5c"]"#, #"["absent"]"#,
        ])
    func critMalformed(crit: String) {
        let text = compact(header: #"{"alg":"ES256","b64":true,"x5c":["MAA="],"crit":\#(crit)}"#)
        #expect(joseError { try JWS(compactSerialization: text) }?.code == .malformedJWS)
    }

    @Test("a 10 MB compact JWS is limits_exceeded before it is read")
    func tenMegabytes() {
        let header = foundationBase64URLEncode(Array(#"{"alg":"ES256"}"#.utf8))
        let huge = header + "." + String(repeating: "A", count: 10 * 1024 * 1024) + ".AAAA"
        let clock = ContinuousClock()
        var error: JOSEError?
        let elapsed = clock.measure { error = joseError { try JWS(compactSerialization: huge) } }
        #expect(error?.code == .limitsExceeded)
        #expect(elapsed < .milliseconds(100))
    }

    @Test("a header over its size limit or nesting limit is limits_exceeded")
    func headerLimits() {
        let big = compact(header: #"{"alg":"ES256","pad":"\#(String(repeating: "x", count: 70_000))"}"#)
        #expect(joseError { try JWS(compactSerialization: big) }?.code == .limitsExceeded)
        let deep = compact(
            header: #"{"alg":"ES256","n":\#(String(repeating: "[", count: 40))\#(String(repeating: "]", count: 40))}"#)
        #expect(joseError { try JWS(compactSerialization: deep) }?.code == .limitsExceeded)
        let deeper = compact(header: #"{"alg":"ES256","n":\#(String(repeating: "[", count: 100_000))}"#)
        #expect(
            joseError {
                try JWS(
                    compactSerialization: deeper, limits: JWS.Limits(maxCompactBytes: 1 << 20, maxHeaderBytes: 1 << 20))
            }?
            .code == .limitsExceeded)
    }

    @Test("a signed JWT whose payload is 10^5 nested arrays is limits_exceeded, without a crash")
    func nestedPayload() throws {
        let payload = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let token = try JWS.sign(header: ["typ": "JWT"], payload: payload, key: Self.p256)
        // Over the default compact limit already.
        #expect(joseError { try JWS(compactSerialization: token) }?.code == .limitsExceeded)
        // Under a generous compact limit it decodes and verifies; the claims then hit the JSON depth limit.
        let jws = try JWS(compactSerialization: token, limits: JWS.Limits(maxCompactBytes: 1 << 20))
        try jws.verify(with: Self.p256.publicKey)
        #expect(joseError { try JWTClaims(jsonEncoded: jws.payload) }?.code == .limitsExceeded)
        #expect(
            joseError { try JWTClaims(jsonEncoded: jws.payload, limits: JSONLimits(maxBytes: 1 << 20)) }?.code
                == .limitsExceeded)
    }

    @Test("every proper prefix of a valid JWS fails cleanly: a JOSEError, or a JWS that does not verify")
    func prefixes() throws {
        let root = try TestPKI.root("JOSE prefix root")
        let leaf = try TestPKI.leaf("JOSE prefix leaf", under: root, extendedKeyUsage: nil)
        let token = try JWS.sign(
            header: ["typ": "oauth-authz-req+jwt", "x5c": [.string(Base64.encode(leaf.certificate.derEncoded))]],
            payload: Array(#"{"client_id":"x509_san_dns:example.com","nonce":"n-0S6_WzA2Mj"}"#.utf8), key: leaf.key)
        try JWS(compactSerialization: token).verify(with: leaf.certificate.publicKey)
        let characters = Array(token)
        for length in 0..<characters.count {
            let prefix = String(characters.prefix(length))
            do {
                let jws = try JWS(compactSerialization: prefix)
                #expect(joseError { try jws.verify(with: leaf.certificate.publicKey) } != nil, "prefix \(length)")
            } catch {
                // Typed throws: every failure here is a JOSEError; it must say what went wrong.
                #expect(!error.reason.isEmpty, "prefix \(length)")
            }
        }
    }
}
