import Foundation
import HTTPServer
import JOSE
import Publishing
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// The HTTP API over a network of LoTEs (docs/architecture.md, Lists of Trusted Entities): the mirror serves a LoTE
/// as published, and AuthZEN's roles are answered from the LoTEs' services: wallet providers by certificate chain,
/// bare keys by their RFC 7638 thumbprint among a service's `PublicKeyValues`, PID issuers and relying parties by
/// chain.
@Suite("LoTE evaluations")
struct LoTEEvaluationTests {
    static let walletType = "http://uri.etsi.org/19602/SvcType/WalletSolution/Issuance"
    /// An Ed25519 JWK (RFC 8037 §A.2's public key).
    static let walletKey: JSONValue = [
        "kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo",
    ]

    struct World {
        let harness: LoTEHarness
        let walletCA: DemoNetwork.Issued
        let router: HTTPRouter
        let time = TestPKI.referenceTime + 120

        init() throws {
            harness = try LoTEHarness()
            walletCA = try TestPKI.root("Wallet Provider CA")
            var content = harness.lotes.wrpacContent(sequenceNumber: 2)
            content.entities.append(
                (
                    name: "Demo Wallet Provider",
                    services: [
                        .init(
                            type: LoTEEvaluationTests.walletType, certificates: [walletCA.certificate],
                            publicKeys: [LoTEEvaluationTests.walletKey])
                    ]
                ))
            try harness.publish(wrpac: content)
            let (service, _) = try harness.refresh(at: TestPKI.referenceTime + 60)
            let time = self.time
            router = TrustAPI(holder: ServiceHolder(service), now: { time }).makeRouter()
        }

        func evaluate(_ body: String) -> HTTPResponse {
            var headers = HTTPHeaders()
            headers["Content-Type"] = "application/json"
            return router.respond(
                to: HTTPRequest(method: .post, path: "/access/v1/evaluation", headers: headers, body: Array(body.utf8)))
        }
    }

    static func code(_ response: HTTPResponse) -> String? {
        let context = response.jsonObject["context"] as? [String: Any]
        return (context?["reason"] as? [String: Any])?["code"] as? String
    }

    @Test("a wallet provider's attestation signer under a listed wallet solution CA is trusted; another is not")
    func walletProvider() throws {
        let world = try World()
        let attestation = try TestPKI.leaf("Wallet Attestation Signer", under: world.walletCA, extendedKeyUsage: nil)
        let trusted = world.evaluate(
            EvaluationTests.request(
                subject: "Wallet Attestation Signer", key: APIWorld.x5c([attestation.certificate]),
                action: "http://ec.europa.eu/NS/wallet-provider"))
        #expect(trusted.jsonObject["decision"] as? Bool == true, "\(trusted.bodyText)")
        let metadata = (trusted.jsonObject["context"] as? [String: Any])?["trust_metadata"] as? [String: Any]
        #expect(metadata?["query"] as? String == "wallet_provider", "\(trusted.bodyText)")

        let stranger = try TestPKI.leaf("Stranger", under: try TestPKI.root("Other CA"), extendedKeyUsage: nil)
        let refused = world.evaluate(
            EvaluationTests.request(
                subject: "Stranger", key: APIWorld.x5c([stranger.certificate]),
                action: "http://ec.europa.eu/NS/wallet-provider"))
        #expect(refused.jsonObject["decision"] as? Bool == false)
        #expect(Self.code(refused) == "not_on_trust_list", "\(refused.bodyText)")
        // The access CA is a relying-party anchor, not a wallet provider.
        let relyingParty = try RequestObjectPublisher.verifierCertificate(
            commonName: "RP", host: "rp.eu.test", issuer: world.harness.lotes.accessCA, at: TestPKI.referenceTime)
        let notWallet = world.evaluate(
            EvaluationTests.request(
                subject: "RP", key: APIWorld.x5c([relyingParty.certificate]),
                action: "http://ec.europa.eu/NS/wallet-provider"))
        #expect(Self.code(notWallet) == "not_on_trust_list")
        let asReader = world.evaluate(
            EvaluationTests.request(subject: "RP", key: APIWorld.x5c([relyingParty.certificate]), action: "mdoc-reader")
        )
        #expect(asReader.jsonObject["decision"] as? Bool == true, "\(asReader.bodyText)")
    }

    @Test("a key a wallet provider service publishes is trusted for that role only, by RFC 7638 thumbprint")
    func listedKey() throws {
        let world = try World()
        // The same key with other members (kid, use) has the same thumbprint (RFC 7638 §3).
        let key =
            #"{"kty": "OKP", "crv": "Ed25519", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "kid": "w1", "use": "sig"}"#
        let trusted = world.evaluate(
            EvaluationTests.request(
                subject: "wallet", type: "jwk", key: key, action: "http://ec.europa.eu/NS/wallet-provider"))
        #expect(trusted.jsonObject["decision"] as? Bool == true, "\(trusted.bodyText)")
        let metadata = (trusted.jsonObject["context"] as? [String: Any])?["trust_metadata"] as? [String: Any]
        #expect(metadata?["entity"] as? String == "Demo Wallet Provider")
        // RFC 8037 §A.3: the thumbprint of this key.
        #expect(metadata?["thumbprint"] as? String == "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k")
        let asReader = world.evaluate(
            EvaluationTests.request(subject: "wallet", type: "jwk", key: key, action: "mdoc-reader"))
        #expect(asReader.jsonObject["decision"] as? Bool == false)
        #expect(Self.code(asReader) == "not_on_trust_list", "\(asReader.bodyText)")
        let otherKey = #"{"kty": "OKP", "crv": "Ed25519", "x": "AAqYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}"#
        let unknown = world.evaluate(
            EvaluationTests.request(
                subject: "wallet", type: "jwk", key: otherKey, action: "http://ec.europa.eu/NS/wallet-provider"))
        #expect(Self.code(unknown) == "not_on_trust_list")
    }

    @Test("a PID signer is trusted through AuthZEN's issuer role for eu.europa.ec.eudi.pid.1")
    func pidIssuer() throws {
        let world = try World()
        let lotes = world.harness.lotes
        let response = world.evaluate(
            EvaluationTests.request(
                subject: "Demo PID Signer", key: APIWorld.x5c([lotes.pidSigner.certificate]),
                action: "credential-issuer",
                parameters: "{\"credential_types\": [\"eu.europa.ec.eudi.pid.1\"]}"))
        #expect(response.jsonObject["decision"] as? Bool == true, "\(response.bodyText)")
    }

    @Test("the mirror serves a LoTE exactly as published, as application/jose, with its ETag")
    func mirror() throws {
        let world = try World()
        let response = world.router.respond(to: HTTPRequest(method: .get, path: "/v1/lists/eu/pid"))
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/jose")
        let bytes = response.body
        // What it serves verifies as the PID list the harness published (sequence 1).
        let verified = try LoTEVerifier(anchors: [world.harness.network.root.certificate])
            .verify(bytes, at: world.time)
        #expect(verified.list.lote?.sequenceNumber == 1)
        #expect(verified.list.lote?.type == DemoLoTEs.pidType)
        #expect(
            response.headers["ETag"] == "\"\(hexString(Digest.sha256.hash(bytes)))\"")
        #expect(world.router.respond(to: HTTPRequest(method: .get, path: "/v1/lists/eu/nope")).status == 404)
    }

    @Test(
        "a wallet provider certificate its CA's CRL (built by Python cryptography) lists is refused revoked in warn and require modes; its sibling is trusted"
    )
    func revokedWalletProvider() throws {
        let crls = try TestCRLs.make()
        let walletCA = try Certificate(pemEncoded: String(decoding: try crls.bytes("ca.pem"), as: UTF8.self))
        let revoked = try Certificate(pemEncoded: String(decoding: try crls.bytes("leaf-revoked.pem"), as: UTF8.self))
        let good = try Certificate(pemEncoded: String(decoding: try crls.bytes("leaf-good.pem"), as: UTF8.self))
        // What Python put on the CRL: the revoked leaf's serial, and not the good one's.
        let listed = try #require(crls.expected["good"]).revoked
        #expect(listed[hexString(revoked.serialNumber).drop(while: { $0 == "0" }).description] != nil)
        #expect(listed[hexString(good.serialNumber).drop(while: { $0 == "0" }).description] == nil)
        for mode in ["warn", "require"] {
            let crlURL = "https://eu.test/wallet-ca.crl"
            let harness = try LoTEHarness(revocation: #"{ "mode": "\#(mode)", "crls": [ { "url": "\#(crlURL)" } ] }"#)
            harness.source.set(crlURL, .bytes(try crls.bytes("good.der")))
            var content = harness.lotes.wrpacContent(sequenceNumber: 2)
            content.entities.append(
                (name: "Python Wallet Provider", services: [.init(type: Self.walletType, certificates: [walletCA])]))
            try harness.publish(wrpac: content)
            let (service, _) = try harness.refresh(at: TestPKI.referenceTime + 60)
            let time = TestPKI.referenceTime + 120
            let router = TrustAPI(holder: ServiceHolder(service), now: { time }).makeRouter()
            func evaluate(_ leaf: Certificate) -> HTTPResponse {
                var headers = HTTPHeaders()
                headers["Content-Type"] = "application/json"
                let body = EvaluationTests.request(
                    subject: leaf.subject.commonName ?? "", key: APIWorld.x5c([leaf]),
                    action: "http://ec.europa.eu/NS/wallet-provider")
                return router.respond(
                    to: HTTPRequest(
                        method: .post, path: "/access/v1/evaluation", headers: headers, body: Array(body.utf8)))
            }
            let refused = evaluate(revoked)
            #expect(refused.jsonObject["decision"] as? Bool == false, "\(mode): \(refused.bodyText)")
            #expect(Self.code(refused) == "revoked", "\(mode): \(refused.bodyText)")
            let trusted = evaluate(good)
            #expect(trusted.jsonObject["decision"] as? Bool == true, "\(mode): \(trusted.bodyText)")

            // Every CRL state says why it is not fresh: the PID provider's CA also claims the network's CRL URL,
            // which serves the wallet CA's CRL, so it has none of its own, and its status says so.
            let status = service.status(at: time)
            let walletCRL = try #require(status.crls.first { $0.slot.issuerSHA256 == walletCA.sha256Hex })
            #expect(walletCRL.state == .fresh)
            #expect(walletCRL.stateReason == nil)
            let pidCA = harness.lotes.pidProviderCA.certificate.sha256Hex
            let pidCRL = try #require(status.crls.first { $0.slot.issuerSHA256 == pidCA })
            #expect(pidCRL.state == .missing)
            #expect(pidCRL.lastError?.reason == .crlIssuerMismatch, "\(String(describing: pidCRL.lastError))")
            #expect(pidCRL.stateReason?.contains("has the CRL of CN=Test IACA") == true, "\(pidCRL.stateReason ?? "")")
        }
    }
}
