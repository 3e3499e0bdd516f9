import COSE
import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

/// Equivocation is judged on the signed content (the Sig_structure: protected header and payload), not on the raw
/// bytes: re-encodings anyone on the path can make, or a publisher re-signing the same payload, are the same version.
@Suite("Refresh: equivocation on signed content")
struct SignedContentTests {
    let t0 = TestPKI.referenceTime + 3600

    /// The order n of the P-256 group (SEC 2 v2 §2.4.2; FIPS 186-4 D.1.2.3).
    static let p256Order: [UInt8] = Array(
        hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

    /// `a - b` for 32-byte big-endian numbers with a ≥ b.
    static func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var borrow = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var digit = Int(a[index]) - Int(b[index]) - borrow
            borrow = digit < 0 ? 1 : 0
            if digit < 0 { digit += 256 }
            result[index] = UInt8(digit)
        }
        return result
    }

    /// The message's four parts, re-encoded with changes to the unsigned ones.
    static func reencode(
        _ bytes: [UInt8], tagged: Bool = false, signature transform: ([UInt8]) -> [UInt8] = { $0 },
        x5chain: [Certificate]? = nil
    ) throws -> [UInt8] {
        let message = try COSESign1(cborEncoded: bytes)
        var unprotected = message.unprotectedHeader.entries.map {
            CBOR.MapEntry(key: $0.key.value, value: $0.value.value)
        }
        if let x5chain {
            unprotected = unprotected.filter { $0.key != .int(33) } + [ListSimulator.x5chainHeader(x5chain)]
        }
        let array = CBOR.array([
            .byteString(message.protectedBytes), .map(unprotected), .byteString(try #require(message.payload)),
            .byteString(transform(message.signature)),
        ])
        return (tagged ? CBOR.tagged(18, array) : array).encoded()
    }

    func vicalOutcome(_ harness: RefreshHarness, _ bytes: [UInt8], at time: Date) throws -> RefreshOutcome? {
        harness.source.set(harness.vicalURL, .bytes(bytes))
        return try harness.refresh(at: time, only: [harness.vicalID]).results.first { $0.id == harness.vicalID }?
            .outcome
    }

    @Test("a high-S signature, a tag-18 wrapper, an x5chain with the root copy and a re-signature are 'unchanged'")
    func unsignedReencodings() throws {
        let harness = try RefreshHarness()
        let original = try harness.sim.signed(harness.sim.vicalContent(issueID: 1))
        #expect(try vicalOutcome(harness, original, at: t0) == .updated)
        let stored = try harness.status(at: t0).lists.first { $0.id == harness.vicalID }?.current?.sha256

        let highS = try Self.reencode(original) { signature in
            Array(signature.prefix(32)) + Self.subtract(Self.p256Order, Array(signature.suffix(32)))
        }
        let tagged = try Self.reencode(original, tagged: true)
        let signer = harness.sim.signer(for: .vical)
        let withRoot = try Self.reencode(original, x5chain: signer.chain + [harness.sim.root.certificate])
        let resigned = try harness.sim.signed(harness.sim.vicalContent(issueID: 1))
        let variants = [
            ("high-S", highS), ("tag 18", tagged), ("x5chain with root", withRoot), ("re-signed", resigned),
        ]
        for (index, (name, bytes)) in variants.enumerated() {
            #expect(bytes != original, "\(name)")
            // Each is authentic: it verifies on its own.
            _ = try TrustListVerifier(anchors: [harness.sim.root.certificate]).verify(bytes, kind: .vical, at: t0)
            let outcome = try vicalOutcome(harness, bytes, at: t0 + Double(index + 1) * 60)
            guard case .unchanged(let why) = outcome else {
                Issue.record("\(name): expected unchanged, got \(String(describing: outcome))")
                continue
            }
            #expect(why.contains("same signed content"), "\(name): \(why)")
        }
        // The publisher's own bytes are still accepted afterwards, and the stored version never changed.
        #expect(
            try vicalOutcome(harness, original, at: t0 + 600).map { if case .unchanged = $0 { true } else { false } }
                == true)
        #expect(try harness.status(at: t0 + 600).lists.first { $0.id == harness.vicalID }?.current?.sha256 == stored)
    }

    @Test("a different payload under the same issue id is still equivocation")
    func differentPayloadSameIssue() throws {
        let harness = try RefreshHarness()
        #expect(
            try vicalOutcome(harness, try harness.sim.signed(harness.sim.vicalContent(issueID: 1)), at: t0) == .updated)
        var other = harness.sim.vicalContent(issueID: 1)
        other.entries.removeLast()
        guard case .keptLastGood(let error) = try vicalOutcome(harness, try harness.sim.signed(other), at: t0 + 60)
        else {
            Issue.record("expected equivocation")
            return
        }
        #expect(error.code == .equivocation)
        #expect(error.reason.contains("other signed content"))
    }

    @Test("lists without issue ids: the same date with another payload is equivocation, the same content unchanged")
    func withoutIssueIDs() throws {
        let harness = try RefreshHarness()
        let first = try harness.sim.signed(harness.sim.vicalContent(issueID: nil))
        #expect(try vicalOutcome(harness, first, at: t0) == .updated)
        let tagged = try Self.reencode(first, tagged: true)
        guard case .unchanged = try vicalOutcome(harness, tagged, at: t0 + 60) else {
            Issue.record("expected the tag-18 re-encoding to be unchanged")
            return
        }
        var other = harness.sim.vicalContent(issueID: nil)
        other.entries.removeLast()
        guard case .keptLastGood(let error) = try vicalOutcome(harness, try harness.sim.signed(other), at: t0 + 120)
        else {
            Issue.record("expected equivocation")
            return
        }
        #expect(error.code == .equivocation)
    }
}

extension Array where Element == UInt8 {
    /// Bytes from lower-case hex (test literals only).
    init(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        self = bytes
    }
}
