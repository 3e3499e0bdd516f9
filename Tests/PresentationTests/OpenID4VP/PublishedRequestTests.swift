import Foundation
import JOSE
import Presentation
import TestSupport
import Testing
import TrustLists
import X509

/// Request objects and queries published by others, decided here.
///
/// - ``signedDCAPIRequest``: the "Signed Presentation Request" example of the digitalcredentials.dev documentation
///   (`digitalcredentialsdev/digitalcredentials.dev`, `docs/requesting-credential/openid4vp.md`): a real ES256
///   request object for the Digital Credentials API (`response_mode` `dc_api.jwt`, `expected_origins`, no `aud`),
///   client `x509_san_dns:digitalcreds.dev.trustedpath.info`, `x5c` one self-signed P-256 certificate with that
///   dNSName, valid 2025-04-23T19:56:03Z to 2026-04-23T19:56:03Z, without the reader EKU. Its signature was checked
///   outside this code with Python `cryptography`.
/// - ``complexMdocDCQL``: the DCQL example `1.0/examples/query_lang/complex_mdoc.json` of the OpenID4VP 1.0
///   specification's repository (`openid/OpenID4VP`), compacted.
enum PublishedVectors {
    static let signedDCAPIRequest = """
        eyJ0eXAiOiJvYXV0aC1hdXRoei1yZXErand0IiwiYWxnIjoiRVMyNTYiLCJ4NWMiOlsiTUlJQjl6Q0NBWnlnQXdJQkFnSVVVR1d5TllsajZSbnpwNUxJUHRHUFdLelN6QTB3Q2dZSUtvWkl6ajBFQXdJd09URUxNQWtHQTFVRUJoTUNWVk14S2pBb0JnTlZCQU1NSVdScFoybDBZV3hqY21Wa2N5NWtaWFl1ZEhKMWMzUmxaSEJoZEdndWFXNW1iekFlRncweU5UQTBNak14T1RVMk1ETmFGdzB5TmpBME1qTXhPVFUyTUROYU1Ea3hDekFKQmdOVkJBWVRBbFZUTVNvd0tBWURWUVFERENGa2FXZHBkR0ZzWTNKbFpITXVaR1YyTG5SeWRYTjBaV1J3WVhSb0xtbHVabTh3V1RBVEJnY3Foa2pPUFFJQkJnZ3Foa2pPUFFNQkJ3TkNBQVRFUTM1UGd6TlUrMUFnUjZMeGJCUVphSk5pRzlSeEhXQmxkeFdLd25FZ3RWRDFhOGw1eGNnaGxGeGQ2b0lJd3Y2T0FrOE1TaHY4WXpkaTVaWlBWb2pWbzRHQk1IOHdMQVlEVlIwUkJDVXdJNEloWkdsbmFYUmhiR055WldSekxtUmxkaTUwY25WemRHVmtjR0YwYUM1cGJtWnZNQjBHQTFVZERnUVdCQlNDNGVRNXdkVjIrOFE5aU1MMkdEaXArL2l6aVRBZkJnTlZIU01FR0RBV2dCU0M0ZVE1d2RWMis4UTlpTUwyR0RpcCsvaXppVEFQQmdOVkhSTUJBZjhFQlRBREFRSC9NQW9HQ0NxR1NNNDlCQU1DQTBrQU1FWUNJUURYNkJRbW5YN3FOcWl4MWJBeWNaSmZiclJ5VVNPcU8ydUYySDh0MXBoWE5nSWhBUG9yMXNNOE9KaUhYMGUvalRsc01zQ3BpMGk1ekJBaGxUZDBWVndYN0lsOSJdfQ.eyJyZXNwb25zZV90eXBlIjoidnBfdG9rZW4iLCJyZXNwb25zZV9tb2RlIjoiZGNfYXBpLmp3dCIsIm5vbmNlIjoiWlFTQ2t2VktoR2xjUkcyZGRwR0d6c1lOMSIsImNsaWVudF9tZXRhZGF0YSI6eyJqd2tzIjp7ImtleXMiOlt7Imt0eSI6IkVDIiwidXNlIjoiZW5jIiwiY3J2IjoiUC0yNTYiLCJraWQiOiI4OWI3YWIyNDg4ODUyZjVmNDhjMWM0NGNjZTk5NTk1MGMyMWNhM2YxNjRkODFjMDlkNmE1Yzk3Nzk1YjYxOGIzIiwieCI6IkxaMm14c0MzWEQ0TVVNTUVVamRXUFV1MkR5dDc1X2YwVHF1a29FOVFDaVkiLCJ5IjoiV0FuTjNjQlkwVHRueHY1QlBNbksyXzZ1cS1yQTN0ME03MGpkZ25VbmhsRSJ9XX0sInZwX2Zvcm1hdHNfc3VwcG9ydGVkIjp7Im1zb19tZG9jIjp7Imlzc3VlcmF1dGhfYWxnX3ZhbHVlcyI6Wy03XSwiZGV2aWNlYXV0aF9hbGdfdmFsdWVzIjpbLTddfX19LCJkY3FsX3F1ZXJ5Ijp7ImNyZWRlbnRpYWxzIjpbeyJpZCI6Im1kbCIsImZvcm1hdCI6Im1zb19tZG9jIiwibWV0YSI6eyJkb2N0eXBlX3ZhbHVlIjoib3JnLmlzby4xODAxMy41LjEubURMIn0sImNsYWltcyI6W3sicGF0aCI6WyJvcmcuaXNvLjE4MDEzLjUuMSIsImZhbWlseV9uYW1lIl19LHsicGF0aCI6WyJvcmcuaXNvLjE4MDEzLjUuMSIsImdpdmVuX25hbWUiXX1dfV19LCJjbGllbnRfaWQiOiJ4NTA5X3Nhbl9kbnM6ZGlnaXRhbGNyZWRzLmRldi50cnVzdGVkcGF0aC5pbmZvIiwiZXhwZWN0ZWRfb3JpZ2lucyI6WyJodHRwczovL2RpZ2l0YWxjcmVkcy5kZXYudHJ1c3RlZHBhdGguaW5mbyJdfQ.uybMmjpTG9wCXNgnXGkBiFax8owB-cPy560PSxrufFGS4puw_E9tPgMueah_Wj87tSfKC0f3YIuD4MW1ca1M3g
        """.trimmingCharacters(in: .whitespacesAndNewlines)

    static let dcAPIClientID = "x509_san_dns:digitalcreds.dev.trustedpath.info"
    /// The one origin the request's `expected_origins` names: where a browser would have delivered it from.
    static let dcAPIOrigin = "https://digitalcreds.dev.trustedpath.info"

    static let complexMdocDCQL = #"""
        {"credentials":[{"id":"mdl-id","format":"mso_mdoc","meta":{"doctype_value":"org.iso.18013.5.1.mDL"},
        "claims":[{"id":"given_name","path":["org.iso.18013.5.1","given_name"]},{"id":"family_name","path":
        ["org.iso.18013.5.1","family_name"]},{"id":"portrait","path":["org.iso.18013.5.1","portrait"]}]},
        {"id":"mdl-address","format":"mso_mdoc","meta":{"doctype_value":"org.iso.18013.5.1.mDL"},"claims":[{"id":
        "resident_address","path":["org.iso.18013.5.1","resident_address"]},{"id":"resident_country","path":
        ["org.iso.18013.5.1","resident_country"]}]},{"id":"photo_card-id","format":"mso_mdoc","meta":
        {"doctype_value":"org.iso.23220.photoid.1"},"claims":[{"id":"given_name","path":["org.iso.18013.5.1",
        "given_name"]},{"id":"family_name","path":["org.iso.18013.5.1","family_name"]},{"id":"portrait","path":
        ["org.iso.18013.5.1","portrait"]}]},{"id":"photo_card-address","format":"mso_mdoc","meta":
        {"doctype_value":"org.iso.23220.photoid.1"},"claims":[{"id":"resident_address","path":["org.iso.18013.5.1",
        "resident_address"]},{"id":"resident_country","path":["org.iso.18013.5.1","resident_country"]}]}],
        "credential_sets":[{"options":[["mdl-id"],["photo_card-id"]]},{"required":false,"options":[["mdl-address"],
        ["photo_card-address"]]}]}
        """#
}

@Suite("OpenID4VP: published request objects and queries")
struct PublishedRequestTests {
    let world: QueryWorld
    let now = PythonRequests.now

    init() throws {
        world = try QueryWorld()
    }

    var leaf: Certificate {
        get throws {
            let jws = try JWS(compactSerialization: PublishedVectors.signedDCAPIRequest)
            return try #require(try jws.x5cCertificates()?.first)
        }
    }

    @Test("the digitalcredentials.dev request passes every request check and reaches the reader decision")
    func dcAPIRequestReachesTrust() throws {
        let queries = try TrustFixtures.queries(world: world, listing: [])
        let decision = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: nil, origin: PublishedVectors.dcAPIOrigin,
            at: now,
            trust: queries)
        #expect(decision.reason == .notOnTrustList, "\(decision.message)")
        #expect(decision.verifiedBy == .none)
        #expect(decision.readerDecision != nil)
        #expect(decision.consent.clientID == PublishedVectors.dcAPIClientID)
        #expect(decision.consent.clientIDPrefix == .x509SanDNS)
        #expect(decision.consent.responseMode == "dc_api.jwt")
        #expect(decision.consent.nonce == "ZQSCkvVKhGlcRG2ddpGGzsYN1")
        #expect(decision.consent.requestedDocTypes == ["org.iso.18013.5.1.mDL"])
        #expect(
            decision.consent.requestedClaims.map { $0.path.map(\.description) } == [
                ["org.iso.18013.5.1", "family_name"], ["org.iso.18013.5.1", "given_name"],
            ])
        #expect(decision.warnings.contains { $0.contains("aud absent") })
        #expect(decision.warnings.contains { $0.contains("self-signed") })
    }

    @Test("listed in a RICAL, its certificate validates but lacks the reader EKU: reader_eku; exempt: trusted")
    func dcAPIRequestListed() throws {
        let leaf = try leaf
        #expect(leaf.extensions.dnsNames == ["digitalcreds.dev.trustedpath.info"])
        let queries = try TrustFixtures.queries(world: world, listing: [leaf])
        let listed = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: PublishedVectors.dcAPIClientID,
            origin: PublishedVectors.dcAPIOrigin, at: now,
            trust: queries)
        #expect(listed.reason == .readerEKU, "\(listed.message)")
        #expect(listed.readerDecision?.anchor?.sha256 == leaf.sha256Hex)

        // The real queries, with the simulated network ("sim") exempt for OpenID4VP: trusted.
        let exemptByQueries = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: PublishedVectors.dcAPIClientID,
            origin: PublishedVectors.dcAPIOrigin, at: now,
            trust: queries, options: OpenID4VPOptions(readerEKUExemptNetworks: ["sim"]))
        #expect(exemptByQueries.trusted, "\(exemptByQueries.message)")
        #expect(exemptByQueries.verifiedBy.commonName == "digitalcreds.dev.trustedpath.info")
        // Another network exempt: still reader_eku.
        let otherExempt = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: PublishedVectors.dcAPIClientID,
            origin: PublishedVectors.dcAPIOrigin, at: now,
            trust: queries, options: OpenID4VPOptions(readerEKUExemptNetworks: ["other"]))
        #expect(otherExempt.reason == .readerEKU, "\(otherExempt.message)")

        let exempting = AnchoredReaderTrust(anchors: [leaf], network: "dcapi")
        let exempt = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: nil, origin: PublishedVectors.dcAPIOrigin,
            at: now,
            trust: exempting,
            options: OpenID4VPOptions(readerEKUExemptNetworks: ["dcapi"]))
        #expect(exempt.trusted, "\(exempt.message)")
        #expect(exempt.verifiedBy.commonName == "digitalcreds.dev.trustedpath.info")
    }

    @Test("the digitalcredentials.dev request under another client_id, or after its certificate expired, is refused")
    func dcAPIRequestRefusals() throws {
        let trust = AnchoredReaderTrust(anchors: [try leaf])
        let mismatch = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: "x509_san_dns:verifier.example.org",
            origin: PublishedVectors.dcAPIOrigin, at: now, trust: trust)
        #expect(mismatch.reason == .clientIDMismatch)
        // Not said to come through the DC API: its dc_api.jwt response mode is refused by the URL rules.
        let notDCAPI = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: nil, at: now, trust: trust)
        #expect(notDCAPI.reason == .unsupportedResponseMode, "\(notDCAPI.message)")
        // From another origin than its expected_origins.
        let elsewhere = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: nil, origin: "https://evil.example", at: now,
            trust: trust)
        #expect(elsewhere.reason == .originMismatch, "\(elsewhere.message)")
        let later = OpenID4VPVerifier.decide(
            requestObject: PublishedVectors.signedDCAPIRequest, clientID: nil, origin: PublishedVectors.dcAPIOrigin,
            at: Date(timeIntervalSince1970: 1_800_000_000), trust: trust)
        #expect(later.reason == .notOnTrustList, "\(later.message)")
        var tampered = PublishedVectors.signedDCAPIRequest
        tampered.removeLast()
        tampered.append(PublishedVectors.signedDCAPIRequest.last == "g" ? "w" : "g")
        let bad = OpenID4VPVerifier.decide(
            requestObject: tampered, clientID: nil, origin: PublishedVectors.dcAPIOrigin, at: now, trust: trust)
        #expect(bad.reason == .badSignature || bad.reason == .malformedJWS, "\(bad.message)")
    }

    @Test("the specification's complex mdoc DCQL query: both docTypes and all ten claims, in order")
    func complexDCQL() {
        let dcql =
            PublishedVectors.complexMdocDCQL.replacingOccurrences(of: "\n", with: "")
            .addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let decision = OpenID4VPVerifier.decide(
            url: "openid4vp://?response_type=vp_token&response_mode=fragment"
                + "&client_id=redirect_uri%3Ahttps%3A%2F%2Fclient.example.org%2Fcb&nonce=n&dcql_query=\(dcql)",
            at: now, fetcher: FakeFetcher([:]), trust: AnchoredReaderTrust(anchors: []))
        #expect(decision.reason == .unsignedRequest)
        #expect(decision.consent.requestedDocTypes == ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"])
        #expect(decision.consent.requestedClaims.count == 10)
        #expect(decision.consent.requestedClaims.first?.credentialID == "mdl-id")
        #expect(decision.consent.requestedClaims.last?.docType == "org.iso.23220.photoid.1")
        #expect(decision.consent.dcqlQuery?["credential_sets"]?.arrayValue?.count == 2)
    }
}
