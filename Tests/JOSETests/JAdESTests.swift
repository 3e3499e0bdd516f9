import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// The JWS JSON serialization (RFC 7515 §7.2) with RFC 7515's own example, and the JAdES baseline B rules on top of
/// the JWS ones (ETSI TS 119 182-1: `x5c`, `sigT` in a closed `crit`, `x5t#S256`).
@Suite("JAdES and the JWS JSON serialization")
struct JAdESTests {
    /// RFC 7515 Appendix A.7: the flattened JSON serialization of the A.3 ES256 example, with an unprotected `kid`.
    static let a7 = """
        {
         "payload":
          "eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ",
         "protected":"eyJhbGciOiJFUzI1NiJ9",
         "header":
          {"kid":"e9bc097a-ce51-4036-9562-d2ade882db0d"},
         "signature":
          "DtEhU3ljbEg8L38VWAfUAqOyKAM6-Xx-F4GawxaepmXFCgfTjDxw5djxLa8ISlSApmWQxfKTUJqPP3-Kg6NU1Q"
        }
        """

    @Test("RFC 7515 A.7 (flattened) verifies with the A.3 key; its signing input is A.3's")
    func flattenedExample() throws {
        let key = try #require(JWSVectorTests.a3Key)
        let jws = try JWS(jsonSerialization: Array(Self.a7.utf8))
        #expect(jws.unprotectedHeader == ["kid": "e9bc097a-ce51-4036-9562-d2ade882db0d"])
        #expect(jws.kid == nil)
        #expect(
            jws.signingInput == Array(JWSVectorTests.a3.split(separator: ".").prefix(2).joined(separator: ".").utf8))
        try jws.verify(with: key)
    }

    @Test("the serialization is told by the first byte that is not JSON whitespace (RFC 8259 §2)")
    func serializationKind() {
        #expect(JAdESSignature.isJSONSerialization(Array(Self.a7.utf8)))
        #expect(JAdESSignature.isJSONSerialization(Array((" \t\r\n" + Self.a7).utf8)))
        #expect(!JAdESSignature.isJSONSerialization(Array(JWSVectorTests.a3.utf8)))
        #expect(!JAdESSignature.isJSONSerialization(Array(("\u{00A0}" + Self.a7).utf8)))  // not JSON whitespace
        #expect(!JAdESSignature.isJSONSerialization([]))
    }

    @Test("the general syntax with one signature verifies; with two it is refused")
    func generalSyntax() throws {
        let key = try #require(JWSVectorTests.a3Key)
        let parts = JWSVectorTests.a3.split(separator: ".").map(String.init)
        let entry = #"{"protected": "\#(parts[0])", "signature": "\#(parts[2])"}"#
        let one = #"{"payload": "\#(parts[1])", "signatures": [\#(entry)]}"#
        try JWS(jsonSerialization: Array(one.utf8)).verify(with: key)
        let two = #"{"payload": "\#(parts[1])", "signatures": [\#(entry), \#(entry)]}"#
        let error = try #require(joseError { try JWS(jsonSerialization: Array(two.utf8)) })
        #expect(error.code == .malformedJWS)
        #expect(error.reason.contains("exactly one signature, found 2"))
    }

    @Test(
        "malformed JSON serializations are refused with their reason",
        arguments: [
            (#"[]"#, ReasonCode.malformedJWS, "expected a JSON object"),
            (#"{"protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "AA"}"#, .malformedJWS, "payload: missing"),
            (#"{"payload": "", "signature": "AA"}"#, .malformedJWS, "protected: missing"),
            (#"{"payload": "", "protected": 1, "signature": "AA"}"#, .malformedJWS, "expected a base64url string"),
            (
                #"{"payload": "", "protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "AA", "header": []}"#,
                .malformedJWS, "header: expected an object"
            ),
            (
                #"{"payload": "", "protected": "eyJhbGciOiJFUzI1NiJ9", "signature": "AA", "header": {"alg": "ES256"}}"#,
                .malformedJWS, "disjoint"
            ),
            (#"{"payload": "", "payload": ""}"#, .malformedJSON, "duplicate member name"),
            (#"{"payload": "", "signatures": [], "signature": "AA"}"#, .malformedJWS, "must not also carry"),
            (#"{"payload": "", "protected": "eyJhbGciOiJub25lIn0", "signature": "AA"}"#, .unsupportedAlgorithm, "none"),
        ])
    func malformed(text: String, code: ReasonCode, fragment: String) throws {
        let error = try #require(joseError { try JWS(jsonSerialization: Array(text.utf8)) })
        #expect(error.code == code)
        #expect(error.reason.contains(fragment), "\(error.reason)")
    }

    @Test(
        "crit and b64 in the unprotected header are malformed_jws: both must be integrity protected (RFC 7515 §4.1.11, RFC 7797 §3)",
        arguments: [
            #"{"kid": "e9bc097a-ce51-4036-9562-d2ade882db0d", "crit": ["exp"], "exp": 1363284000}"#,
            #"{"b64": false}"#,
            #"{"b64": true}"#,
        ])
    func unprotectedCriticalParameters(header: String) throws {
        let text = Self.a7.replacingOccurrences(
            of: #"{"kid":"e9bc097a-ce51-4036-9562-d2ade882db0d"}"#, with: header)
        #expect(text != Self.a7)
        let error = try #require(joseError { try JWS(jsonSerialization: Array(text.utf8)) })
        #expect(error.code == .malformedJWS)
        #expect(error.reason.contains("only in the protected header"), "\(error.reason)")
    }

    @Test("a JSON serialization over the size limit is refused before it is parsed")
    func sizeLimit() throws {
        let error = try #require(
            joseError {
                try JWS(jsonSerialization: Array(Self.a7.utf8), limits: JWS.Limits(maxCompactBytes: 100))
            })
        #expect(error.code == .limitsExceeded)
    }

    /// A signer under a root, as TestPKI issues them (valid 2025-12-02 .. 2027-01-01).
    static func signer() throws -> (root: TestPKI.Issued, signer: TestPKI.Issued) {
        let root = try TestPKI.root("JAdES root")
        return (root, try TestPKI.leaf("JAdES signer", under: root, extendedKeyUsage: nil))
    }

    @Test("a JAdES signature ours makes decodes to its sigT, x5t#S256 and chain, and verifies")
    func signAndVerify() throws {
        let (root, signer) = try Self.signer()
        let text = try JAdESSignature.sign(
            payload: Array("{}".utf8), key: signer.key, chain: [signer.certificate, root.certificate],
            signingTime: TestPKI.referenceTime)
        let signature = try JAdESSignature(serialized: Array((text + "\n").utf8))
        #expect(signature.signingTime == TestPKI.referenceTime)
        #expect(signature.certificateSHA256 == signer.certificate.sha256)
        #expect(signature.certificates == [signer.certificate, root.certificate])
        #expect(signature.jws.protectedHeader["crit"] == ["sigT"])
        #expect(signature.warnings.isEmpty)
        try signature.verifySignature()
    }

    @Test("a sigT outside the signer's validity is signing_time_invalid; an x5t#S256 of another certificate refused")
    func headerAgainstSigner() throws {
        let (root, signer) = try Self.signer()
        let late = try JAdESSignature.sign(
            payload: [], key: signer.key, chain: [signer.certificate],
            signingTime: TestPKI.referenceTime + 3650 * 86_400)
        let error = try #require(joseError { try JAdESSignature(serialized: Array(late.utf8)).verifySignature() })
        #expect(error.code == .signingTimeInvalid)
        let wrongDigest = try JWS.sign(
            header: [
                "x5c": [.string(Base64.encode(signer.certificate.derEncoded))],
                "x5t#S256": .string(Base64URL.encode(root.certificate.sha256)),
            ], payload: [], key: signer.key)
        let digestError = try #require(
            joseError { try JAdESSignature(serialized: Array(wrongDigest.utf8)).verifySignature() })
        #expect(digestError.code == .malformedX5C)
        #expect(digestError.reason.contains("x5t#S256"))
    }

    @Test("crit is closed: sigT is understood, any other extension is unknown_critical_header")
    func closedCrit() throws {
        let (_, signer) = try Self.signer()
        let x5c: JSONValue = [.string(Base64.encode(signer.certificate.derEncoded))]
        let sigD = try JWS.sign(
            header: ["x5c": x5c, "sigT": "2026-01-01T00:00:00Z", "sigD": ["mId": "x"], "crit": ["sigT", "sigD"]],
            payload: [], key: signer.key)
        #expect(joseError { try JAdESSignature(serialized: Array(sigD.utf8)) }?.code == .unknownCriticalHeader)
        let noX5C = try JWS.sign(
            header: ["sigT": "2026-01-01T00:00:00Z", "crit": ["sigT"]], payload: [], key: signer.key)
        #expect(joseError { try JAdESSignature(serialized: Array(noX5C.utf8)) }?.code == .malformedX5C)
    }

    @Test("x5c or sigT only in the unprotected header is named as unsigned: x5c is malformed_x5c, sigT a warning")
    func unsignedHeaderParameters() throws {
        let (_, signer) = try Self.signer()
        let x5c: JSONValue = [.string(Base64.encode(signer.certificate.derEncoded))]
        // ETSI TS 119 182-1 signs x5c and sigT: they belong to the protected header (RFC 7515 §7.2.1 `protected`).
        let compact = try JWS.sign(header: ["x5c": x5c], payload: Array("{}".utf8), key: signer.key)
        let parts = compact.split(separator: ".").map(String.init)
        let withSigT =
            #"{"payload": "\#(parts[1])", "protected": "\#(parts[0])", "signature": "\#(parts[2])", "#
            + #""header": {"sigT": "2026-01-01T00:00:00Z"}}"#
        let signature = try JAdESSignature(serialized: Array(withSigT.utf8))
        #expect(signature.signingTime == nil)
        #expect(
            signature.warnings.contains { $0.contains("sigT") && $0.contains("unprotected") }, "\(signature.warnings)")
        let bare = try JWS.sign(header: [:], payload: Array("{}".utf8), key: signer.key)
        let bareParts = bare.split(separator: ".").map(String.init)
        let withX5C =
            #"{"payload": "\#(bareParts[1])", "protected": "\#(bareParts[0])", "#
            + #""signature": "\#(bareParts[2])", "header": {"x5c": ["\#(Base64.encode(signer.certificate.derEncoded))"]}}"#
        let error = try #require(joseError { try JAdESSignature(serialized: Array(withX5C.utf8)) })
        #expect(error.code == .malformedX5C)
        #expect(error.reason.contains("unprotected"), "\(error.reason)")
    }
}
