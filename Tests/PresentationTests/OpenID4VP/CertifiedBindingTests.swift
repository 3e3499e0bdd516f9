import Foundation
import JOSE
import Presentation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// A TRUSTED answer vouches for every part of it (issue 19, found by an attack with about 300 cases): a trusted
/// verifier never speaks for another client, never sends the response where its certificate or registration does not
/// say, never gets the looser Digital Credentials API rules without the caller saying the platform delivered the
/// request, never signs with a leaf that may not sign, and never hides what the holder would consent to. Every
/// expectation is the rule of the specification clause named in the test, not the code's output; each of these
/// requests was answered TRUSTED before the fix.
@Suite("OpenID4VP: decisions bound to what was certified")
struct CertifiedBindingTests {
    let world: QueryWorld
    let queries: TrustQueries
    /// A trusted verifier with a dNSName SAN `verifier.sim.example`, under the simulator's listed reader CA.
    let verifier: DemoNetwork.Issued
    /// Another trusted verifier, `bank.example`, registered with the wallet as the pre-registered client `bank`.
    let bank: DemoNetwork.Issued
    let now = TestPKI.referenceTime + 3600

    init() throws {
        world = try QueryWorld()
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
        verifier = try RequestObjectPublisher.verifierCertificate(
            commonName: "Sim Verifier", host: "verifier.sim.example", issuer: world.sim.readerIntermediate,
            at: TestPKI.referenceTime)
        bank = try RequestObjectPublisher.verifierCertificate(
            commonName: "Bank", host: "bank.example", issuer: world.sim.readerIntermediate, at: TestPKI.referenceTime)
    }

    /// The wallet's options with `bank` registered by its certificate and response URI.
    var bankRegistered: OpenID4VPOptions {
        OpenID4VPOptions(preRegisteredClients: [
            PreRegisteredClient(
                clientID: "bank", certificateSHA256: [bank.certificate.sha256],
                responseURIs: ["https://bank.example/response"])
        ])
    }

    /// A request object signed by `signer` (default: the verifier) with `x5c` = signer, reader intermediate, and the
    /// usual claims overridden by `claims` (`.null` removes one).
    func requestObject(_ claims: [String: JSONValue], signer: DemoNetwork.Issued? = nil) throws -> String {
        let signer = signer ?? verifier
        var all: [String: JSONValue] = [
            "client_id": "x509_san_dns:verifier.sim.example", "response_type": "vp_token",
            "response_mode": "direct_post", "response_uri": "https://verifier.sim.example/response",
            "aud": "https://self-issued.me/v2", "nonce": "n-1",
            "iat": .number((now - 60).timeIntervalSince1970), "exp": .number((now + 600).timeIntervalSince1970),
            "dcql_query": [
                "credentials": [
                    [
                        "id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
                        "claims": [["path": ["org.iso.18013.5.1", "family_name"]]],
                    ]
                ]
            ],
        ]
        for (key, value) in claims {
            if value == .null { all.removeValue(forKey: key) } else { all[key] = value }
        }
        let chain =
            signer.certificate == world.sim.readerIntermediate.certificate
            ? [signer.certificate] : [signer.certificate, world.sim.readerIntermediate.certificate]
        let header: [String: JSONValue] = [
            "typ": "oauth-authz-req+jwt", "x5c": .array(chain.map { .string(Base64.encode($0.derEncoded)) }),
        ]
        return try JWS.sign(header: header, payload: try JSONValue.object(all).jsonEncoded(), key: signer.key)
    }

    func decide(
        _ claims: [String: JSONValue], signer: DemoNetwork.Issued? = nil, origin: String? = nil,
        options: OpenID4VPOptions = OpenID4VPOptions()
    ) throws -> PresentationDecision {
        OpenID4VPVerifier.decide(
            requestObject: try requestObject(claims, signer: signer), clientID: nil, origin: origin, at: now,
            trust: queries, options: options)
    }

    func expectRefused(
        _ decision: PresentationDecision, _ reason: PresentationError.Code,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!decision.trusted, "\(decision.message)", sourceLocation: sourceLocation)
        #expect(
            decision.reason == reason, "\(decision.reasonCode ?? "nil"): \(decision.message)",
            sourceLocation: sourceLocation)
    }

    // MARK: 1. Pre-registered clients (OpenID4VP 1.0 §5.9.2, RFC 9101 §6.2, RFC 6749 §3.1.2)

    @Test("a registered client is trusted only under its registered certificate and response URIs")
    func preRegisteredBinding() throws {
        let own = try decide(
            ["client_id": "bank", "response_uri": "https://bank.example/response"], signer: bank,
            options: bankRegistered)
        #expect(own.trusted, "\(own.message)")
        #expect(own.verifiedBy.commonName == "Bank")
        // Another verifier whose chain the RICAL trusts must not speak for bank, wherever the response goes.
        for uri in ["https://bank.example/response", "https://verifier.sim.example/response"] {
            expectRefused(
                try decide(["client_id": "bank", "response_uri": .string(uri)], options: bankRegistered),
                .clientCertificateNotRegistered)
        }
        // The registered signer, but the response elsewhere, over http, or to another path: not a registered URI.
        for uri in [
            "https://verifier.sim.example/response", "http://bank.example/response", "https://bank.example/other",
            "https://bank.example/response/",
        ] {
            let decision = try decide(
                ["client_id": "bank", "response_uri": .string(uri)], signer: bank, options: bankRegistered)
            expectRefused(decision, .responseURIMismatch)
        }
    }

    @Test("a client named only in preRegisteredClientIDs is client_not_registered, with what its registration needs")
    func namedOnly() throws {
        let decision = try decide(
            ["client_id": "bank", "response_uri": "https://bank.example/response"], signer: bank,
            options: OpenID4VPOptions(preRegisteredClientIDs: ["bank"]))
        expectRefused(decision, .clientNotRegistered)
        #expect(decision.message.contains("preRegisteredClients"))
    }

    // MARK: 2 and 3. The Digital Credentials API only when the caller says so (§5.9.3, Appendix A.2)

    @Test("dc_api without an origin from the caller is refused, and the unchecked response_uri is not in the answer")
    func dcAPIWithoutOrigin() throws {
        for mode in ["dc_api", "dc_api.jwt"] {
            let claims: [String: JSONValue] = [
                "response_mode": .string(mode), "response_uri": "https://elsewhere.example/collect",
                "expected_origins": ["https://verifier.sim.example"],
            ]
            let decision = try decide(claims)
            expectRefused(decision, .unsupportedResponseMode)
            #expect(decision.consent.responseURI == nil)
            #expect(decision.consent.redirectURI == nil)
            // The same request as a link is decided by the URL rules too.
            let url =
                "openid4vp://?client_id=x509_san_dns%3Averifier.sim.example&request=" + (try requestObject(claims))
            let linked = OpenID4VPVerifier.decide(
                url: url, at: now, fetcher: FakeFetcher([:]), trust: queries)
            expectRefused(linked, .unsupportedResponseMode)
        }
    }

    @Test("over the DC API the origin must be one of expected_origins; both are in the answer")
    func dcAPIOrigin() throws {
        let claims: [String: JSONValue] = [
            "response_mode": "dc_api.jwt", "response_uri": .null, "expected_origins": ["https://verifier.sim.example"],
        ]
        let trusted = try decide(claims, origin: "https://verifier.sim.example")
        #expect(trusted.trusted, "\(trusted.message)")
        #expect(trusted.consent.origin == "https://verifier.sim.example")
        #expect(trusted.consent.expectedOrigins == ["https://verifier.sim.example"])
        let other = try decide(claims, origin: "https://evil.example")
        expectRefused(other, .originMismatch)
        #expect(other.consent.origin == "https://evil.example")
        #expect(other.consent.expectedOrigins == ["https://verifier.sim.example"])
        // Appendix A.2: a signed request for the DC API must carry expected_origins.
        var missing = claims
        missing["expected_origins"] = .null
        expectRefused(try decide(missing, origin: "https://verifier.sim.example"), .originMismatch)
        // A request delivered through the API answers through it: direct_post is not its response mode.
        expectRefused(
            try decide(["expected_origins": ["https://verifier.sim.example"]], origin: "https://verifier.sim.example"),
            .unsupportedResponseMode)
    }

    // MARK: 4. response_mode required and known (§5.2, §8)

    @Test("a missing response_mode is malformed_request, an unknown one unsupported_response_mode")
    func responseModeRequired() throws {
        let missing = try decide(["response_mode": .null])
        expectRefused(missing, .malformedRequest)
        #expect(missing.consent.responseURI == nil)
        for mode in ["direct_post.JWT", "form_post", "", "direct_post "] {
            let decision = try decide(["response_mode": .string(mode)])
            expectRefused(decision, .unsupportedResponseMode)
            #expect(decision.consent.responseURI == nil, "an unchecked destination was carried")
        }
    }

    @Test("a URI the response mode does not use is left out of the answer, with a warning")
    func unusedDestinationDropped() throws {
        let decision = try decide([
            "response_mode": "fragment", "redirect_uri": "https://verifier.sim.example/cb",
            "response_uri": "https://elsewhere.example/collect",
        ])
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.consent.redirectURI == "https://verifier.sim.example/cb")
        #expect(decision.consent.responseURI == nil)
        #expect(decision.warnings.contains { $0.contains("response_uri ignored") })
    }

    @Test(
        "an unsigned redirect_uri: request with an unknown mode is shown by its client identifier, not its response_uri"
    )
    func unsignedUnknownMode() {
        let url =
            "openid4vp://?client_id=redirect_uri%3Ahttps%3A%2F%2Fshop.example%2Fcb&response_type=vp_token"
            + "&response_mode=weird&response_uri=https%3A%2F%2Felsewhere.example%2Fcollect&nonce=n"
        let decision = OpenID4VPVerifier.decide(url: url, at: now, fetcher: FakeFetcher([:]), trust: queries)
        expectRefused(decision, .unsupportedResponseMode)
        #expect(decision.domain == "shop.example")
        #expect(decision.consent.responseURI == nil)
    }

    // MARK: 5. The signing leaf may sign (RFC 5280 §4.2.1.3; ISO/IEC 18013-5 Table B.8)

    @Test("a leaf with the reader EKU but only keyEncipherment is reader_key_usage")
    func leafKeyUsage() throws {
        let encipherOnly = try DemoNetwork.issue(
            "Sim Encipherer", by: world.sim.readerIntermediate, at: TestPKI.referenceTime, validDays: 365,
            kind: .leaf(eku: [OID.readerAuthenticationEKU], usage: [.keyEncipherment])
        ) { $0.dnsNames = ["verifier.sim.example"] }
        let decision = try decide([:], signer: encipherOnly)
        expectRefused(decision, .readerKeyUsage)
        // The same through the library's reader query: a reader chain whose leaf may not sign is not a reader.
        let direct = queries.readerDecision(
            chain: [encipherOnly.certificate, world.sim.readerIntermediate.certificate], at: now)
        #expect(direct.reason == .readerKeyUsage, "\(direct.message)")
    }

    @Test("where the reader EKU is optional, a listed CA certificate signing a request itself is reader_key_usage")
    func caSigningDirectly() throws {
        let ca = world.sim.readerIntermediate
        #expect(ca.certificate.keyUsage?.contains(.digitalSignature) == false)
        let hash = Base64URL.encode(ca.certificate.sha256)
        let decision = try decide(
            ["client_id": .string("x509_hash:\(hash)")], signer: ca,
            options: OpenID4VPOptions(readerEKUExemptNetworks: ["sim"]))
        expectRefused(decision, .readerKeyUsage)
    }

    // MARK: 6. DNS names, never patterns (§5.9.3)

    @Test("a wildcard client identifier with a wildcard SAN and response host is refused")
    func wildcard() throws {
        let wildcard = try RequestObjectPublisher.verifierCertificate(
            commonName: "Sim Wildcard", host: "*.sim.example", issuer: world.sim.readerIntermediate,
            at: TestPKI.referenceTime)
        let decision = try decide(
            ["client_id": "x509_san_dns:*.sim.example", "response_uri": "https://*.sim.example/response"],
            signer: wildcard)
        expectRefused(decision, .malformedRequest)
        #expect(!DNSName.isHostName("*.sim.example"))
        #expect(DNSName.isHostName("verifier.sim.example"))
        #expect(!DNSName.isHostName("verifier.sim.example."))
        #expect(!DNSName.isHostName("-a.example"))
    }

    // MARK: 7. What the holder consents to is carried, or the request refused (§5.1, §8.4)

    @Test("transaction_data is decoded into the answer with verifier_info and client_metadata")
    func transactionDataCarried() throws {
        let entry = Base64URL.encode(
            Array(#"{"type":"payment","credential_ids":["mdl"],"amount":"42.00 EUR","payee":"Shop"}"#.utf8))
        let decision = try decide([
            "transaction_data": [.string(entry)],
            "verifier_info": [["format": "registration_cert", "data": "eyJ…"]],
            "client_metadata": ["jwks": ["keys": []]],
        ])
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.consent.transactionData.count == 1)
        #expect(decision.consent.transactionData.first?.type == "payment")
        #expect(decision.consent.transactionData.first?.credentialIDs == ["mdl"])
        #expect(decision.consent.transactionData.first?.value["amount"] == "42.00 EUR")
        #expect(decision.consent.transactionData.first?.encoded == entry)
        #expect(decision.consent.verifierInfo?.arrayValue?.count == 1)
        #expect(decision.consent.clientMetadata?["jwks"] != nil)
    }

    @Test(
        "transaction_data that cannot be shown is refused: not base64url JSON, no type, unknown credential id",
        arguments: [
            #"not base64url!"#, Base64URL.encode(Array(#"{"credential_ids":["mdl"]}"#.utf8)),
            Base64URL.encode(Array(#"{"type":"payment","credential_ids":["pid"]}"#.utf8)),
            Base64URL.encode(Array(#"{"type":"payment","credential_ids":[]}"#.utf8)),
            Base64URL.encode(Array(#"["payment"]"#.utf8)),
        ])
    func transactionDataRefused(entry: String) throws {
        let decision = try decide(["transaction_data": [.string(entry)]])
        expectRefused(decision, .malformedRequest)
    }
}
