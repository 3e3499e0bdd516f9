import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Lists built by an independent implementation (`Tests/Support/python_lists.py`: cbor2 + cryptography, written from
/// ISO/IEC 18013-5 Annex C.1.7 and the second edition's Annex F) must verify here, refresh, and answer queries; and
/// the lists our publisher signs must verify there. A mistake shared by our publisher and our verifier (a key name, a
/// header label, the Sig_structure) fails one of these, where the simulator-signed tests cannot see it.
@Suite("Lists built by Python verify here, and ours verify in Python", .requires(.interopModules))
struct PythonListInteropTests {
    /// What `python_lists.py make` prints.
    struct MadeFacts: Decodable {
        struct Entry: Decodable {
            let sha256: String
            let ski: String
            let docTypes: [String]?
            let name: String?
        }
        let provider: String
        let date: Double
        let nextUpdate: Double
        let issueID: UInt64?
        let entries: [Entry]
        let rootSHA256: String
        let signerSHA256: String
        let x5chainLength: Int
        let listSHA256: String
    }

    /// What `python_lists.py verify` prints.
    struct CheckedFacts: Decodable {
        struct Entry: Decodable {
            let sha256: String
            let docTypes: [String]?
            let name: String?
        }
        let provider: String
        let issueID: UInt64?
        let date: Double
        let nextUpdate: Double?
        let x5chainLength: Int
        let entries: [Entry]
    }

    /// One list made in Python, with its root and the leaf chains for queries.
    struct Made {
        let folder: TemporaryDirectory
        let facts: MadeFacts
        var list: [UInt8] { (try? Array(Data(contentsOf: folder.url.appendingPathComponent("list.cose")))) ?? [] }
        func root() throws -> Certificate {
            try Certificate(
                pemEncoded: String(contentsOf: folder.url.appendingPathComponent("root.pem"), encoding: .utf8))
        }
        func chain(_ name: String) throws -> [Certificate] {
            try Certificate.certificates(
                pemEncoded: String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8))
        }
    }

    struct Shape: Sendable, CustomStringConvertible {
        let kind: ListKind
        let protected: Bool
        let issueID: UInt64?
        var description: String {
            "\(kind.rawValue), x5chain \(protected ? "protected" : "unprotected"), issue id \(issueID.map(String.init) ?? "none")"
        }
    }

    /// Every combination: VICAL and RICAL, x5chain in either header, with and without an issue id.
    static let shapes: [Shape] = [ListKind.vical, .rical].flatMap { kind in
        [true, false].flatMap { protected in
            [UInt64(7), nil].map { Shape(kind: kind, protected: protected, issueID: $0) }
        }
    }

    static let script = TestTools.scriptsDirectory.appendingPathComponent("python_lists.py")

    static func make(_ shape: Shape) throws -> Made {
        let folder = try TemporaryDirectory()
        let output = try Python.run(
            file: script,
            arguments: [
                "make", shape.kind.rawValue, shape.protected ? "protected" : "unprotected",
                shape.issueID.map(String.init) ?? "none", folder.url.path,
            ])
        return Made(folder: folder, facts: try JSONDecoder().decode(MadeFacts.self, from: Data(output)))
    }

    static func check(_ kind: ListKind, root: Certificate, list: [UInt8]) throws -> CheckedFacts {
        let folder = try TemporaryDirectory()
        let rootFile = try folder.write(Array(root.pemEncoded.utf8), to: "root.pem")
        let listFile = try folder.write(list, to: "list.cose")
        let output = try Python.run(
            file: script, arguments: ["verify", kind.rawValue, rootFile.path, listFile.path])
        return try JSONDecoder().decode(CheckedFacts.self, from: Data(output))
    }

    @Test("a list built by Python verifies here with Python's facts", arguments: shapes)
    func pythonListVerifies(shape: Shape) throws {
        let made = try Self.make(shape)
        let root = try made.root()
        #expect(root.sha256Hex == made.facts.rootSHA256)
        let verified = try TrustListVerifier(anchors: [root])
            .verify(made.list, kind: shape.kind, at: Date(timeIntervalSince1970: made.facts.date + 60))
        #expect(verified.list.kind == shape.kind)
        #expect(verified.list.provider == "PyNet")
        #expect(verified.list.date == Date(timeIntervalSince1970: made.facts.date))
        #expect(verified.list.nextUpdate == Date(timeIntervalSince1970: made.facts.nextUpdate))
        #expect(verified.list.issueID == shape.issueID)
        #expect(verified.sha256Hex == made.facts.listSHA256)
        #expect(verified.signer.sha256Hex == made.facts.signerSHA256)
        #expect(verified.x5chainCount == made.facts.x5chainLength)
        #expect(verified.anchor == root)
        // ISO/IEC 18013-5: a VICAL's x5chain is unprotected (Annex C.1.7), a RICAL's protected (Annex F); the
        // other header is tolerated with a warning (docs/architecture.md, The pipeline: step 3).
        let misplaced = shape.protected != (shape.kind == .rical)
        #expect(verified.warnings.contains { $0.contains("x5chain is in the") } == misplaced, "\(verified.warnings)")
        if let vical = verified.list.vical {
            #expect(vical.certificateInfos.map(\.certificate.sha256Hex) == made.facts.entries.map(\.sha256))
            #expect(vical.certificateInfos.map { hexString($0.ski) } == made.facts.entries.map(\.ski))
            #expect(vical.certificateInfos.map(\.docTypes) == made.facts.entries.map { $0.docTypes ?? [] })
            #expect(vical.certificateInfos.allSatisfy { $0.issuingAuthority == "Py Transport Agency" })
        } else if let rical = verified.list.rical {
            #expect(rical.certificateInfos.map(\.certificate.sha256Hex) == made.facts.entries.map(\.sha256))
            #expect(rical.certificateInfos.map { hexString($0.ski) } == made.facts.entries.map(\.ski))
            #expect(rical.certificateInfos.map(\.name) == made.facts.entries.map(\.name))
            #expect(rical.type == "org.iso.18013.5.1.reader_authentication")
        } else {
            Issue.record("a COSE_Sign1 list decoded as a \(verified.list.kind.displayName)")
        }
        // One flipped signature bit, and the same bytes under another root, do not verify.
        var tampered = made.list
        tampered[tampered.count - 1] ^= 0x01
        #expect(throws: TrustListError(.badSignature)) {
            try TrustListVerifier(anchors: [root])
                .verify(tampered, kind: shape.kind, at: Date(timeIntervalSince1970: made.facts.date + 60))
        }
        let stranger = try TestPKI.root("Stranger Root")
        #expect(throws: TrustListError(.chainInvalid)) {
            try TrustListVerifier(anchors: [stranger.certificate])
                .verify(made.list, kind: shape.kind, at: Date(timeIntervalSince1970: made.facts.date + 60))
        }
    }

    @Test("Python's VICAL and RICAL refresh into a service whose queries trust Python's reader and document signer")
    func pythonListsRefreshAndAnswer() throws {
        // One network needs one root: the VICAL and RICAL of two Python runs have two roots, so each list is
        // refreshed under its own configuration, and queried there.
        for (shape, chainFile) in [
            (Shape(kind: .vical, protected: false, issueID: 3), "signer.pem"),
            (Shape(kind: .rical, protected: true, issueID: nil), "reader.pem"),
        ] {
            let made = try Self.make(shape)
            let root = try made.root()
            let folder = try TemporaryDirectory()
            let source = MemorySource()
            let urls = ("https://py.test/root.pem", "https://py.test/vical", "https://py.test/rical")
            source.set(urls.0, .bytes(Array(root.pemEncoded.utf8)))
            source.set(shape.kind == .vical ? urls.1 : urls.2, .bytes(made.list))
            let configuration = try RefreshHarness.configuration(
                in: folder.url, pin: root.sha256Hex, extraNetwork: "", bootstrap: (nil, nil), urls: urls,
                provider: "PyNet")
            let id = ListID(network: "sim", kind: shape.kind)
            let service = TrustService(configuration: configuration, fetcher: source)
            let time = Date(timeIntervalSince1970: made.facts.date + 3600)
            let report = try service.refresh(only: [id], at: time, lockTimeout: 5)
            let result = try #require(report.results.first { $0.id == id })
            #expect(result.outcome == .updated, "\(result.outcome)")
            #expect(result.current?.issueID == shape.issueID)
            #expect(result.state == .fresh)

            let chain = try made.chain(chainFile)
            let listed = try #require(made.facts.entries.first)
            switch shape.kind {
            case .vical:
                let decision = service.queries.issuerDecision(chain: chain, docType: "org.iso.18013.5.1.mDL", at: time)
                guard case .trusted(let trusted) = decision else {
                    Issue.record("Python's document signer is not trusted: \(decision.message)")
                    continue
                }
                #expect(trusted.anchor.sha256 == listed.sha256)
                #expect(trusted.anchor.provider == "PyNet")
                #expect(trusted.anchor.issueID == 3)
                // Python listed only the mDL docType for the first IACA.
                let photoID = service.queries.issuerDecision(
                    chain: chain, docType: "org.iso.23220.photoid.1", at: time)
                #expect(!photoID.isTrusted)
            case .rical:
                let decision = service.queries.readerDecision(chain: chain, at: time)
                guard case .trusted(let trusted) = decision else {
                    Issue.record("Python's reader is not trusted: \(decision.message)")
                    continue
                }
                #expect(trusted.commonName == "Py Reader")
                #expect(trusted.anchor.sha256 == listed.sha256)
                #expect(trusted.anchor.issueID == nil)
            case .lote:
                Issue.record("Python made no LoTE here")
            }
        }
    }

    @Test(
        "lists our publisher signs verify in Python: header, Sig_structure, chain to the root, signer EKU, facts",
        arguments: shapes.filter { $0.protected == ($0.kind == .rical) })
    func ourListsVerifyInPython(shape: Shape) throws {
        let sim = try ListSimulator()
        let content =
            shape.kind == .vical ? sim.vicalContent(issueID: shape.issueID) : sim.ricalContent(issueID: shape.issueID)
        let facts = try Self.check(shape.kind, root: sim.root.certificate, list: try sim.signed(content))
        #expect(facts.provider == "Sim")
        #expect(facts.issueID == shape.issueID)
        #expect(facts.date == content.date.timeIntervalSince1970)
        #expect(facts.nextUpdate == content.nextUpdate?.timeIntervalSince1970)
        #expect(facts.x5chainLength == 2)
        #expect(facts.entries.map(\.sha256) == content.entries.map(\.certificate.sha256Hex))
        if shape.kind == .vical {
            #expect(facts.entries.map { $0.docTypes ?? [] } == content.entries.map(\.docTypes))
        } else {
            #expect(facts.entries.map(\.name) == content.entries.map(\.name))
        }
        // And Python refuses a list signed under another root.
        let other = try ListSimulator()
        #expect(throws: PythonError.self) {
            try Self.check(shape.kind, root: other.root.certificate, list: try sim.signed(content))
        }
    }
}
