import Foundation
import JOSE
import Testing

/// JWT claims (RFC 7519 §4.1): registered claims' types, NumericDate, raw access, and the time check at a given
/// instant.
@Suite("JWT claims")
struct JWTClaimsTests {
    static func claims(_ text: String) throws -> JWTClaims {
        try JWTClaims(jsonEncoded: Array(text.utf8))
    }

    @Test("registered claims are read with their types; aud may be one string or an array (RFC 7519 §4.1.3)")
    func registered() throws {
        let single = try Self.claims(
            #"{"iss":"https://rp.example","sub":"alice","aud":"https://self-issued.me/v2","exp":1767225600,"nbf":1767222000.5,"iat":1767222000}"#
        )
        #expect(single.iss == "https://rp.example")
        #expect(single.sub == "alice")
        #expect(single.aud == ["https://self-issued.me/v2"])
        #expect(single.exp == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(single.nbf == Date(timeIntervalSince1970: 1_767_222_000.5))
        #expect(single.iat == Date(timeIntervalSince1970: 1_767_222_000))
        let many = try Self.claims(#"{"aud":["a","b"]}"#)
        #expect(many.aud == ["a", "b"])
        let none = try Self.claims("{}")
        #expect(none.iss == nil && none.aud == nil && none.exp == nil)
    }

    @Test("other claims are reachable raw")
    func rawAccess() throws {
        let claims = try Self.claims(
            #"{"client_id":"x509_san_dns:rp.example","dcql_query":{"credentials":[]},"auth_time":1767225600,"n":null}"#)
        #expect(claims.string("client_id") == "x509_san_dns:rp.example")
        #expect(claims.object("dcql_query")?["credentials"] == [])
        #expect(claims.string("dcql_query") == nil)
        #expect(claims.value("n") == .null)
        #expect(claims.value("absent") == nil)
        #expect(try claims.numericDate("auth_time") == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(joseError { try claims.numericDate("client_id") }?.code == .malformedJSON)
    }

    @Test(
        "registered claims of the wrong type are malformed_json naming the claim",
        arguments: [
            (#"{"exp":"1767225600"}"#, "exp"), (#"{"nbf":true}"#, "nbf"), (#"{"iat":null}"#, "iat"),
            (#"{"exp":[1]}"#, "exp"), (#"{"iss":1}"#, "iss"), (#"{"sub":{}}"#, "sub"), (#"{"aud":1}"#, "aud"),
            (#"{"aud":["a",2]}"#, "aud[1]"),
        ])
    func wrongTypes(text: String, claim: String) {
        let error = joseError { try Self.claims(text) }
        #expect(error?.code == .malformedJSON)
        #expect(error?.reason.hasPrefix("JWT claims.\(claim):") == true)
    }

    @Test("a claims set that is not an object, or has a duplicate claim, is malformed_json")
    func notAnObject() {
        for text in ["[]", #""claims""#, "1", #"{"exp":1,"exp":2}"#] {
            #expect(joseError { try Self.claims(text) }?.code == .malformedJSON)
        }
    }

    static let reference = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("the time check: exp is exclusive, nbf inclusive, iat not in the future, each with the skew")
    func timeCheck() throws {
        let t = Self.reference.timeIntervalSince1970
        let claims = try JWTClaims(claims: ["exp": .number(t + 600), "nbf": .number(t - 600), "iat": .number(t - 600)])
        #expect(claims.checkTime(at: Self.reference) == .valid)
        #expect(claims.checkTime(at: Self.reference + 599.5).isValid)
        #expect(claims.checkTime(at: Self.reference + 600) == .expired(exp: Self.reference + 600))
        #expect(claims.checkTime(at: Self.reference + 600, skew: 1) == .valid)
        #expect(claims.checkTime(at: Self.reference + 601, skew: 1) == .expired(exp: Self.reference + 600))
        #expect(claims.checkTime(at: Self.reference - 600) == .valid)
        #expect(claims.checkTime(at: Self.reference - 600.001) == .notYetValid(nbf: Self.reference - 600))
        #expect(claims.checkTime(at: Self.reference - 630, skew: 30) == .valid)
        #expect(claims.checkTime(at: Self.reference - 631, skew: 30) == .notYetValid(nbf: Self.reference - 600))

        let future = try JWTClaims(claims: ["iat": .number(t + 60)])
        #expect(future.checkTime(at: Self.reference) == .issuedInTheFuture(iat: Self.reference + 60))
        #expect(future.checkTime(at: Self.reference, skew: 60) == .valid)
        #expect(future.checkTime(at: Self.reference, skew: -5) == .issuedInTheFuture(iat: Self.reference + 60))

        #expect(try JWTClaims(claims: [:]).checkTime(at: .distantFuture) == .valid)
        // exp is reported first when several fail.
        let both = try JWTClaims(claims: ["exp": .number(t - 10), "nbf": .number(t + 10)])
        #expect(both.checkTime(at: Self.reference) == .expired(exp: Self.reference - 10))
    }

    @Test("the RFC 7519 §3.1 example claims (as RFC 7515 A.3 signs them)")
    func rfcExample() throws {
        let claims = try Self.claims(
            "{\"iss\":\"joe\",\r\n \"exp\":1300819380,\r\n \"http://example.com/is_root\":true}")
        #expect(claims.iss == "joe")
        #expect(claims.checkTime(at: Date(timeIntervalSince1970: 1_300_819_379)) == .valid)
        #expect(claims.checkTime(at: Date(timeIntervalSince1970: 1_300_819_380)).isValid == false)
    }
}
