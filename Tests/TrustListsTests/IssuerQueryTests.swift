import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Issuer decisions on the simulated network: document signers under each IACA, docTypes, the document signer EKU,
/// unknown and non-root IACAs, merged docTypes, and removal upstream.
@Suite("Trust queries: issuers")
struct IssuerQueryTests {
    let world: QueryWorld
    let queries: TrustQueries

    init() throws {
        world = try QueryWorld()
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
    }

    var sim: ListSimulator { world.sim }

    /// A VICAL of the simulator with the given entries.
    func vical(_ entries: [ListContent.Entry], issueID: UInt64 = 1) -> ListContent {
        var content = sim.vicalContent(issueID: issueID)
        content.entries = entries
        return content
    }

    @Test("a document signer under each IACA is trusted for each listed docType, with the IACA's docTypes")
    func trustedUnderEachIACA() throws {
        for (iaca, docTypes) in sim.iacas {
            let signer = try QueryWorld.documentSigner(under: iaca)
            for docType in docTypes {
                let decision = queries.issuerDecision(chain: [signer.certificate], docType: docType, at: world.now)
                guard case .trusted(let trusted) = decision else {
                    Issue.record("expected trusted for \(docType): \(decision.message)")
                    continue
                }
                #expect(trusted.commonName == "DS of \(iaca.certificate.subject.commonName ?? "")")
                #expect(trusted.trustedBy.sha256 == iaca.certificate.sha256Hex)
                #expect(trusted.trustedBy.subject == iaca.certificate.subject.rfc4514)
                #expect(trusted.trustedBy.list == QueryWorld.vicalID)
                #expect(trusted.trustedBy.provider == "Sim")
                #expect(trusted.trustedBy.issueID == 1)
                #expect(trusted.docTypes == docTypes.sorted())
                #expect(trusted.chain == [signer.certificate.sha256Hex, iaca.certificate.sha256Hex])
            }
        }
    }

    @Test("a document signer whose chain includes its IACA is trusted too")
    func chainWithIACA() throws {
        let (iaca, docTypes) = sim.iacas[1]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let decision = queries.issuerDecision(
            chain: [signer.certificate, iaca.certificate], docType: docTypes[0], at: world.now)
        #expect(decision.isTrusted, "\(decision.message)")
    }

    @Test("a docType the IACA is not listed for is doctype_not_authorized, with the IACA's docTypes")
    func unlistedDocType() throws {
        let (iaca, docTypes) = sim.iacas[0]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let decision = queries.issuerDecision(
            chain: [signer.certificate], docType: "eu.europa.ec.eudi.pid.1", at: world.now)
        #expect(decision.reason == .docTypeNotAuthorized, "\(decision.message)")
        #expect(decision.docTypes == docTypes)
        #expect(decision.anchor?.sha256 == iaca.certificate.sha256Hex)
        #expect(decision.message.contains("eu.europa.ec.eudi.pid.1"))
    }

    @Test("a leaf without the document signer EKU is document_signer_eku")
    func missingEKU() throws {
        let (iaca, docTypes) = sim.iacas[0]
        for eku in [[OID.readerAuthenticationEKU], nil] {
            let signer = try QueryWorld.documentSigner(under: iaca, extendedKeyUsage: eku)
            let decision = queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: world.now)
            #expect(decision.reason == .documentSignerEKU, "\(decision.message)")
            #expect(decision.message.contains(OID.documentSignerEKU))
        }
    }

    @Test("a document signer under an unlisted IACA is not on the trust list")
    func unknownIACA() throws {
        let stranger = try TestPKI.root("Sim IACA Atlantis")
        let signer = try QueryWorld.documentSigner(under: stranger)
        let decision = queries.issuerDecision(
            chain: [signer.certificate, stranger.certificate], docType: "org.iso.18013.5.1.mDL", at: world.now)
        #expect(decision.reason == .notOnTrustList, "\(decision.message)")
    }

    @Test("a RICAL reader CA is no IACA")
    func readerCAIsNoIACA() throws {
        let signer = try QueryWorld.documentSigner(under: sim.readerCA)
        let decision = queries.issuerDecision(
            chain: [signer.certificate], docType: "org.iso.18013.5.1.mDL", at: world.now)
        #expect(decision.reason == .notOnTrustList, "\(decision.message)")
    }

    @Test("a listed IACA that is not self-signed anchors nothing: chain_invalid, saying why")
    func nonRootIACA() throws {
        let root = try TestPKI.root("Sim IACA Root")
        let subordinate = try TestPKI.intermediate("Sim IACA Subordinate", under: root)
        let snapshot = try world.snapshot(
            vical: vical([ListContent.Entry(certificate: subordinate.certificate, docTypes: ["org.iso.18013.5.1.mDL"])]
            ),
            rical: nil)
        let signer = try QueryWorld.documentSigner(under: subordinate)
        let decision = TrustQueries(snapshot: snapshot).issuerDecision(
            chain: [signer.certificate, subordinate.certificate], docType: "org.iso.18013.5.1.mDL", at: world.now)
        #expect(decision.reason == .chainInvalid, "\(decision.message)")
        #expect(decision.message.contains("only a self-signed IACA is a trust anchor"))
        #expect(decision.message.contains("unable to get"))
    }

    @Test(
        "a document signer under an intermediate CA of a listed IACA without pathLenConstraint is chain_invalid (ISO/IEC 18013-5 Annex B: issued directly by the IACA)"
    )
    func intermediateBetweenIACAAndSigner() throws {
        // TestPKI.root has basicConstraints CA without a path length, so OpenSSL alone accepts a longer chain.
        let iaca = try TestPKI.root("Sim IACA Without PathLen")
        #expect(iaca.certificate.basicConstraints?.pathLength == nil)
        let intermediate = try TestPKI.intermediate("Sim Intermediate Under The IACA", under: iaca)
        let snapshot = try world.snapshot(
            vical: vical([ListContent.Entry(certificate: iaca.certificate, docTypes: ["org.iso.18013.5.1.mDL"])]),
            rical: nil)
        let queries = TrustQueries(snapshot: snapshot)
        let longSigner = try QueryWorld.documentSigner(under: intermediate)
        let long = queries.issuerDecision(
            chain: [longSigner.certificate, intermediate.certificate], docType: "org.iso.18013.5.1.mDL", at: world.now)
        #expect(long.reason == .chainInvalid, "\(long.message)")
        #expect(long.message.contains("through 1 intermediate CA"), "\(long.message)")
        #expect(long.message.contains("issued directly by the IACA"), "\(long.message)")
        // The same IACA issuing the document signer directly is trusted.
        let directSigner = try QueryWorld.documentSigner(under: iaca)
        let direct = queries.issuerDecision(
            chain: [directSigner.certificate], docType: "org.iso.18013.5.1.mDL", at: world.now)
        #expect(direct.isTrusted, "\(direct.message)")
    }

    @Test("the same certificate listed twice with different docTypes is one issuer with their union")
    func duplicateCertificateMerged() throws {
        let iaca = sim.iacas[0].iaca
        let snapshot = try world.snapshot(
            vical: vical([
                ListContent.Entry(certificate: iaca.certificate, docTypes: ["org.iso.18013.5.1.mDL"]),
                ListContent.Entry(certificate: sim.iacas[2].iaca.certificate, docTypes: ["eu.europa.ec.eudi.pid.1"]),
                ListContent.Entry(
                    certificate: iaca.certificate, docTypes: ["org.iso.23220.photoid.1", "org.iso.18013.5.1.mDL"]),
            ]), rical: nil)
        #expect(snapshot.issuers.count == 2)
        #expect(
            snapshot.issuers.map(\.docTypes) == [
                ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"], ["eu.europa.ec.eudi.pid.1"],
            ])
        let signer = try QueryWorld.documentSigner(under: iaca)
        let queries = TrustQueries(snapshot: snapshot)
        for docType in ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"] {
            let decision = queries.issuerDecision(chain: [signer.certificate], docType: docType, at: world.now)
            #expect(decision.isTrusted, "\(decision.message)")
        }
        #expect(
            queries.issuerDecision(chain: [signer.certificate], docType: "eu.europa.ec.eudi.pid.1", at: world.now)
                .reason == .docTypeNotAuthorized)
    }

    @Test("two certificates with the same SKI (re-issued with one key) each stay an issuer with the group's union")
    func sameSKIMerged() throws {
        // The IACA re-issued: same key and Name, later validity; its SKI (derived from the key) is the same.
        let original = sim.iacas[0].iaca
        var builder = CertificateBuilder(
            subject: [.country("US"), .organization("Test PKI"), .commonName("Sim IACA Utopia")],
            publicKey: original.key.publicKey, notBefore: TestPKI.referenceTime - 10 * TestPKI.day,
            notAfter: TestPKI.referenceTime + 3000 * TestPKI.day)
        builder.basicConstraints = BasicConstraints(isCA: true)
        builder.keyUsage = [.keyCertSign, .cRLSign]
        let reissued = try builder.selfSigned(with: original.key)
        #expect(reissued.subjectKeyIdentifier == original.certificate.subjectKeyIdentifier)
        #expect(reissued != original.certificate)

        let snapshot = try world.snapshot(
            vical: vical([
                ListContent.Entry(certificate: original.certificate, docTypes: ["org.iso.18013.5.1.mDL"]),
                ListContent.Entry(certificate: reissued, docTypes: ["org.iso.23220.photoid.1"]),
                ListContent.Entry(certificate: sim.iacas[1].iaca.certificate, docTypes: ["org.iso.7367.1.mVRC"]),
            ]), rical: nil)
        #expect(
            snapshot.issuers.map(\.sha256) == [
                original.certificate.sha256Hex, reissued.sha256Hex, sim.iacas[1].iaca.certificate.sha256Hex,
            ])
        let union = ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"]
        #expect(snapshot.issuers[0].docTypes == union)
        #expect(snapshot.issuers[1].docTypes == union)
        #expect(snapshot.issuers[2].docTypes == ["org.iso.7367.1.mVRC"])

        let signer = try QueryWorld.documentSigner(under: original)
        let queries = TrustQueries(snapshot: snapshot)
        for docType in union {
            let decision = queries.issuerDecision(chain: [signer.certificate], docType: docType, at: world.now)
            #expect(decision.isTrusted, "\(decision.message)")
            #expect(decision.docTypes == union)
        }
    }

    @Test("an IACA removed upstream stops being trusted at the next generation")
    func removedUpstream() throws {
        let (iaca, docTypes) = sim.iacas[2]
        let signer = try QueryWorld.documentSigner(under: iaca)
        let first = try world.snapshot(vical: sim.vicalContent(issueID: 1), rical: sim.ricalContent())
        let queries = TrustQueries(snapshot: first)
        #expect(queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: world.now).isTrusted)

        var content = sim.vicalContent(issueID: 2, date: TestPKI.referenceTime + 1800)
        content.entries.removeAll { $0.certificate == iaca.certificate }
        let second = try world.snapshot(vical: content, rical: sim.ricalContent(), previousGeneration: first.generation)
        #expect(second.generation == first.generation + 1)
        #expect(!second.issuers.contains { $0.sha256 == iaca.certificate.sha256Hex })
        queries.install(second)
        #expect(queries.generation == 2)
        let decision = queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(decision.reason == .notOnTrustList, "\(decision.message)")
        // The others stay trusted.
        let other = try QueryWorld.documentSigner(under: sim.iacas[0].iaca)
        #expect(
            queries.issuerDecision(chain: [other.certificate], docType: sim.iacas[0].docTypes[0], at: world.now)
                .isTrusted)
    }

    @Test("a document signer outside its validity is chain_invalid with OpenSSL's text")
    func outsideValidity() throws {
        let (iaca, docTypes) = sim.iacas[0]
        let signer = try QueryWorld.documentSigner(
            under: iaca, notBefore: TestPKI.referenceTime - 10 * TestPKI.day, notAfter: TestPKI.referenceTime)
        let decision = queries.issuerDecision(chain: [signer.certificate], docType: docTypes[0], at: world.now)
        #expect(decision.reason == .chainInvalid, "\(decision.message)")
        #expect(decision.message.contains("certificate has expired"))
    }
}
