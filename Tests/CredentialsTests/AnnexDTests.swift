import COSE
import Credentials
import Foundation
import Presentation
import Publishing
import TestSupport
import Testing
import TrustLists
import X509

/// The published ISO/IEC 18013-5 Annex D DeviceResponse (D.4.1.2), decided against a VICAL that lists the Annex D
/// IACA: what the standard's example says is what the answer says, and the chain decision agrees with
/// `openssl verify`.
@Suite("ISO/IEC 18013-5 Annex D DeviceResponse")
struct AnnexDTests {
    /// 2020-10-02T00:00:00Z: inside the document signer's validity and the MSO's.
    static let time = Date(timeIntervalSince1970: 1_601_596_800)
    /// 2021-10-02T00:00:00Z: a day after the document signer (and the MSO) expired.
    static let afterExpiry = Date(timeIntervalSince1970: 1_633_132_800)

    /// A network built around `time` whose VICAL lists the Annex D IACA for the mDL, verified; the queries at `time`.
    static func queries(at time: Date) throws -> TrustQueries {
        let network = try DemoNetwork(name: "Annex", at: time)
        let iaca = try Certificate(derEncoded: AnnexD.iaca)
        let content = ListContent(
            kind: .vical, provider: "Annex", date: time, issueID: 1, nextUpdate: time + 400 * TestPKI.day,
            entries: [ListContent.Entry(certificate: iaca, docTypes: ["org.iso.18013.5.1.mDL"])])
        let verified = try TrustListVerifier(anchors: [network.root.certificate])
            .verify(try network.signed(content), kind: .vical, at: time + 60)
        let snapshot = SnapshotBuilder.build(
            [
                SnapshotBuilder.Input(
                    id: ListID(network: "annex", kind: .vical), maxAgeSeconds: 400 * TestPKI.day,
                    overdueGraceSeconds: 0, verified: verified, at: time + 120)
            ], previousGeneration: nil, at: time + 120)
        return TrustQueries(snapshot: snapshot)
    }

    @Test("D.4.1.2 is trusted by the utopia IACA, with its six elements, its validity and a deviceMac not checkable")
    func trusted() throws {
        let queries = try Self.queries(at: Self.time)
        let transcript = try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
        let decision = MDocVerifier.decide(
            cborEncoded: AnnexD.deviceResponse, sessionTranscript: transcript,
            trust: queries, generation: queries.generation, at: Self.time + 3600)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.responseStatus == 0)
        #expect(decision.documentErrors.isEmpty)
        let document = try #require(decision.documents.first)
        #expect(decision.documents.count == 1)
        #expect(document.docType == "org.iso.18013.5.1.mDL")
        #expect(document.elements.count == 1)
        #expect(document.elements.first?.nameSpace == "org.iso.18013.5.1")
        #expect(document.elements.first?.identifiers == AnnexD.responseElements)
        #expect(document.validity.signed == RFC3339.date(from: "2020-10-01T13:30:02Z"))
        #expect(document.validity.validFrom == RFC3339.date(from: "2020-10-01T13:30:02Z"))
        #expect(document.validity.validUntil == RFC3339.date(from: "2021-10-01T13:30:02Z"))
        #expect(document.signer?.subject == "C=US,CN=utopia ds")
        #expect(document.trustedBy?.sha256 == (try TestTools.sha256sum(AnnexD.iaca)))
        #expect(document.deviceAuth == .notCheckable)
        #expect(document.warnings.contains(.deviceAuthNotCheckable))
        #expect(document.deviceSignedElements.isEmpty)
    }

    @Test("the chain decision agrees with openssl verify: valid in 2020, the document signer expired in 2021")
    func agreesWithOpenSSL() throws {
        guard let openssl = TestTools.executable(named: "openssl") else {
            throw TestSupportError("openssl is not installed")
        }
        let folder = try TemporaryDirectory()
        let iaca = try Certificate(derEncoded: AnnexD.iaca)
        let document = try #require(
            try MDocInput(cborEncoded: AnnexD.deviceResponse).documents.first)
        let x5chain = try #require(try COSESign1Chain.leaf(of: document))
        let caFile = try folder.write(Array(iaca.pemEncoded.utf8), to: "iaca.pem")
        let leafFile = try folder.write(Array(x5chain.pemEncoded.utf8), to: "ds.pem")
        for (time, trusted) in [(Self.time + 3600, true), (Self.afterExpiry, false)] {
            let result = try TestTools.run(
                openssl,
                [
                    "verify", "-attime", String(Int(time.timeIntervalSince1970)), "-CAfile", caFile.path, leafFile.path,
                ], withStandardOutput: true)
            #expect((result.status == 0) == trusted, "openssl at \(time): \(result.stderr)")
            let queries = try Self.queries(at: Self.time)
            let decision = MDocVerifier.decide(
                cborEncoded: AnnexD.deviceResponse, trust: queries, at: time)
            #expect(decision.trusted == trusted, "\(decision.message)")
            if !trusted {
                #expect(decision.reason == .chainInvalid)
                #expect(result.stderr.contains("certificate has expired"), "\(result.stderr)")
            }
        }
    }

    @Test("the DeviceResponse decodes as the standard shows it: version 1.0, one document, status 0")
    func decodes() throws {
        guard case .deviceResponse(let response) = try MDocInput(cborEncoded: AnnexD.deviceResponse) else {
            Issue.record("not read as a DeviceResponse")
            return
        }
        #expect(response.version == "1.0")
        #expect(response.status == 0)
        let document = try response.documents[0].get()
        #expect(document.issuerSigned.nameSpaces.first?.items.map(\.elementIdentifier) == AnnexD.responseElements)
        #expect(document.issuerSigned.nameSpaces.first?.items.map(\.digestID) == [0, 3, 4, 7, 8, 9])
        guard case .mac = document.deviceSigned?.authentication else {
            Issue.record("expected deviceMac")
            return
        }
    }
}

extension MDocInput {
    /// The documents of an input, decoded ones only.
    var documents: [MDocDocument] {
        switch self {
        case .deviceResponse(let response): response.documents.compactMap { try? $0.get() }
        case .document(let document): [document]
        case .issuerSigned: []
        }
    }
}

/// The document signer of a document's issuerAuth, read with the COSE module (not the decision).
enum COSESign1Chain {
    static func leaf(of document: MDocDocument) throws -> Certificate? {
        let message = try COSESign1(node: document.issuerSigned.issuerAuth)
        guard let der = try message.x5chain()?.certificates.first else { return nil }
        return try Certificate(derEncoded: der)
    }
}
