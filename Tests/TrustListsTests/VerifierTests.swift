import COSE
import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Every reason code the verifier can produce, and every tolerated oddity, on lists built by the simulator.
@Suite("Verifier: failure paths and tolerated oddities")
struct VerifierTests {
    let sim: ListSimulator
    let now = TestPKI.referenceTime + 3600

    init() throws {
        sim = try ListSimulator()
    }

    var verifier: TrustListVerifier { TrustListVerifier(anchors: [sim.root.certificate]) }

    func expect(
        _ code: TrustListError.Code, _ bytes: [UInt8], kind: ListKind = .vical, at time: Date? = nil,
        verifier: TrustListVerifier? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let verified = try (verifier ?? self.verifier).verify(bytes, kind: kind, at: time ?? now)
            Issue.record("expected \(code), list verified: \(verified.list.provider)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(!error.reason.isEmpty, sourceLocation: sourceLocation)
        }
    }

    /// A VICAL message with its payload and headers chosen by the test, signed by the VICAL signer unless told.
    func vical(
        payload: [UInt8]? = nil, protected: [CBOR.MapEntry]? = nil, unprotected: [CBOR.MapEntry]? = nil,
        key: PrivateKey? = nil, digest: Digest = .sha256, tagged: Bool = false, detached: Bool = false
    ) throws -> [UInt8] {
        let signer = sim.signer(for: .vical)
        return try ListSimulator.message(
            payload: payload ?? ListPublisher.payload(sim.vicalContent()).encoded(),
            protectedHeader: protected ?? [ListSimulator.algorithmHeader(.es256)],
            unprotectedHeader: unprotected ?? [ListSimulator.x5chainHeader(signer.chain)], key: key ?? signer.key,
            digest: digest, tagged: tagged, detached: detached)
    }

    func payload(_ edit: (inout [CBOR.MapEntry]) -> Void) -> [UInt8] {
        guard case .map(var entries) = ListPublisher.payload(sim.vicalContent()) else { return [] }
        edit(&entries)
        return CBOR.map(entries).encoded()
    }

    @Test(
        "list sanity (ISO/IEC 18013-5 Annex C.1.7): a tag-1 date, a date before 2000, nextUpdate or notAfter before date are malformed_payload"
    )
    func listSanity() throws {
        func replacing(_ key: String, with value: CBOR) -> [UInt8] {
            payload { entries in
                entries.removeAll { $0.key == CBOR(key) }
                entries.append(CBOR.MapEntry(key: CBOR(key), value: value))
            }
        }
        let date = sim.vicalContent().date
        let cases: [(String, [UInt8], String)] = [
            (
                "date as tag 1 epoch",
                replacing("date", with: .tagged(1, .unsigned(UInt64(date.timeIntervalSince1970)))),
                "date: expected tdate (tag 0"
            ),
            ("dated year 0001", replacing("date", with: .tagged(0, CBOR("0001-01-01T00:00:00Z"))), "is before 2000"),
            ("nextUpdate before date", replacing("nextUpdate", with: .date(date - 86_400)), "nextUpdate"),
            ("notAfter before date", replacing("notAfter", with: .date(date - 1)), "notAfter"),
            (
                "nextUpdate as tag 1",
                replacing("nextUpdate", with: .tagged(1, .float(date.timeIntervalSince1970 + 60))),
                "nextUpdate: expected tdate"
            ),
        ]
        for (name, payload, message) in cases {
            let bytes = try vical(payload: payload)
            do {
                let verified = try verifier.verify(bytes, kind: .vical, at: now)
                Issue.record("\(name): verified (\(verified.list.date))")
            } catch {
                #expect(error.code == .malformedPayload, "\(name): \(error)")
                #expect(error.reason.contains(message), "\(name): \(error.reason)")
            }
        }
        // The same payload with its own dates verifies: the cases above differ only in the date under test.
        _ = try verifier.verify(try vical(), kind: .vical, at: now)
    }

    @Test("the simulator's own VICAL and RICAL verify")
    func baseline() throws {
        let vical = try verifier.verify(try sim.signed(sim.vicalContent()), kind: .vical, at: now)
        #expect(vical.list.entryCount == 3)
        #expect(vical.warnings.isEmpty)
        #expect(vical.signerChain == [sim.vicalSigner.certificate, sim.issuingCA.certificate, sim.root.certificate])
        let rical = try verifier.verify(try sim.signed(sim.ricalContent()), kind: .rical, at: now)
        #expect(rical.list.entryCount == 1)
        #expect(rical.warnings.isEmpty)
    }

    // MARK: - Rejections, in pipeline order

    @Test("empty input is malformed CBOR")
    func empty() { expect(.malformedCBOR, []) }

    @Test("every truncation of a valid list is malformed CBOR")
    func truncated() throws {
        let bytes = try sim.signed(sim.vicalContent())
        for length in stride(from: 1, to: bytes.count, by: max(1, bytes.count / 200)) {
            expect(.malformedCBOR, Array(bytes.prefix(length)))
        }
    }

    @Test("deep nesting is over the limits")
    func deepNesting() { expect(.limitsExceeded, [UInt8](repeating: 0x81, count: 200_000) + [0x00]) }

    @Test("a bstr claiming 2^63 bytes and an array claiming 2^32 items fail fast")
    func hugeLengthClaims() {
        expect(.malformedCBOR, [0x84, 0x5b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00])
        expect(.malformedCBOR, [0x9b, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00])
    }

    @Test("well-formed CBOR that is not a COSE_Sign1 array")
    func notCOSE() throws {
        expect(.notCOSESign1, CBOR.map([]).encoded())
        expect(.notCOSESign1, CBOR.array([.byteString([]), .map([]), .byteString([])]).encoded())
        expect(.notCOSESign1, CBOR.tagged(17, .array([])).encoded())
    }

    @Test("a bad signature is rejected")
    func badSignature() throws {
        var bytes = try sim.signed(sim.vicalContent())
        bytes[bytes.count - 5] ^= 0x01
        expect(.badSignature, bytes)
    }

    @Test("a list signed by a key other than the x5chain leaf's is a bad signature")
    func signedByOtherKey() throws {
        expect(.badSignature, try vical(key: try PrivateKey.generate(.ecP256)))
    }

    @Test("no x5chain")
    func noX5Chain() throws { expect(.missingX5Chain, try vical(unprotected: [])) }

    @Test("a detached payload")
    func detached() throws { expect(.detachedPayload, try vical(detached: true)) }

    @Test("alg that does not fit the key, and an unknown alg")
    func algorithmMismatch() throws {
        expect(.unsupportedAlgorithm, try vical(protected: [ListSimulator.algorithmHeader(.es384)]))
        expect(.unsupportedAlgorithm, try vical(protected: [CBOR.MapEntry(key: .int(1), value: .int(-257))]))
        expect(.unsupportedAlgorithm, try vical(protected: []))
    }

    @Test("an unknown crit label")
    func unknownCritical() throws {
        let protected = [
            ListSimulator.algorithmHeader(.es256), CBOR.MapEntry(key: .int(2), value: .array([.int(99)])),
            CBOR.MapEntry(key: .int(99), value: .boolean(true)),
        ]
        expect(.unknownCriticalHeader, try vical(protected: protected))
    }

    @Test("a signer chain under another root, or without its intermediate")
    func chainFailures() throws {
        let other = try TestPKI.root("Another Network Root")
        expect(
            .chainInvalid, try sim.signed(sim.vicalContent()), verifier: TrustListVerifier(anchors: [other.certificate])
        )
        expect(.chainInvalid, try vical(unprotected: [ListSimulator.x5chainHeader([sim.vicalSigner.certificate])]))
    }

    @Test("a pinned intermediate does not make a partial chain")
    func intermediateAsAnchor() throws {
        expect(
            .chainInvalid, try sim.signed(sim.vicalContent()),
            verifier: TrustListVerifier(anchors: [sim.issuingCA.certificate]))
    }

    @Test("an expired and a not yet valid signer")
    func signerValidity() throws {
        let bytes = try sim.signed(sim.vicalContent())
        expect(.signerExpired, bytes, at: sim.vicalSigner.certificate.notAfter + 1)
        expect(.signerNotYetValid, bytes, at: sim.vicalSigner.certificate.notBefore - 1)
    }

    @Test("a VICAL signer without EKU, or with another EKU")
    func signerEKU() throws {
        for eku in [nil, ["1.3.6.1.5.5.7.3.4"]] as [[String]?] {
            let signer = try TestPKI.leaf(
                "Bad EKU", under: sim.issuingCA, extendedKeyUsage: eku, keyUsage: [.nonRepudiation])
            expect(
                .signerEKU,
                try vical(
                    unprotected: [ListSimulator.x5chainHeader([signer.certificate, sim.issuingCA.certificate])],
                    key: signer.key))
        }
    }

    @Test("a RICAL signer needs an EKU only when the policy asks for one")
    func ricalSignerEKU() throws {
        let bytes = try sim.signed(sim.ricalContent())
        _ = try verifier.verify(bytes, kind: .rical, at: now)
        var policy = VerificationSettings()
        policy.ricalSignerEKU = "1.0.18013.5.1.7"
        expect(
            .signerEKU, bytes, kind: .rical,
            verifier: TrustListVerifier(anchors: [sim.root.certificate], settings: policy))
    }

    @Test("a signer whose key usage allows no signing")
    func signerKeyUsage() throws {
        let signer = try TestPKI.leaf(
            "Key Agreement Only", under: sim.issuingCA, extendedKeyUsage: [OID.vicalSignerEKU],
            keyUsage: [.keyAgreement])
        expect(
            .signerKeyUsage,
            try vical(
                unprotected: [ListSimulator.x5chainHeader([signer.certificate, sim.issuingCA.certificate])],
                key: signer.key))
    }

    @Test("a payload that is not a map, garbage, or with duplicate keys")
    func payloadShape() throws {
        expect(.malformedPayload, try vical(payload: CBOR.array([]).encoded()))
        expect(.malformedCBOR, try vical(payload: [0xff, 0x00, 0x13]))
        let duplicate: [UInt8] = [0xa2, 0x61, 0x61, 0x01, 0x61, 0x61, 0x02]  // {"a": 1, "a": 2}
        expect(.malformedCBOR, try vical(payload: duplicate))
    }

    @Test("missing provider, and a wrong type, name their key path")
    func missingKeys() throws {
        let noProvider = try vical(payload: payload { $0.removeAll { $0.key == CBOR("vicalProvider") } })
        do {
            _ = try verifier.verify(noProvider, kind: .vical, at: now)
            Issue.record("verified without a provider")
        } catch {
            #expect(error.code == .malformedPayload)
            #expect(error.reason.contains("vicalProvider"))
        }
        let textDate = try vical(
            payload: payload { entries in
                entries = entries.map {
                    $0.key == CBOR("date") ? CBOR.MapEntry(key: $0.key, value: CBOR("yesterday")) : $0
                }
            })
        do {
            _ = try verifier.verify(textDate, kind: .vical, at: now)
            Issue.record("verified with a text date")
        } catch {
            #expect(error.code == .malformedPayload)
            #expect(error.reason.hasPrefix("date:"), "\(error.reason)")
        }
    }

    @Test("a RICAL where a VICAL is expected, a VICAL where a RICAL is, a RICAL of another type, version 2")
    func wrongListType() throws {
        expect(
            .wrongListType, try sim.signed(sim.ricalContent()), kind: .vical,
            verifier: TrustListVerifier(
                anchors: [sim.root.certificate],
                settings: {
                    var policy = VerificationSettings()
                    policy.vicalSignerEKU = nil
                    return policy
                }()))
        expect(.wrongListType, try sim.signed(sim.vicalContent()), kind: .rical)
        guard case .map(var rical) = ListPublisher.payload(sim.ricalContent()) else {
            Issue.record("the RICAL payload is not a map")
            return
        }
        rical = rical.map { $0.key == CBOR("type") ? CBOR.MapEntry(key: $0.key, value: CBOR("org.example.other")) : $0 }
        let signer = sim.signer(for: .rical)
        expect(
            .wrongListType,
            try ListPublisher.sign(
                payload: CBOR.map(rical).encoded(), kind: .rical, signerKey: signer.key, signerChain: signer.chain),
            kind: .rical)
        expect(
            .wrongListType,
            try vical(
                payload: payload { entries in
                    entries = entries.map {
                        $0.key == CBOR("version") ? CBOR.MapEntry(key: $0.key, value: CBOR("2.0")) : $0
                    }
                }))
    }

    @Test("a provider other than the configured one")
    func providerMismatch() throws {
        var policy = VerificationSettings()
        policy.expectedProvider = "Someone Else"
        expect(
            .providerMismatch, try sim.signed(sim.vicalContent()),
            verifier: TrustListVerifier(anchors: [sim.root.certificate], settings: policy))
    }

    @Test("a date more than 3 minutes ahead is in the future; 3 minutes is within skew")
    func futureDate() throws {
        let bytes = try sim.signed(sim.vicalContent(date: now + 181))
        expect(.dateInFuture, bytes)
        _ = try verifier.verify(try sim.signed(sim.vicalContent(date: now + 180)), kind: .vical, at: now)
    }

    @Test("past notAfter the list is expired")
    func pastNotAfter() throws {
        var content = sim.vicalContent()
        content.notAfter = now - 1
        expect(.listExpired, try sim.signed(content))
        content.notAfter = now
        _ = try verifier.verify(try sim.signed(content), kind: .vical, at: now)
    }

    // MARK: - Tolerated, with warnings where the list is odd

    @Test("tagged COSE_Sign1 verifies with a warning")
    func taggedMessage() throws {
        let verified = try verifier.verify(try vical(tagged: true), kind: .vical, at: now)
        #expect(verified.warnings.contains { $0.contains("tag 18") })
    }

    @Test("x5chain in the other header verifies with a warning")
    func x5chainInOtherHeader() throws {
        let signer = sim.signer(for: .vical)
        let bytes = try vical(
            protected: [ListSimulator.algorithmHeader(.es256), ListSimulator.x5chainHeader(signer.chain)],
            unprotected: [])
        let verified = try verifier.verify(bytes, kind: .vical, at: now)
        #expect(verified.warnings.contains { $0.contains("x5chain is in the protected header") })
    }

    @Test("the root inside x5chain is harmless")
    func rootInX5Chain() throws {
        let signer = sim.signer(for: .vical)
        let bytes = try vical(unprotected: [ListSimulator.x5chainHeader(signer.chain + [sim.root.certificate])])
        let verified = try verifier.verify(bytes, kind: .vical, at: now)
        #expect(verified.x5chainCount == 3)
        #expect(verified.anchor == sim.root.certificate)
    }

    @Test("no nextUpdate and no issue id are fine")
    func optionalKeysAbsent() throws {
        var content = sim.vicalContent(issueID: nil)
        content.nextUpdate = nil
        let verified = try verifier.verify(try sim.signed(content), kind: .vical, at: now)
        #expect(verified.list.nextUpdate == nil)
        #expect(verified.list.issueID == nil)
    }

    @Test("unknown keys are kept as warnings")
    func unknownKeys() throws {
        let bytes = try vical(
            payload: payload { $0.append(CBOR.MapEntry(key: CBOR("futureKey"), value: .unsigned(1))) })
        let verified = try verifier.verify(bytes, kind: .vical, at: now)
        #expect(verified.warnings.contains { $0.contains("unknown key 'futureKey'") })
    }

    @Test("one entry whose certificate does not parse is dropped with a warning; the rest stay")
    func oneBrokenEntry() throws {
        let bytes = try vical(
            payload: payload { entries in
                entries = entries.map { entry in
                    guard entry.key == CBOR("certificateInfos"), case .array(var infos) = entry.value,
                        case .map(var first) = infos[0]
                    else { return entry }
                    first = first.map {
                        $0.key == CBOR("certificate")
                            ? CBOR.MapEntry(key: $0.key, value: .byteString([0x30, 0x03, 0x02, 0x01, 0x01])) : $0
                    }
                    infos[0] = .map(first)
                    return CBOR.MapEntry(key: entry.key, value: .array(infos))
                }
            })
        let verified = try verifier.verify(bytes, kind: .vical, at: now)
        #expect(verified.list.entryCount == 2)
        #expect(verified.warnings.contains { $0.hasPrefix("entry dropped") && $0.contains("certificateInfos[0]") })
    }

    @Test("Ed25519 and P-384 signers verify", arguments: [KeyAlgorithm.ed25519, .ecP384, .ecP521])
    func otherAlgorithms(algorithm: KeyAlgorithm) throws {
        let signer = try TestPKI.leaf(
            "Alg Signer", under: sim.issuingCA, extendedKeyUsage: [OID.vicalSignerEKU], keyUsage: [.digitalSignature],
            algorithm: algorithm)
        let bytes = try ListPublisher.sign(
            sim.vicalContent(), signerKey: signer.key, signerChain: [signer.certificate, sim.issuingCA.certificate])
        let verified = try verifier.verify(bytes, kind: .vical, at: now)
        #expect(verified.algorithm == COSEAlgorithm(for: algorithm)?.name)
    }
}
