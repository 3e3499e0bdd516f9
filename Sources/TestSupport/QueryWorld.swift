import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// A simulated network ("sim") with a VICAL and a RICAL, verified by ``TrustListVerifier`` and fed to the
/// ``SnapshotBuilder``, for the snapshot and query tests. Times are relative to ``TestPKI/referenceTime``; the
/// default lists are dated at it with nextUpdate a day later, and the network's grace period is three days.
public struct QueryWorld: Sendable {
    /// `sim/vical`.
    public static let vicalID = ListID(network: "sim", kind: .vical)
    /// `sim/rical`.
    public static let ricalID = ListID(network: "sim", kind: .rical)
    /// The network settings: 30 days max age, 3 days grace (the configuration defaults), in seconds.
    public static let maxAge: Double = 30 * TestPKI.day
    /// Grace period, seconds.
    public static let grace: Double = 3 * TestPKI.day

    /// The simulated network.
    public let sim: ListSimulator
    /// One hour after the reference time: both default lists are fresh.
    public let now = TestPKI.referenceTime + 3600

    /// Builds the network (generates its keys and certificates).
    public init() throws {
        sim = try ListSimulator()
    }

    /// Signs `content` with the simulator's signer and verifies it at its own date plus a minute.
    public func verified(_ content: ListContent) throws -> VerifiedList {
        try TrustListVerifier(anchors: [sim.root.certificate])
            .verify(try sim.signed(content), kind: content.kind, at: content.date + 60)
    }

    /// The builder input of one list of the network: `content` signed and verified, or no list at all when nil.
    public func input(_ id: ListID, _ content: ListContent?, at time: Date) throws -> SnapshotBuilder.Input {
        let verified = try content.map(verified)
        return SnapshotBuilder.Input(
            id: id, maxAgeSeconds: Self.maxAge, overdueGraceSeconds: Self.grace, verified: verified, at: time)
    }

    /// A snapshot of the network built at `time` (default ``now``); pass nil for a list that was never verified.
    public func snapshot(
        vical: ListContent?, rical: ListContent?, previousGeneration: UInt64? = nil, at time: Date? = nil
    ) throws -> VerifiedSnapshot {
        let time = time ?? now
        return SnapshotBuilder.build(
            [try input(Self.vicalID, vical, at: time), try input(Self.ricalID, rical, at: time)],
            previousGeneration: previousGeneration, at: time)
    }

    /// The default snapshot: the simulator's VICAL and RICAL.
    public func defaultSnapshot() throws -> VerifiedSnapshot {
        try snapshot(vical: sim.vicalContent(), rical: sim.ricalContent())
    }

    /// A document signer under an IACA, with the document signer EKU unless told otherwise.
    public static func documentSigner(
        under iaca: TestPKI.Issued, extendedKeyUsage: [String]? = [OID.documentSignerEKU],
        notBefore: Date = TestPKI.referenceTime - 30 * TestPKI.day,
        notAfter: Date = TestPKI.referenceTime + 365 * TestPKI.day
    ) throws -> TestPKI.Issued {
        try TestPKI.leaf(
            "DS of \(iaca.certificate.subject.commonName ?? "?")", under: iaca, extendedKeyUsage: extendedKeyUsage,
            notBefore: notBefore, notAfter: notAfter)
    }

    /// The simulator's reader chain: leaf, intermediate.
    public var readerChain: [Certificate] { [sim.readerLeaf.certificate, sim.readerIntermediate.certificate] }
}
