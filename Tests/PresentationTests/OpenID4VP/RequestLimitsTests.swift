import Foundation
import JOSE
import Presentation
import TestSupport
import Testing
import TrustLists

/// Hostile sizes and shapes: a 10 MB request object, a claims set nested 10^5 deep, and every prefix of a valid
/// request object and request URL, each failing cleanly and fast.
@Suite(
    "OpenID4VP limits and truncation",
    .requires(.pythonCryptography))
struct RequestLimitsTests {
    let built: PythonRequests.Built
    let trust: AnchoredReaderTrust

    init() throws {
        built = try PythonRequests.load()
        trust = AnchoredReaderTrust(anchors: [built.certificate("root")])
    }

    @Test("a 10 MB request object is limits_exceeded, fast")
    func tenMegabytes() {
        let huge = built.request("san_dns") + String(repeating: "A", count: 10 * 1024 * 1024)
        let start = Date()
        let decision = OpenID4VPVerifier.decide(
            requestObject: huge, clientID: PythonRequests.clientID, at: PythonRequests.now, trust: trust)
        #expect(decision.reason == .limitsExceeded)
        #expect(Date().timeIntervalSince(start) < 0.5)
    }

    @Test("claims nested 10^5 arrays deep are limits_exceeded by the depth limit, without a crash")
    func deepNesting() {
        var limits = JWS.Limits()
        limits.maxCompactBytes = 1024 * 1024
        let options = OpenID4VPOptions(jwsLimits: limits)
        let decision = OpenID4VPVerifier.decide(
            requestObject: built.request("nested"), clientID: PythonRequests.clientID, at: PythonRequests.now,
            trust: trust, options: options)
        #expect(decision.reason == .limitsExceeded)
        #expect(decision.message.contains("depth") || decision.message.contains("nest"), "\(decision.message)")
        let defaults = OpenID4VPVerifier.decide(
            requestObject: built.request("nested"), clientID: PythonRequests.clientID, at: PythonRequests.now,
            trust: trust)
        #expect(defaults.reason == .limitsExceeded)
    }

    @Test("every proper prefix of a valid request object is refused cleanly; the whole one is trusted")
    func requestObjectPrefixes() {
        let compact = built.request("san_dns")
        for length in 0..<compact.count {
            let decision = OpenID4VPVerifier.decide(
                requestObject: String(compact.prefix(length)), clientID: PythonRequests.clientID,
                at: PythonRequests.now, trust: trust)
            #expect(!decision.trusted, "prefix of \(length) characters was trusted")
            #expect(decision.reason != nil)
        }
        let whole = OpenID4VPVerifier.decide(
            requestObject: compact, clientID: PythonRequests.clientID, at: PythonRequests.now, trust: trust)
        #expect(whole.trusted, "\(whole.message)")
    }

    @Test("every proper prefix of a valid request URL is refused cleanly; the whole one is trusted")
    func urlPrefixes() {
        let url = "openid4vp://?client_id=x509_san_dns%3Averifier.example.org&request=" + built.request("san_dns")
        let fetcher = FakeFetcher([:])
        var reasons: Set<String> = []
        for length in 0..<url.count {
            let decision = OpenID4VPVerifier.decide(
                url: String(url.prefix(length)), at: PythonRequests.now, fetcher: fetcher, trust: trust)
            #expect(!decision.trusted, "prefix of \(length) characters was trusted")
            reasons.insert(decision.reasonCode ?? "nil")
        }
        #expect(!reasons.contains("nil"))
        #expect(
            reasons.isSubset(of: [
                "malformed_request", "malformed_jws", "malformed_json", "bad_signature", "unsupported_alg",
                "malformed_x5c", "unsupported_response_type", "unsigned_request", "client_id_mismatch",
                "san_dns_mismatch", "response_uri_mismatch", "unsupported_client_id_prefix", "client_not_registered",
            ]), "\(reasons)")
        #expect(OpenID4VPVerifier.decide(url: url, at: PythonRequests.now, fetcher: fetcher, trust: trust).trusted)
        #expect(fetcher.recorded.isEmpty)
    }
}
