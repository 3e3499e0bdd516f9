import Foundation
import JOSE
import Presentation
import TestSupport
import Testing
import TrustLists
import X509

/// OpenID4VP 1.0 decisions on request objects built and signed by Python `cryptography`, decided against a real
/// `TrustQueries` whose RICAL lists the Python verifier root: each client identifier prefix trusted and not, and every
/// refusal with its reason code.
@Suite(
    "OpenID4VP decisions on Python-signed request objects",
    .requires(.pythonCryptography))
struct OpenID4VPDecisionTests {
    let built: PythonRequests.Built
    let world: QueryWorld
    let queries: TrustQueries
    let now = PythonRequests.now

    init() throws {
        built = try PythonRequests.load()
        world = try QueryWorld()
        queries = try TrustFixtures.queries(world: world, listing: [built.certificate("root")])
    }

    func decide(
        _ job: String, clientID: String? = PythonRequests.clientID, options: OpenID4VPOptions = OpenID4VPOptions(),
        trust: (any ReaderTrust)? = nil
    ) -> PresentationDecision {
        OpenID4VPVerifier.decide(
            requestObject: built.request(job), clientID: clientID, at: now, trust: trust ?? queries, options: options)
    }

    func expectRefused(
        _ decision: PresentationDecision, _ code: PresentationError.Code, domain: String? = PythonRequests.host,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!decision.trusted, sourceLocation: sourceLocation)
        #expect(
            decision.reason == code, "\(decision.reasonCode ?? "nil"): \(decision.message)",
            sourceLocation: sourceLocation)
        #expect(decision.domain == domain, sourceLocation: sourceLocation)
        #expect(!decision.message.isEmpty, sourceLocation: sourceLocation)
    }

    func expectTrusted(
        _ decision: PresentationDecision, commonName: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            decision.trusted, "\(decision.reasonCode ?? "nil"): \(decision.message)", sourceLocation: sourceLocation)
        #expect(decision.reason == nil, sourceLocation: sourceLocation)
        guard case .certificate(let name, let anchor) = decision.verifiedBy else {
            Issue.record(
                "expected verifiedBy certificate, found \(decision.verifiedBy)", sourceLocation: sourceLocation)
            return
        }
        #expect(name == commonName, sourceLocation: sourceLocation)
        #expect(anchor.sha256 == built.certificate("root").sha256Hex, sourceLocation: sourceLocation)
        #expect(anchor.list == QueryWorld.ricalID, sourceLocation: sourceLocation)
    }

    // MARK: Trusted, per prefix and algorithm

    @Test("x509_san_dns: ES256 signed by the x5c leaf, SAN and response_uri host match, chain to the RICAL: trusted")
    func sanDNSTrusted() {
        let decision = decide("san_dns")
        expectTrusted(decision, commonName: "py verifier")
        #expect(decision.consent.clientID == PythonRequests.clientID)
        #expect(decision.consent.clientIDPrefix == .x509SanDNS)
        #expect(decision.consent.responseURI == PythonRequests.responseURI)
        #expect(decision.consent.responseMode == "direct_post.jwt")
        #expect(decision.consent.nonce == "n-0S6_WzA2Mj")
        #expect(decision.consent.requestedDocTypes == ["org.iso.18013.5.1.mDL"])
        #expect(
            decision.consent.requestedClaims.map(\.path) == [
                [.key("org.iso.18013.5.1"), .key("family_name")], [.key("org.iso.18013.5.1"), .key("portrait")],
            ])
        #expect(decision.consent.requestedClaims.map(\.intentToRetain) == [false, nil])
        #expect(decision.consent.requestedClaims.allSatisfy { $0.credentialID == "mdl" })
        #expect(decision.consent.dcqlQuery?["credentials"]?.arrayValue?.count == 1)
        #expect(decision.readerDecision?.isTrusted == true)
        #expect(decision.warnings.isEmpty, "\(decision.warnings)")
    }

    @Test("the SAN is read by OpenSSL from a Python-built certificate: every dNSName, in order")
    func sanDNSNamesDecodedByOpenSSL() {
        #expect(
            built.certificate("leaf").extensions.dnsNames == ["www.verifier.example.org", "Verifier.Example.ORG"])
        #expect(built.certificate("root").extensions.dnsNames.isEmpty)
    }

    @Test("a copy of the trust anchor in x5c is tolerated, with HAIP's warning")
    func anchorCopyTolerated() {
        let decision = decide("san_dns_with_root")
        expectTrusted(decision, commonName: "py verifier")
        #expect(decision.warnings.contains { $0.contains("x5c[2]") && $0.contains("HAIP") })
    }

    @Test("x509_hash: the base64url SHA-256 of the leaf DER names the client: trusted")
    func x509HashTrusted() {
        let hash = Base64URL.encode(built.certificate("leaf").sha256)
        let decision = decide("x509_hash", clientID: "x509_hash:\(hash)")
        expectTrusted(decision, commonName: "py verifier")
        #expect(decision.consent.clientIDPrefix == .x509Hash)
    }

    @Test("ES384 with a P-384 leaf, EdDSA with an Ed25519 leaf and PS256 with an RSA 2048 leaf: trusted")
    func otherAlgorithmsTrusted() {
        expectTrusted(decide("es384"), commonName: "py verifier P-384")
        expectTrusted(decide("eddsa"), commonName: "py verifier Ed25519")
        expectTrusted(decide("ps256"), commonName: "py verifier RSA")
    }

    @Test("a draft's bare client_id with client_id_scheme x509_san_dns is read as the prefix, with a warning")
    func draftClientIDScheme() {
        let decision = decide("draft_scheme", clientID: PythonRequests.host)
        expectTrusted(decision, commonName: "py verifier")
        #expect(decision.consent.clientIDPrefix == .x509SanDNS)
        #expect(decision.warnings.contains { $0.contains("client_id_scheme x509_san_dns") && $0.contains("1.0") })
    }

    @Test(
        "no prefix: not trusted unless registered with the signing certificate and response URI; then the chain decides"
    )
    func preRegistered() {
        expectRefused(decide("pre_registered", clientID: "verifier-123"), .clientNotRegistered)
        expectRefused(
            decide(
                "pre_registered", clientID: "verifier-123",
                options: OpenID4VPOptions(preRegisteredClientIDs: ["verifier-123"])),
            .clientNotRegistered)
        let registration = PreRegisteredClient(
            clientID: "verifier-123", certificateSHA256: [built.certificate("leaf").sha256],
            responseURIs: [PythonRequests.responseURI])
        let decision = decide(
            "pre_registered", clientID: "verifier-123", options: OpenID4VPOptions(preRegisteredClients: [registration]))
        expectTrusted(decision, commonName: "py verifier")
        #expect(decision.consent.clientIDPrefix == .preRegistered)
        // Registered under another certificate of the same trusted CA: this leaf does not speak for it.
        let other = PreRegisteredClient(
            clientID: "verifier-123", certificateSHA256: [built.certificate("leaf384").sha256],
            responseURIs: [PythonRequests.responseURI])
        expectRefused(
            decide(
                "pre_registered", clientID: "verifier-123", options: OpenID4VPOptions(preRegisteredClients: [other])),
            .clientCertificateNotRegistered)
    }

    @Test("the wallet's configured issuer is an accepted aud")
    func walletIssuerAudience() {
        expectRefused(decide("issuer_aud"), .wrongAudience)
        expectTrusted(
            decide("issuer_aud", options: OpenID4VPOptions(walletIssuer: PythonRequests.walletIssuer)),
            commonName: "py verifier")
    }

    // MARK: Not trusted by the reader decision

    @Test("a leaf under a root not on the RICAL: not_on_trust_list, shown by its domain")
    func impostorNotOnList() {
        let decision = decide("impostor")
        expectRefused(decision, .notOnTrustList)
        #expect(decision.readerDecision?.isTrusted == false)
    }

    @Test("a listed chain whose leaf lacks the reader EKU: reader_eku")
    func leafWithoutReaderEKU() {
        let decision = decide("no_eku")
        expectRefused(decision, .readerEKU)
        #expect(decision.readerDecision?.anchor?.sha256 == built.certificate("root").sha256Hex)
    }

    @Test("reader_eku unless the anchor's network is exempt; the exemption reaches the reader decision")
    func exemptNetwork() {
        let trust = AnchoredReaderTrust(anchors: [built.certificate("root")], network: "eudi")
        expectRefused(decide("no_eku", trust: trust), .readerEKU)
        let options = OpenID4VPOptions(readerEKUExemptNetworks: ["eudi"])
        let decision = decide("no_eku", options: options, trust: trust)
        #expect(decision.trusted, "\(decision.message)")
        #expect(trust.exemptNetworksAsked == [[], ["eudi"]])
    }

    @Test("a RICAL that has expired: trust_list_expired; no RICAL at all: trust_list_unavailable")
    func listStates() throws {
        let late = now + 90 * TestPKI.day
        let expired = OpenID4VPVerifier.decide(
            requestObject: built.request("san_dns"), clientID: PythonRequests.clientID, at: late, trust: queries,
            options: OpenID4VPOptions(clockSkew: 200 * TestPKI.day))
        expectRefused(expired, .trustListExpired)
        let noRical = TrustQueries(snapshot: try world.snapshot(vical: world.sim.vicalContent(), rical: nil))
        expectRefused(decide("san_dns", trust: noRical), .trustListUnavailable)
    }

    // MARK: Refused by the request checks

    @Test("alg none, HS256 keyed with the public key, RS256 over an RSA key, ES256 over a P-384 key: unsupported_alg")
    func algorithmRefusals() {
        expectRefused(decide("alg_none"), .unsupportedAlgorithm, domain: nil)
        expectRefused(decide("hs256"), .unsupportedAlgorithm, domain: nil)
        expectRefused(decide("rs256"), .unsupportedAlgorithm, domain: nil)
        expectRefused(decide("es256_on_p384"), .unsupportedAlgorithm)
    }

    @Test("x5c in base64url: malformed_x5c; no x5c: missing_x5c")
    func x5cRefusals() {
        expectRefused(decide("x5c_base64url"), .malformedX5C, domain: nil)
        expectRefused(decide("no_x5c"), .missingX5C)
    }

    @Test("a signature of another request: bad_signature")
    func badSignature() {
        let good = built.request("san_dns").split(separator: ".")
        let other = built.request("wallet_nonce").split(separator: ".")
        let swapped = "\(good[0]).\(good[1]).\(other[2])"
        let decision = OpenID4VPVerifier.decide(
            requestObject: swapped, clientID: PythonRequests.clientID, at: now, trust: queries)
        expectRefused(decision, .badSignature)
    }

    @Test("typ JWT or no typ: wrong_typ")
    func wrongTyp() {
        expectRefused(decide("wrong_typ"), .wrongTyp)
        expectRefused(decide("missing_typ"), .wrongTyp)
    }

    @Test("the URL's client_id differs from the request object's: client_id_mismatch")
    func clientIDMismatch() {
        expectRefused(decide("san_dns", clientID: "x509_san_dns:other.example.org"), .clientIDMismatch)
        expectRefused(decide("san_dns", clientID: PythonRequests.host), .clientIDMismatch)
    }

    @Test("x509_san_dns naming a host the leaf's SAN lacks: san_dns_mismatch, shown by that host")
    func sanMismatch() {
        expectRefused(
            decide("san_mismatch", clientID: "x509_san_dns:evil.example.com"), .sanDNSMismatch,
            domain: "evil.example.com")
    }

    @Test("a response_uri on another host: response_uri_mismatch, shown by that host")
    func responseURIMismatch() {
        expectRefused(decide("response_uri_mismatch"), .responseURIMismatch, domain: "evil.example.com")
    }

    @Test("x509_hash of another certificate: x509_hash_mismatch")
    func hashMismatch() {
        expectRefused(
            decide("hash_mismatch", clientID: "x509_hash:Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk"),
            .x509HashMismatch)
    }

    @Test("past exp: request_expired; before nbf: request_not_yet_valid; the skew is honoured")
    func times() {
        expectRefused(decide("expired"), .requestExpired)
        expectRefused(decide("not_yet_valid"), .requestNotYetValid)
        expectTrusted(
            decide("not_yet_valid", options: OpenID4VPOptions(clockSkew: 3600)), commonName: "py verifier")
        let early = OpenID4VPVerifier.decide(
            requestObject: built.request("san_dns"), clientID: PythonRequests.clientID, at: now - 600, trust: queries)
        expectRefused(early, .requestNotYetValid)
    }

    @Test("aud of someone else, or none: wrong_audience")
    func wrongAudience() {
        expectRefused(decide("wrong_aud"), .wrongAudience)
        expectRefused(decide("missing_aud"), .wrongAudience)
    }

    @Test("direct_post without response_uri: missing_response_uri")
    func missingResponseURI() {
        expectRefused(decide("missing_response_uri"), .missingResponseURI, domain: nil)
    }

    @Test("response_type without vp_token: unsupported_response_type")
    func unsupportedResponseType() {
        expectRefused(decide("unsupported_response_type"), .unsupportedResponseType)
    }

    @Test("a signed request object for the redirect_uri prefix: malformed_request")
    func redirectURISigned() {
        expectRefused(
            decide("redirect_uri_signed", clientID: "redirect_uri:https://verifier.example.org/post"),
            .malformedRequest)
    }

    @Test("a wallet_nonce that was sent must be echoed: wallet_nonce_mismatch when missing or different")
    func walletNonce() {
        let check = { (job: String) in
            OpenID4VPVerifier.decide(
                requestObject: self.built.request(job), clientID: PythonRequests.clientID,
                walletNonce: PythonRequests.walletNonce, at: self.now, trust: self.queries)
        }
        expectTrusted(check("wallet_nonce"), commonName: "py verifier")
        expectRefused(check("san_dns"), .walletNonceMismatch)
        expectRefused(check("other_wallet_nonce"), .walletNonceMismatch)
    }
}
