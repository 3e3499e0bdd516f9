import COSE
import Foundation
import Presentation
import Synchronization
import TestSupport
import Testing
import TrustLists
import X509

/// ISO/IEC 18013-5 proximity decisions (§9.1.4): per DocRequest and overall, from the ReaderAuth verification and the
/// reader decision of a real `TrustQueries` over the simulated network, with the reader EKU always required.
@Suite("Proximity decisions (ISO/IEC 18013-5 ReaderAuth)")
struct ProximityDecisionTests {
    let world: QueryWorld
    let queries: TrustQueries
    let transcript: SessionTranscript

    init() throws {
        world = try QueryWorld()
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
        transcript = try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
    }

    var sim: ListSimulator { world.sim }

    /// A DocRequest map for the test ItemsRequest, signed by `signer` with `chain`, or unsigned.
    func docRequest(signer: PrivateKey?, chain: [Certificate], signedItems: [UInt8]? = nil) throws -> CBOR {
        guard let signer else {
            return .map([.init(key: "itemsRequest", value: .tagged(24, .byteString(SignedRequests.itemsRequest)))])
        }
        var options = SignedRequests.Options()
        options.signedItems = signedItems
        let request = try CBORDecoder.decodeValue(
            try SignedRequests.deviceRequest(transcript: transcript, signer: signer, chain: chain, options: options))
        guard case .array(let items) = try #require(request["docRequests"]) else { throw CBORShapeError() }
        return items[0]
    }

    struct CBORShapeError: Error {}

    func deviceRequest(_ docRequests: [CBOR]) throws -> DeviceRequest {
        try DeviceRequest(
            cborEncoded: CBOR.map([
                .init(key: "version", value: "1.0"), .init(key: "docRequests", value: .array(docRequests)),
            ]).encoded())
    }

    var readerChain: [Certificate] { world.readerChain }

    /// A second trusted reader, "Sim Other Reader", under the same listed reader CA: its key and chain, leaf first.
    func otherReader() throws -> (key: PrivateKey, chain: [Certificate]) {
        let other = try TestPKI.leaf(
            "Sim Other Reader", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU])
        return (other.key, [other.certificate, sim.readerIntermediate.certificate])
    }

    @Test("a DocRequest signed by a reader under the listed reader CA: trusted, by the reader's CN and the anchor")
    func trusted() throws {
        let request = try deviceRequest([try docRequest(signer: sim.readerLeaf.key, chain: readerChain)])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(decision.trusted, "\(decision.message)")
        guard case .certificate(let name, let anchor) = decision.verifiedBy else {
            Issue.record("expected a certificate answer")
            return
        }
        #expect(name == "Sim Reader")
        #expect(anchor.sha256 == sim.readerCA.certificate.sha256Hex)
        #expect(decision.documents.count == 1)
        #expect(decision.documents[0].trusted)
        #expect(decision.consent.requestedDocTypes == ["org.iso.18013.5.1.mDL"])
        #expect(
            decision.consent.requestedClaims.map { $0.path.map(\.description) } == [
                ["org.iso.18013.5.1", "portrait"], ["org.iso.18013.5.1", "age_over_18"],
            ])
        // In the order encoded: the test's ItemsRequest is deterministic CBOR, shorter keys first.
        #expect(decision.consent.requestedClaims.map(\.intentToRetain) == [true, false])
    }

    @Test("no readerAuth: not trusted, not_authenticated, verifiedBy none")
    func notAuthenticated() throws {
        let request = try deviceRequest([try docRequest(signer: nil, chain: [])])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(!decision.trusted)
        #expect(decision.reason == .notAuthenticated)
        #expect(decision.message.contains("not authenticated"))
        #expect(decision.verifiedBy == .none)
        #expect(decision.readerDecision == nil)
    }

    @Test("a readerAuth over other ItemsRequestBytes: bad_signature, and the reader decision is not asked")
    func badSignature() throws {
        let trust = AnchoredReaderTrust(anchors: [sim.readerCA.certificate])
        let request = try deviceRequest([
            try docRequest(
                signer: sim.readerLeaf.key, chain: readerChain,
                signedItems: Array(SignedRequests.itemsRequest.dropLast()) + [0xf5])
        ])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: trust, at: world.now)
        #expect(decision.reason == .badSignature)
        #expect(decision.verifiedBy == .none)
        #expect(trust.exemptNetworksAsked.isEmpty)
    }

    @Test("the reader EKU is always required for ReaderAuth: no exemption is passed to the reader decision")
    func ekuAlwaysRequired() throws {
        let noEKU = try TestPKI.leaf("Sim Reader No EKU", under: sim.readerIntermediate, extendedKeyUsage: nil)
        let chain = [noEKU.certificate, sim.readerIntermediate.certificate]
        let request = try deviceRequest([try docRequest(signer: noEKU.key, chain: chain)])
        let real = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(real.reason == .readerEKU)
        let fake = AnchoredReaderTrust(anchors: [sim.readerCA.certificate], network: "sim")
        let faked = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: fake, at: world.now)
        #expect(faked.reason == .readerEKU)
        #expect(fake.exemptNetworksAsked == [[]])
    }

    @Test("a reader leaf whose keyUsage lacks digitalSignature may not sign readerAuth: reader_key_usage")
    func readerKeyUsage() throws {
        // ISO/IEC 18013-5 Table B.8: the reader certificate's keyUsage is digitalSignature (RFC 5280 §4.2.1.3).
        let encipherer = try TestPKI.leaf(
            "Sim Reader Encipherer", under: sim.readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU],
            keyUsage: [.keyEncipherment])
        let chain = [encipherer.certificate, sim.readerIntermediate.certificate]
        let request = try deviceRequest([try docRequest(signer: encipherer.key, chain: chain)])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(!decision.trusted)
        #expect(decision.reason == .readerKeyUsage, "\(decision.message)")
    }

    @Test("a reader under another root: not_on_trust_list, verifiedBy none")
    func unknownReader() throws {
        let pki = try SignedRequests.readerPKI()
        let request = try deviceRequest([
            try docRequest(signer: pki.leaf.key, chain: [pki.leaf.certificate, pki.root.certificate])
        ])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(decision.reason == .notOnTrustList)
        #expect(decision.verifiedBy == .none)
    }

    @Test("per DocRequest and overall: one unauthenticated DocRequest makes the whole request not trusted")
    func perDocument() throws {
        let request = try deviceRequest([
            try docRequest(signer: sim.readerLeaf.key, chain: readerChain), try docRequest(signer: nil, chain: []),
        ])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(decision.documents.map(\.trusted) == [true, false])
        #expect(decision.documents.map(\.reasonCode) == [nil, "not_authenticated"])
        #expect(!decision.trusted)
        #expect(decision.reason == .notAuthenticated)
        #expect(decision.consent.requestedClaims.count == 4)
    }

    @Test("two DocRequests authenticated by two different trusted readers: reader_mismatch, though each is trusted")
    func mixedReaders() throws {
        let other = try otherReader()
        let request = try deviceRequest([
            try docRequest(signer: sim.readerLeaf.key, chain: readerChain),
            try docRequest(signer: other.key, chain: other.chain),
        ])
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(decision.documents.map(\.trusted) == [true, true])
        #expect(!decision.trusted)
        #expect(decision.reason == .readerMismatch)
        #expect(decision.message.contains("Sim Reader") && decision.message.contains("Sim Other Reader"))
        // The same reader twice is one reader.
        let same = try deviceRequest([
            try docRequest(signer: sim.readerLeaf.key, chain: readerChain),
            try docRequest(signer: sim.readerLeaf.key, chain: readerChain),
        ])
        #expect(
            ProximityVerifier.decide(deviceRequest: same, sessionTranscript: transcript, trust: queries, at: world.now)
                .trusted)
    }

    /// A second ItemsRequest, so that readerAuthAll covers two DocRequests.
    static let photoIDItems = CBOR.map([
        .init(key: "docType", value: "org.iso.23220.photoid.1"),
        .init(key: "nameSpaces", value: ["org.iso.23220.1": ["portrait": false]]),
    ]).encoded()

    @Test("readerAuthAll by a listed reader authenticates every DocRequest: trusted, by that reader")
    func readerAuthAllTrusted() throws {
        let bytes = try SignedRequests.deviceRequestSignedForAll(
            items: [SignedRequests.itemsRequest, Self.photoIDItems], transcript: transcript,
            signers: [(sim.readerLeaf.key, readerChain)])
        let decision = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: bytes), sessionTranscript: transcript, trust: queries,
            at: world.now)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.verifiedBy.commonName == "Sim Reader")
        #expect(decision.documents.map(\.trusted) == [true, true])
        #expect(decision.consent.requestedDocTypes == ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"])
    }

    /// A reader decision that counts how often it is asked, answering with `trust`'s.
    final class CountingTrust: ReaderTrust {
        let trust: TrustQueries
        let calls = Mutex(0)
        init(_ trust: TrustQueries) { self.trust = trust }
        func readerDecision(chain: [Certificate], at time: Date, readerEKUExemptNetworks: Set<String>) -> TrustDecision
        {
            calls.withLock { $0 += 1 }
            return trust.readerDecision(chain: chain, at: time, readerEKUExemptNetworks: readerEKUExemptNetworks)
        }
    }

    @Test("the readerAuthAll chain is decided once per request, not once per DocRequest; 33 DocRequests are refused")
    func boundedWork() throws {
        let items = Array(repeating: SignedRequests.itemsRequest, count: DeviceRequest.maxDocRequests)
        let bytes = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [(sim.readerLeaf.key, readerChain)])
        let counting = CountingTrust(queries)
        let decision = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: bytes), sessionTranscript: transcript, trust: counting,
            at: world.now)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.documents.count == 32)
        // Once: choosing the readerAuthAll signature that stands decides its chain for every DocRequest.
        #expect(counting.calls.withLock { $0 } == 1)
        let tooMany = try SignedRequests.deviceRequestSignedForAll(
            items: items + [SignedRequests.itemsRequest], transcript: transcript,
            signers: [(sim.readerLeaf.key, readerChain)])
        #expect(throws: PresentationError(.malformedDeviceRequest)) { try DeviceRequest(cborEncoded: tooMany) }
        let refused = ProximityVerifier.decide(
            deviceRequest: tooMany, sessionTranscript: transcript.encodedBytes, trust: queries, at: world.now)
        #expect(refused.message == "DeviceRequest: docRequests: 33 DocRequests, more than the 32 accepted")
    }

    @Test("readerAuthAll: an unlisted reader beside a listed one counts the listed one; alone it is not_on_trust_list")
    func readerAuthAllSeveralSignatures() throws {
        let pki = try SignedRequests.readerPKI()
        let unlisted = (key: pki.leaf.key, chain: [pki.leaf.certificate, pki.root.certificate])
        let items = [SignedRequests.itemsRequest, Self.photoIDItems]
        let both = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [unlisted, (sim.readerLeaf.key, readerChain)])
        let decision = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: both), sessionTranscript: transcript, trust: queries,
            at: world.now)
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.verifiedBy.commonName == "Sim Reader")
        let alone = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [unlisted])
        let refused = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: alone), sessionTranscript: transcript, trust: queries,
            at: world.now)
        #expect(refused.reason == .notOnTrustList)
        #expect(refused.documents.map(\.reasonCode) == ["not_on_trust_list", "not_on_trust_list"])
    }

    @Test("a readerAuthAll that fails fails every DocRequest, even one with a good readerAuth of its own")
    func readerAuthAllFailureOverrides() throws {
        let items = [SignedRequests.itemsRequest, Self.photoIDItems]
        let bytes = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [(sim.readerLeaf.key, readerChain)],
            signedItems: [items[0]])
        // Give the first DocRequest a good readerAuth of its own.
        var request = try CBORDecoder.decodeValue(bytes)
        guard case .map(var entries) = request, let index = entries.firstIndex(where: { $0.key == "docRequests" }),
            case .array(var docRequests) = entries[index].value
        else { throw CBORShapeError() }
        docRequests[0] = try docRequest(signer: sim.readerLeaf.key, chain: readerChain)
        entries[index] = .init(key: "docRequests", value: .array(docRequests))
        request = .map(entries)
        let decision = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: request.encoded()), sessionTranscript: transcript,
            trust: queries, at: world.now)
        #expect(!decision.trusted)
        #expect(decision.reason == .badSignature)
        #expect(decision.documents.map(\.reasonCode) == ["bad_signature", "bad_signature"])
        #expect(decision.message.hasPrefix("readerAuthAll[0]: "), "\(decision.message)")
    }

    /// The value under `key` of an encoded DeviceRequest's top-level map.
    func value(_ key: String, of request: [UInt8]) throws -> CBOR {
        try #require(try CBORDecoder.decodeValue(request)[.textString(key)])
    }

    @Test("readerAuthAll with a trusted signature and a failing one: bad_signature for every DocRequest")
    func readerAuthAllGoodAndBad() throws {
        let items = [SignedRequests.itemsRequest, Self.photoIDItems]
        let signer = (key: sim.readerLeaf.key, chain: readerChain)
        let good = try SignedRequests.deviceRequestSignedForAll(items: items, transcript: transcript, signers: [signer])
        let bad = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [signer], signedItems: [items[1]])
        guard case .array(let goodSignatures) = try value("readerAuthAll", of: good),
            case .array(let badSignatures) = try value("readerAuthAll", of: bad)
        else { throw CBORShapeError() }
        let both = try ReaderAuthenticationTests.replacing(
            "readerAuthAll", with: .array(goodSignatures + badSignatures), in: good)
        let decision = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(cborEncoded: both), sessionTranscript: transcript, trust: queries,
            at: world.now)
        #expect(!decision.trusted)
        #expect(decision.documents.map(\.reasonCode) == ["bad_signature", "bad_signature"])
        #expect(decision.message.hasPrefix("readerAuthAll[1]: "), "\(decision.message)")
    }

    @Test("readerAuthAll beside a DocRequest's own readerAuth: one reader is trusted, two readers are reader_mismatch")
    func readerAuthAllBesideOwnReaderAuth() throws {
        let items = [SignedRequests.itemsRequest, Self.photoIDItems]
        let (otherKey, otherChain) = try otherReader()
        let all = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript, signers: [(sim.readerLeaf.key, readerChain)])
        guard case .array(var docRequests) = try value("docRequests", of: all) else { throw CBORShapeError() }
        func decide(firstSignedBy key: PrivateKey, chain: [Certificate]) throws -> PresentationDecision {
            docRequests[0] = try docRequest(signer: key, chain: chain)
            let bytes = try ReaderAuthenticationTests.replacing("docRequests", with: .array(docRequests), in: all)
            return ProximityVerifier.decide(
                deviceRequest: try DeviceRequest(cborEncoded: bytes), sessionTranscript: transcript, trust: queries,
                at: world.now)
        }
        let same = try decide(firstSignedBy: sim.readerLeaf.key, chain: readerChain)
        #expect(same.trusted, "\(same.message)")
        let mixed = try decide(firstSignedBy: otherKey, chain: otherChain)
        #expect(mixed.documents.map(\.trusted) == [true, true])
        #expect(mixed.reason == .readerMismatch)
        // A DocRequest's own readerAuth that fails stays failed, whatever readerAuthAll says.
        docRequests[0] = try docRequest(
            signer: sim.readerLeaf.key, chain: readerChain, signedItems: Self.photoIDItems)
        let failing = ProximityVerifier.decide(
            deviceRequest: try DeviceRequest(
                cborEncoded: try ReaderAuthenticationTests.replacing("docRequests", with: .array(docRequests), in: all)),
            sessionTranscript: transcript, trust: queries, at: world.now)
        #expect(failing.documents.map(\.reasonCode) == ["bad_signature", nil])
    }

    @Test(
        "readerAuthAll by two trusted readers beside an own readerAuth by the second: that reader authenticated all")
    func readerAuthAllByTwoReaders() throws {
        let items = [SignedRequests.itemsRequest, Self.photoIDItems]
        let (otherKey, otherChain) = try otherReader()
        let all = try SignedRequests.deviceRequestSignedForAll(
            items: items, transcript: transcript,
            signers: [(sim.readerLeaf.key, readerChain), (otherKey, otherChain)])
        let decide = { (bytes: [UInt8]) throws -> PresentationDecision in
            ProximityVerifier.decide(
                deviceRequest: try DeviceRequest(cborEncoded: bytes), sessionTranscript: transcript, trust: queries,
                at: world.now)
        }
        // Without an own readerAuth, the first trusted signature names the reader.
        let shared = try decide(all)
        #expect(shared.trusted, "\(shared.message)")
        #expect(shared.verifiedBy.commonName == "Sim Reader")
        // The second reader also signed the first DocRequest alone: it authenticated every DocRequest.
        guard case .array(var docRequests) = try value("docRequests", of: all) else { throw CBORShapeError() }
        docRequests[0] = try docRequest(signer: otherKey, chain: otherChain)
        let decision = try decide(
            try ReaderAuthenticationTests.replacing("docRequests", with: .array(docRequests), in: all))
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.verifiedBy.commonName == "Sim Other Reader")
        #expect(decision.documents.map(\.verifiedBy.commonName) == ["Sim Other Reader", "Sim Other Reader"])
    }

    @Test("Annex D: the standard's reader, as its own anchor, is trusted at a time inside its validity")
    func annexD() throws {
        let reader = try Certificate(derEncoded: AnnexD.readerCertificate)
        let trust = AnchoredReaderTrust(anchors: [reader])
        let decision = ProximityVerifier.decide(
            deviceRequest: AnnexD.deviceRequest, sessionTranscript: AnnexD.sessionTranscriptBytes, trust: trust,
            at: Date(timeIntervalSince1970: 1_640_995_200))
        #expect(decision.trusted, "\(decision.message)")
        guard case .certificate(let name, _) = decision.verifiedBy else {
            Issue.record("expected a certificate answer")
            return
        }
        #expect(name == "reader")
        #expect(decision.consent.requestedClaims.count == AnnexD.requestedElements.count)
        #expect(decision.consent.requestedClaims.map { $0.path.last?.description } == AnnexD.requestedElements.map { $0.0 })
        let expired = ProximityVerifier.decide(
            deviceRequest: AnnexD.deviceRequest, sessionTranscript: AnnexD.sessionTranscriptBytes, trust: trust,
            at: Date(timeIntervalSince1970: AnnexD.readerNotAfter + 86_400))
        #expect(!expired.trusted)
    }

    @Test("bytes that do not decode are a not-trusted decision with the decoder's code, naming the input")
    func undecodable() {
        let decision = ProximityVerifier.decide(
            deviceRequest: [0xa1], sessionTranscript: AnnexD.sessionTranscriptBytes, trust: queries, at: world.now)
        #expect(decision.reason == .malformedCBOR)
        #expect(decision.verifiedBy == .none)
        #expect(decision.message.hasPrefix("DeviceRequest: "), "\(decision.message)")
        let transcript = ProximityVerifier.decide(
            deviceRequest: AnnexD.deviceRequest, sessionTranscript: [0x01, 0x02], trust: queries, at: world.now)
        #expect(transcript.reason == .malformedCBOR)
        #expect(transcript.message.hasPrefix("SessionTranscript: "), "\(transcript.message)")
        let shape = ProximityVerifier.decide(
            deviceRequest: AnnexD.deviceRequest, sessionTranscript: [0xa0], trust: queries, at: world.now)
        #expect(shape.reason == .malformedSessionTranscript)
        #expect(shape.message.hasPrefix("SessionTranscript: "), "\(shape.message)")
    }
}
