import Credentials
import Foundation
import TestSupport
import Testing
import TrustLists
import X509

/// mdocs built and signed by Python (cbor2 + cryptography, `Tests/Support/python_credentials.py`) under the simulated
/// network's document signer, decided end to end (ISO/IEC 18013-5 §9.3.1): each step of the decision refuses what the
/// standard says it must, with its reason code, and what the digests vouch for is what the issuer signed.
@Suite("mdoc decisions over Python-built credentials", .requires(.interopModules))
struct MDocDecisionTests {
    /// The mDL elements the script issues, per namespace, in issuance order.
    static let issued = [
        "org.iso.18013.5.1": [
            "family_name", "given_name", "birth_date", "issuing_country", "document_number", "age_over_18",
            "driving_privileges",
        ],
        "org.iso.18013.5.1.aamva": ["DHS_compliance"],
    ]

    @Test("a Document with a device signature is trusted: the IACA, the elements the digests vouch for, verified")
    func documentTrusted() throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideMDoc("document")
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.generation == python.world.queries.generation)
        let document = try #require(decision.documents.first)
        #expect(decision.documents.count == 1)
        #expect(document.docType == CredentialWorld.mDL)
        #expect(document.trustedBy?.sha256 == python.world.sim.iacas[0].iaca.certificate.sha256Hex)
        #expect(document.trustedBy?.list == QueryWorld.vicalID)
        #expect(document.signer?.sha256 == python.world.documentSigner.certificate.sha256Hex)
        #expect(
            Dictionary(uniqueKeysWithValues: document.elements.map { ($0.nameSpace, $0.identifiers) }) == Self.issued)
        #expect(document.elements.map(\.nameSpace) == ["org.iso.18013.5.1", "org.iso.18013.5.1.aamva"])
        #expect(document.deviceAuth == .verified)
        #expect(document.validity.validUntil == python.world.now + 30 * TestPKI.day)
        #expect(decision.responseStatus == nil)
    }

    @Test("a DeviceResponse gets one answer per document and its status; a bare IssuerSigned takes the MSO's docType")
    func deviceResponseAndIssuerSigned() throws {
        let python = try PythonCredentials.get()
        let response = try python.decideMDoc("deviceResponse")
        #expect(response.trusted)
        #expect(response.documents.count == 2)
        #expect(response.documents.allSatisfy { $0.trusted && $0.deviceAuth == .verified })
        #expect(response.responseStatus == 0)
        let bare = try python.decideMDoc("issuerSigned")
        #expect(bare.trusted, "\(bare.message)")
        #expect(bare.documents.first?.docType == CredentialWorld.mDL)
        #expect(bare.documents.first?.deviceAuth == .absent)
    }

    @Test("device authentication: absent without deviceSigned, not checkable for a MAC or without a transcript")
    func deviceAuthenticationOutcomes() throws {
        let python = try PythonCredentials.get()
        let absent = try python.decideMDoc("noDeviceSigned")
        #expect(absent.trusted)
        #expect(absent.documents.first?.deviceAuth == .absent)
        let mac = try python.decideMDoc("deviceMac")
        #expect(mac.trusted)
        #expect(mac.documents.first?.deviceAuth == .notCheckable)
        #expect(mac.documents.first?.warnings.contains(.deviceAuthNotCheckable) == true)
        let noTranscript = try python.decideMDoc("document", withTranscript: false)
        #expect(noTranscript.trusted)
        #expect(noTranscript.documents.first?.deviceAuth == .notCheckable)
        #expect(noTranscript.documents.first?.warnings.contains(.deviceAuthNotCheckable) == true)
    }

    @Test(
        "each step refuses with its reason (ISO/IEC 18013-5 §9.3.1)",
        arguments: [
            ("tampered", ReasonCode.valueDigestMismatch), ("missingDigest", .valueDigestMismatch),
            ("duplicateDigestID", .valueDigestMismatch), ("expired", .msoExpired), ("notYetValid", .msoNotYetValid),
            ("signedOutsideSigner", .msoSignedOutsideValidity), ("docTypeMismatch", .docTypeMismatch),
            ("countryMismatch", .issuingCountryMismatch), ("badIssuerSignature", .badSignature),
            ("badDeviceSignature", .deviceAuthInvalid), ("algMismatch", .unsupportedAlgorithm),
            ("unsupportedDigest", .unsupportedDigestAlgorithm),
        ])
    func refusals(name: String, reason: ReasonCode) throws {
        let python = try PythonCredentials.get()
        let decision = try python.decideMDoc(name)
        #expect(!decision.trusted)
        #expect(decision.reason == reason, "\(name): \(decision.message)")
        let document = try #require(decision.documents.first)
        #expect(document.trustedBy == nil)
        #expect(document.elements.isEmpty)
    }

    @Test("a refusal names the element: the tampered family_name, the missing document_number")
    func refusalsNameTheElement() throws {
        let python = try PythonCredentials.get()
        #expect(try python.decideMDoc("tampered").message.contains("family_name"))
        #expect(try python.decideMDoc("missingDigest").message.contains("document_number"))
        #expect(try python.decideMDoc("countryMismatch").message.contains("issuing_country DE"))
    }

    @Test("device authentication is reported once the issuer signature verified, also when a later step refuses")
    func deviceAuthReportedAfterSignature() throws {
        let python = try PythonCredentials.get()
        let expired = try #require(try python.decideMDoc("expired").documents.first)
        #expect(expired.reason == .msoExpired)
        #expect(expired.deviceAuth == .verified)
        let badSignature = try #require(try python.decideMDoc("badIssuerSignature").documents.first)
        #expect(badSignature.deviceAuth == nil)
    }

    @Test("tolerated: SHA-384 digests, an MSO with a status member, x5chain in the protected header")
    func tolerated() throws {
        let python = try PythonCredentials.get()
        for name in ["sha384", "msoStatus", "x5chainProtected"] {
            let decision = try python.decideMDoc(name)
            #expect(decision.trusted, "\(name): \(decision.message)")
        }
    }

    @Test("the MSO's validity is judged at the decision time: valid for two hours, expired three hours later")
    func validityAtTime() throws {
        let python = try PythonCredentials.get()
        #expect(try python.decideMDoc("shortLived").trusted)
        let later = try python.decideMDoc("shortLived", at: python.world.now + 3 * 3600)
        #expect(later.reason == .msoExpired, "\(later.message)")
    }

    @Test("a docType the IACA is not listed for is refused by the trust decision, before the signature")
    func docTypeNotAuthorized() throws {
        let python = try PythonCredentials.get()
        let decision = MDocVerifier.decide(
            cborEncoded: try python.mdoc("document"),
            trust: RenamingTrust(python.world.trust, docType: "org.example.x"),
            at: python.world.now)
        #expect(decision.reason == .docTypeNotAuthorized, "\(decision.message)")
        #expect(decision.documents.first?.deviceAuth == nil)
    }
}

/// A trust that asks the queries about another docType than the document's: to see the trust decision's refusal.
struct RenamingTrust: CredentialTrust {
    let base: TrustQueries
    let docType: String

    init(_ base: TrustQueries, docType: String) {
        self.base = base
        self.docType = docType
    }

    func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        base.documentSignerDecision(chain: chain, docType: self.docType, at: time)
    }

    func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision {
        base.credentialIssuerDecision(chain: chain, vct: vct, at: time)
    }
}
