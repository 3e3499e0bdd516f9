import Credentials
import Foundation
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// Bad SD-JWT input (docs/architecture.md, Credentials): no `~`, empty disclosures, disclosures that are not base64url
/// JSON arrays, JWS that are not JWS, limits. Each is a not-trusted answer with a clear reason.
@Suite("SD-JWT VC: bad input is refused with a clear reason")
struct SDJWTMalformedTests {
    /// An issuer JWT signed by the world's PID provider over `payload`, with `x5c` unless told otherwise.
    static func issuerJWT(
        _ world: CredentialWorld, _ payload: [String: JSONValue], x5c: [Certificate]? = nil
    ) throws
        -> String
    {
        let chain = x5c ?? world.pidIssuerChain
        var header: [String: JSONValue] = ["typ": "dc+sd-jwt"]
        if !chain.isEmpty { header["x5c"] = .array(chain.map { .string(Data($0.derEncoded).base64EncodedString()) }) }
        return try JWS.sign(
            header: header, payload: try JSONValue.object(payload).jsonEncoded(), key: world.pidIssuer.key)
    }

    /// The claims every credential of this suite carries.
    static func claims(_ world: CredentialWorld) -> [String: JSONValue] {
        [
            "vct": .string(CredentialWorld.pidVCT), "iss": .string("https://\(CredentialWorld.pidIssuerHost)"),
            "iat": .number(world.now.timeIntervalSince1970 - 60),
        ]
    }

    /// A disclosure's text: base64url of the JSON `elements` (written by Foundation, not the JOSE module).
    static func disclosure(_ elements: [String]) -> String {
        Base64URLText.encode(Array(("[" + elements.joined(separator: ",") + "]").utf8))
    }

    /// Its digest: base64url SHA-256 of its text.
    static func digest(_ text: String) -> String {
        Base64URLText.encode(Digest.sha256.hash(Array(text.utf8)))
    }

    static func decide(_ text: String, _ world: CredentialWorld) -> CredentialDecision {
        SDJWTVerifier.decide(compact: text, trust: world.trust, at: world.now)
    }

    @Test("the Swift-issued SD-JWT VC is trusted (the baseline of this suite)")
    func baseline() throws {
        let world = try CredentialWorld()
        let text = try SDJWTIssuer.issue(
            vct: CredentialWorld.pidVCT, issuer: "https://\(CredentialWorld.pidIssuerHost)",
            claims: [:], disclosable: [("given_name", "Erika")], holderKey: nil, signerKey: world.pidIssuer.key,
            signerChain: world.pidIssuerChain, issuedAt: world.now - 60, expires: world.now + 3600)
        let decision = Self.decide(text, world)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.documents.first?.claims == ["given_name"])
    }

    @Test(
        "disclosures that are not base64url JSON arrays of two or three elements are malformed_sd_jwt",
        arguments: [
            "a+b/", "not base64!", Base64URLText.encode(Array("not json".utf8)),
            Base64URLText.encode(Array("{\"a\":1}".utf8)), SDJWTMalformedTests.disclosure(["\"salt\""]),
            SDJWTMalformedTests.disclosure(["\"s\"", "\"n\"", "1", "2"]),
            SDJWTMalformedTests.disclosure(["1", "\"n\"", "2"]), SDJWTMalformedTests.disclosure(["\"s\"", "2", "3"]),
        ])
    func badDisclosures(text: String) throws {
        let world = try CredentialWorld()
        let jwt = try Self.issuerJWT(world, Self.claims(world))
        let decision = Self.decide(jwt + "~" + text + "~", world)
        #expect(decision.reason == .malformedSDJWT, "\(decision.message)")
        #expect(decision.message.contains("disclosures[0]"), "\(decision.message)")
    }

    @Test("no '~', an empty disclosure, an issuer JWT that is not a JWS or has no object payload: malformed_sd_jwt")
    func badFrames() throws {
        let world = try CredentialWorld()
        let jwt = try Self.issuerJWT(world, Self.claims(world))
        let array = try JWS.sign(header: ["typ": "dc+sd-jwt"], payload: Array("[1]".utf8), key: world.pidIssuer.key)
        for text in [jwt, jwt + "~~", "a.b~", "~", array + "~"] {
            #expect(Self.decide(text, world).reason == .malformedSDJWT, "\(text.prefix(40))")
        }
    }

    @Test("alg none is unsupported_alg; no x5c is missing_x5c; no vct is malformed_sd_jwt")
    func headerAndClaims() throws {
        let world = try CredentialWorld()
        let none =
            Base64URLText.encode(Array("{\"alg\":\"none\",\"typ\":\"dc+sd-jwt\"}".utf8)) + "."
            + Base64URLText.encode(Array("{\"vct\":\"x\"}".utf8)) + "."
        #expect(Self.decide(none + "~", world).reason == .unsupportedAlgorithm)
        #expect(Self.decide(try Self.issuerJWT(world, Self.claims(world), x5c: []) + "~", world).reason == .missingX5C)
        var noVCT = Self.claims(world)
        noVCT["vct"] = nil
        #expect(Self.decide(try Self.issuerJWT(world, noVCT) + "~", world).reason == .malformedSDJWT)
    }

    @Test("x5c of 20 certificates, 1,025 disclosures, more than 1 MiB: limits_exceeded")
    func limits() throws {
        let world = try CredentialWorld()
        let long = try Self.issuerJWT(
            world, Self.claims(world), x5c: Array(repeating: world.pidIssuer.certificate, count: 20))
        #expect(Self.decide(long + "~", world).reason == .limitsExceeded)
        let jwt = try Self.issuerJWT(world, Self.claims(world))
        let many = jwt + "~" + String(repeating: Self.disclosure(["\"s\"", "1"]) + "~", count: 1_025)
        #expect(Self.decide(many, world).reason == .limitsExceeded)
        let huge = jwt + "~" + String(repeating: "A", count: 1 << 20) + "~"
        #expect(Self.decide(huge, world).reason == .limitsExceeded)
    }

    @Test("_sd that is not an array of strings is malformed_sd_jwt; _sd_alg md5 is unsupported_digest_algorithm")
    func sdShapes() throws {
        let world = try CredentialWorld()
        var notArray = Self.claims(world)
        notArray["_sd"] = "abc"
        #expect(Self.decide(try Self.issuerJWT(world, notArray) + "~", world).reason == .malformedSDJWT)
        var numbers = Self.claims(world)
        numbers["_sd"] = [1, 2]
        #expect(Self.decide(try Self.issuerJWT(world, numbers) + "~", world).reason == .malformedSDJWT)
        var md5 = Self.claims(world)
        md5["_sd_alg"] = "md5"
        #expect(Self.decide(try Self.issuerJWT(world, md5) + "~", world).reason == .unsupportedDigestAlgorithm)
    }

    @Test("disclosures nested 70 deep are limits_exceeded, not a deep recursion")
    func deepNesting() throws {
        let world = try CredentialWorld()
        var disclosures: [String] = []
        var inner = Self.disclosure(["\"s\"", "\"leaf\"", "1"])
        disclosures.append(inner)
        for level in 0..<70 {
            inner = Self.disclosure(["\"s\(level)\"", "\"n\(level)\"", "{\"_sd\":[\"\(Self.digest(inner))\"]}"])
            disclosures.append(inner)
        }
        var claims = Self.claims(world)
        claims["_sd"] = [.string(Self.digest(inner))]
        let text = try Self.issuerJWT(world, claims) + "~" + disclosures.joined(separator: "~") + "~"
        let decision = Self.decide(text, world)
        #expect(decision.reason == .limitsExceeded, "\(decision.message)")
    }

    @Test("a top-level status disclosed selectively is disclosure_invalid (SD-JWT VC §3.2.2.2)")
    func neverSelectivelyDisclosed() throws {
        let world = try CredentialWorld()
        let status = Self.disclosure(["\"s\"", "\"status\"", "{}"])
        var claims = Self.claims(world)
        claims["_sd"] = [.string(Self.digest(status))]
        let decision = Self.decide(try Self.issuerJWT(world, claims) + "~" + status + "~", world)
        #expect(decision.reason == .disclosureInvalid, "\(decision.message)")
    }
}
