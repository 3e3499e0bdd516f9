import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// The decisions a credential check asks (docs/architecture.md, Queries): an mdoc's document signer by docType, with
/// the network's document signer profile (ISO/IEC 18013-5 Annex B.1.4), and an SD-JWT VC's issuer by `vct`, from the
/// lists the configuration authorizes for it.
@Suite("Trust queries: credential issuers")
struct CredentialDecisionTests {
    /// The EKU the EU reference issuer's document signers carry, which an operator may add.
    static let referenceIssuerEKU = "1.3.130.2.0.0.1.2"

    let world: QueryWorld
    init() throws { world = try QueryWorld() }

    /// The simulator's snapshot with `credentials` as the network's settings.
    func queries(_ credentials: CredentialSettings? = nil) throws -> TrustQueries {
        let time = world.now
        let inputs = [
            try world.input(QueryWorld.vicalID, world.sim.vicalContent(), at: time),
            try world.input(QueryWorld.ricalID, world.sim.ricalContent(), at: time),
        ]
        return TrustQueries(
            snapshot: SnapshotBuilder.build(
                inputs, previousGeneration: nil, at: time, credentials: credentials.map { ["sim": $0] } ?? [:]))
    }

    @Test("a document signer with the document signer EKU and digitalSignature is trusted by its IACA")
    func documentSignerTrusted() throws {
        let (iaca, docTypes) = world.sim.iacas[0]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let decision = try queries().documentSignerDecision(
            chain: [signer.certificate], docType: docTypes[0], at: world.now)
        guard case .trusted(let trusted) = decision else {
            Issue.record("not trusted: \(decision.message)")
            return
        }
        #expect(trusted.trustedBy.sha256 == iaca.certificate.sha256Hex)
        #expect(trusted.trustedBy.list == QueryWorld.vicalID)
    }

    @Test("another EKU is document_signer_profile unless the network's credentials.documentSignerEKUs names it")
    func configurableEKU() throws {
        let (iaca, docTypes) = world.sim.iacas[0]
        let signer = try QueryWorld.documentSigner(under: iaca, extendedKeyUsage: [Self.referenceIssuerEKU])
        let refused = try queries().documentSignerDecision(
            chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(refused.reason == .documentSignerProfile, "\(refused.message)")
        #expect(refused.message.contains(OID.documentSignerEKU))
        // The chain-only issuer query keeps its own code for the same leaf.
        #expect(
            try queries().issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: world.now).reason
                == .documentSignerEKU)
        var settings = CredentialSettings()
        settings.documentSignerEKUs = [OID.documentSignerEKU, Self.referenceIssuerEKU]
        let trusted = try queries(settings).documentSignerDecision(
            chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(trusted.isTrusted, "\(trusted.message)")
    }

    @Test("a document signer without digitalSignature, or with only the reader EKU, is document_signer_profile")
    func profileRefusals() throws {
        let (iaca, docTypes) = world.sim.iacas[0]
        let certSigner = try TestPKI.leaf(
            "DS keyCertSign", under: iaca, extendedKeyUsage: [OID.documentSignerEKU], keyUsage: [.keyCertSign])
        let reader = try QueryWorld.documentSigner(under: iaca, extendedKeyUsage: [OID.readerAuthenticationEKU])
        for leaf in [certSigner, reader] {
            let decision = try queries().documentSignerDecision(
                chain: [leaf.certificate], docType: docTypes[0], at: world.now)
            #expect(decision.reason == .documentSignerProfile, "\(decision.message)")
            #expect(decision.anchor?.sha256 == iaca.certificate.sha256Hex)
        }
    }

    @Test("a document signer without a keyUsage extension is document_signer_profile (ISO/IEC 18013-5 Table B.3)")
    func documentSignerWithoutKeyUsage() throws {
        // Table B.3 gives the document signer keyUsage digitalSignature (critical), as Annex D's "utopia ds" carries
        // it; a certificate without the extension does not meet the profile, though RFC 5280 would not restrict it.
        let (iaca, docTypes) = world.sim.iacas[0]
        let signer = try TestPKI.issue("DS without keyUsage", by: iaca) { builder in
            builder.keyUsage = nil
            builder.extendedKeyUsage = [OID.documentSignerEKU]
            builder.extendedKeyUsageIsCritical = true
        }
        #expect(signer.certificate.keyUsage == nil)
        let decision = try queries().documentSignerDecision(
            chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(decision.reason == .documentSignerProfile, "\(decision.message)")
        #expect(decision.message.contains("no keyUsage extension"), "\(decision.message)")
        #expect(decision.anchor?.sha256 == iaca.certificate.sha256Hex)
    }

    @Test("an expired document signer is chain_invalid, with OpenSSL's text")
    func expiredDocumentSigner() throws {
        let (iaca, docTypes) = world.sim.iacas[0]
        let signer = try QueryWorld.documentSigner(
            under: iaca, notBefore: TestPKI.referenceTime - 60 * TestPKI.day,
            notAfter: TestPKI.referenceTime - TestPKI.day)
        let decision = try queries().documentSignerDecision(
            chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(decision.reason == .chainInvalid)
        #expect(decision.message.contains("certificate has expired"), "\(decision.message)")
    }

    @Test("an SD-JWT VC issuer under a VICAL IACA is trusted for a vct only when credentials.vct names the VICAL")
    func vctNamesTheVICAL() throws {
        let (iaca, _) = world.sim.iacas[0]
        let issuer = try TestPKI.leaf("VC Issuer", under: iaca, extendedKeyUsage: nil)
        let vct = "https://credentials.example/identity"
        let unnamed = try queries().credentialIssuerDecision(chain: [issuer.certificate], vct: vct, at: world.now)
        #expect(unnamed.reason == .trustListUnavailable, "\(unnamed.message)")
        var settings = CredentialSettings()
        settings.vct[vct] = [QueryWorld.vicalID]
        let named = try queries(settings).credentialIssuerDecision(chain: [issuer.certificate], vct: vct, at: world.now)
        guard case .trusted(let trusted) = named else {
            Issue.record("not trusted: \(named.message)")
            return
        }
        #expect(trusted.anchor.sha256 == iaca.certificate.sha256Hex)
        #expect(trusted.warnings.isEmpty)
        // Another vct is still not authorized.
        #expect(
            try queries(settings).credentialIssuerDecision(chain: [issuer.certificate], vct: "other", at: world.now)
                .reason == .trustListUnavailable)
    }

    @Test("a credential issuer leaf with only the reader EKU is trusted with issuer_eku; one that may not sign is refused")
    func issuerLeafRules() throws {
        let (iaca, _) = world.sim.iacas[0]
        let vct = "https://credentials.example/identity"
        var settings = CredentialSettings()
        settings.vct[vct] = [QueryWorld.vicalID]
        let readerOnly = try TestPKI.leaf("Reader-ish", under: iaca, extendedKeyUsage: [OID.readerAuthenticationEKU])
        let warned = try queries(settings).credentialIssuerDecision(
            chain: [readerOnly.certificate], vct: vct, at: world.now)
        #expect(warned.isTrusted, "\(warned.message)")
        #expect(warned.warnings == [.issuerEKU])
        let agreement = try TestPKI.leaf(
            "Key agreement", under: iaca, extendedKeyUsage: nil, keyUsage: [.keyAgreement])
        let refused = try queries(settings).credentialIssuerDecision(
            chain: [agreement.certificate], vct: vct, at: world.now)
        #expect(refused.reason == .issuerKeyUsage, "\(refused.message)")
    }

    @Test("an SD-JWT VC issuer leaf without a keyUsage extension is issuer_key_usage: it needs digitalSignature")
    func issuerWithoutKeyUsage() throws {
        let (iaca, _) = world.sim.iacas[0]
        let vct = "https://credentials.example/identity"
        var settings = CredentialSettings()
        settings.vct[vct] = [QueryWorld.vicalID]
        let bare = try TestPKI.issue("Issuer without keyUsage", by: iaca) { builder in builder.keyUsage = nil }
        #expect(bare.certificate.keyUsage == nil)
        let refused = try queries(settings).credentialIssuerDecision(
            chain: [bare.certificate], vct: vct, at: world.now)
        #expect(refused.reason == .issuerKeyUsage, "\(refused.message)")
        #expect(refused.message.contains("no keyUsage extension"), "\(refused.message)")
        // The same kind of leaf with keyUsage digitalSignature is trusted.
        let signing = try TestPKI.issue("Issuer with digitalSignature", by: iaca) { builder in
            builder.keyUsage = [.digitalSignature]
        }
        #expect(try queries(settings).credentialIssuerDecision(
            chain: [signing.certificate], vct: vct, at: world.now).isTrusted)
    }

    @Test("the PID vcts map to the network's PID providers LoTE by default; a PID signer under it is trusted")
    func pidByDefault() throws {
        let harness = try LoTEHarness()
        #expect(harness.configuration.networks[0].credentials.vct["urn:eudi:pid:1"] == [harness.pidID])
        #expect(harness.configuration.networks[0].credentials.vct["eu.europa.ec.eudi.pid.1"] == [harness.pidID])
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let at = harness.time + 120
        let signer = harness.lotes.pidSigner.certificate
        for vct in CredentialSettings.pidTypes {
            let decision = service.queries.credentialIssuerDecision(chain: [signer], vct: vct, at: at)
            #expect(decision.isTrusted, "\(vct): \(decision.message)")
            #expect(decision.anchor?.list == harness.pidID)
        }
        // The withdrawn provider's signer is refused, and the message says the service is withdrawn.
        let former = service.queries.credentialIssuerDecision(
            chain: [harness.lotes.formerPIDSigner.certificate], vct: "urn:eudi:pid:1", at: at)
        #expect(former.reason == .notOnTrustList)
        #expect(former.message.contains("withdrawn"), "\(former.message)")
    }

    @Test("credentials settings are checked: a reader EKU as document signer EKU and an unknown list are refused")
    func configurationChecks() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("trustlists.json")
        func load(_ credentials: String) throws(ConfigurationError) -> Configuration {
            let json = """
                {"cacheDirectory": "cache", "networks": [{"id": "n", "root": {"url": "https://n.test/root",
                 "sha256": ["\(String(repeating: "ab", count: 32))"]}, "vical": {"url": "https://n.test/vical"},
                 "credentials": \(credentials)}]}
                """
            return try Configuration(json: Data(json.utf8), file: file)
        }
        #expect(throws: ConfigurationError.self) { try load(#"{"documentSignerEKUs": ["1.0.18013.5.1.6"]}"#) }
        #expect(throws: ConfigurationError.self) { try load(#"{"documentSignerEKUs": []}"#) }
        #expect(throws: ConfigurationError.self) { try load(#"{"vct": {"x": ["n/rical"]}}"#) }
        let configured = try load(#"{"documentSignerEKUs": ["1.3.130.2.0.0.1.2"], "vct": {"x": ["n/vical"]}}"#)
        #expect(configured.networks[0].credentials.documentSignerEKUs == ["1.3.130.2.0.0.1.2"])
        #expect(configured.networks[0].credentials.vct["x"] == [ListID(network: "n", kind: .vical)])
    }
}
