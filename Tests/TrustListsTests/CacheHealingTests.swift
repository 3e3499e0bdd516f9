import Foundation
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// A cache file that went bad (docs/architecture.md, "The store and the cache"): a root whose bytes are not what its name says,
/// are not one certificate, or are not a regular file is quarantined and written again by the next refresh; after a
/// commit, what a fresh process would load is read back, healed once, or reported as `persist_error`.
@Suite("Cache healing: damaged roots, read back after a commit, persist failures reported by status")
struct CacheHealingTests {
    let t0 = TestPKI.referenceTime + 3600

    /// Ways a cached root goes bad.
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case junk, otherCertificate, symlinkToDevZero, fifo, folder

        var testDescription: String { rawValue }

        /// Puts the damage at `file` (a root written by a refresh); `other` is a certificate that is not the root.
        func apply(to file: URL, other: Certificate) throws {
            try FileManager.default.removeItem(at: file)
            switch self {
            case .junk: try Data("junk, not a certificate\n".utf8).write(to: file)
            case .otherCertificate: try Data(other.derEncoded).write(to: file)
            case .symlinkToDevZero:
                try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/zero")
            case .fifo: #expect(mkfifo(file.path, 0o600) == 0)
            case .folder: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
            }
        }
    }

    func rootFile(_ harness: RefreshHarness) -> URL {
        harness.layout.root(sha256: harness.sim.root.certificate.sha256Hex)
    }

    @Test(
        "a damaged cached root fails closed, is quarantined with one note, and the next refresh writes it again",
        arguments: Damage.allCases)
    func damagedRootHeals(_ damage: Damage) throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let file = rootFile(harness)
        try damage.apply(to: file, other: harness.sim.vicalSigner.certificate)

        // A fresh reader (trustctl status) trusts nothing from a root it cannot read back, and moves nothing.
        let before = try harness.status(at: t0 + 10)
        #expect(before.lists.allSatisfy { $0.state == .noTrust }, "\(before.lists.map(\.state))")
        let root = "cached root \(harness.sim.root.certificate.sha256Hex.prefix(12))"
        #expect(before.events.filter { $0.contains(root) }.count == 1, "\(before.events)")

        let report = try harness.refresh(at: t0 + 60)
        #expect(
            report.exitStatus == 0, "\(report.headline) \(report.events) \(String(describing: report.persistError))")
        #expect(report.events.filter { $0.contains(root) && $0.contains("quarantined") }.count == 1, "\(report.events)")
        #expect(report.events.contains { $0.contains("fetched and written again") }, "\(report.events)")
        let quarantined = try FileManager.default.contentsOfDirectory(atPath: harness.layout.quarantine.path)
        #expect(quarantined == ["root-\(harness.sim.root.certificate.sha256Hex).der"])
        // The root file is again the root's DER, as a regular file, compared with sha256sum's hash of the pin's bytes.
        let bytes = try Array(Data(contentsOf: file))
        #expect(bytes == harness.sim.root.certificate.derEncoded)
        #expect(try TestTools.sha256sum(bytes) == harness.sim.root.certificate.sha256Hex)

        let after = try harness.status(at: t0 + 120)
        #expect(after.lists.allSatisfy { $0.state == .fresh }, "\(after.lists.map(\.state)) \(after.events)")
        #expect(after.exitStatus == 0)
        #expect(after.headline == "OK: 2 fresh")
    }

    @Test("a damaged root whose source does not answer: the refresh does not exit 0, and says the root is missing")
    func damagedRootWithoutSource() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        try Damage.junk.apply(to: rootFile(harness), other: harness.sim.vicalSigner.certificate)
        harness.source.set(harness.rootURL, .failure(TrustListError(.networkError, "connection refused")))
        let report = try harness.refresh(at: t0 + 60)
        #expect(report.exitStatus == 2, "\(report.headline)")
        #expect(
            report.headline.hasPrefix("CRITICAL: sim/vical no_trust (network_error), sim/rical no_trust"),
            "\(report.headline)")
    }

    @Test("a committed file that does not read back is written again once, with a note, and the refresh is OK")
    func readBackHealsOnce() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        let file = rootFile(harness)
        // Between writing the root and committing the lists, something overwrites the root (a disk, another tool).
        service.setBeforeCommitRename {
            try? Data("overwritten".utf8).write(to: file)
        }
        let report = try service.refresh(at: t0, lockTimeout: 5)
        #expect(report.persistError == nil, "\(String(describing: report.persistError))")
        #expect(report.exitStatus == 0, "\(report.headline)")
        #expect(
            report.events.contains { $0.contains("did not read back") && $0.contains("written again") },
            "\(report.events)")
        #expect(try Array(Data(contentsOf: file)) == harness.sim.root.certificate.derEncoded)
        #expect(try harness.status(at: t0 + 1).exitStatus == 0)
    }

    @Test(
        "a committed file that cannot be written again: WARNING persist_error once, no loop, and status reports it until a refresh stores"
    )
    func readBackFailureIsReported() throws {
        let harness = try RefreshHarness()
        let service = harness.service()
        let roots = harness.layout.roots
        let aside = harness.folder.url.appendingPathComponent("roots-aside")
        // The roots folder replaced by a file after the root was written: nothing can be written under it.
        service.setBeforeCommitRename {
            try? FileManager.default.moveItem(at: roots, to: aside)
            try? Data("not a folder".utf8).write(to: roots)
        }
        let report = try service.refresh(at: t0, lockTimeout: 5)
        let error = try #require(report.persistError)
        #expect(error.code == .persistError)
        #expect(error.reason.contains("the cache does not read back"), "\(error.reason)")
        #expect(error.reason.contains(harness.sim.root.certificate.sha256Hex), "\(error.reason)")
        #expect(report.exitStatus == 1, "\(report.headline)")
        #expect(report.headline.hasPrefix("WARNING: results not stored (persist_error), 2 fresh"), "\(report.headline)")
        // The daemon's view, in memory: the same process keeps reporting it.
        #expect(service.status(at: t0 + 1).persistFailure?.count == 1)
        #expect(service.status(at: t0 + 1).monitoringStatus == .warning)

        // A fresh process: no root, so no trust; and the failure recorded by the refresh is reported too.
        let status = try harness.status(at: t0 + 2)
        #expect(status.exitStatus == 2)
        #expect(status.persistFailure?.reason == .persistError)
        #expect(status.headline.contains("results not stored (persist_error)"), "\(status.headline)")

        // Repaired: the next refresh stores, and the record is gone.
        try FileManager.default.removeItem(at: roots)
        try FileManager.default.moveItem(at: aside, to: roots)
        service.setBeforeCommitRename {}
        let healed = try service.refresh(at: t0 + 60, lockTimeout: 5)
        #expect(healed.persistError == nil)
        #expect(service.status(at: t0 + 61).persistFailure == nil)
        let fresh = try harness.status(at: t0 + 62)
        #expect(fresh.persistFailure == nil)
        #expect(fresh.headline == "OK: 2 fresh")
    }

    @Test(
        "a cached list that is a FIFO or a symlink to /dev/zero is quarantined without being opened; the refresh fetches it again",
        arguments: [Damage.fifo, .symlinkToDevZero])
    func nonRegularListHeals(_ damage: Damage) throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).exitStatus == 0)
        let current = try #require(try harness.status(at: t0).lists.first { $0.id == harness.vicalID }?.current)
        let file = harness.layout.list(harness.vicalID, sha256: current.sha256)
        try damage.apply(to: file, other: harness.sim.vicalSigner.certificate)
        let kind = damage == .fifo ? "FIFO" : "symbolic link"
        let report = try harness.refresh(at: t0 + 60)
        #expect(
            report.events.contains { $0.contains("quarantined (not a regular file (\(kind)))") }, "\(report.events)")
        #expect(report.exitStatus == 0, "\(report.headline)")
        #expect(try TestTools.sha256sum(Array(Data(contentsOf: file))) == current.sha256)
        #expect(try harness.status(at: t0 + 61).headline == "OK: 2 fresh")
    }

    @Test("the headline names each list that is not well and why, then the counts")
    func headline() throws {
        let harness = try RefreshHarness()
        #expect(try harness.refresh(at: t0).headline == "OK: 2 fresh")
        harness.source.set(harness.vicalURL, .failure(TrustListError(.networkError, "connection refused")))
        let report = try harness.refresh(at: t0 + 60)
        #expect(report.headline == "WARNING: sim/vical kept last good (network_error), 2 fresh")
        #expect(
            try harness.status(at: t0 + 60).headline == "WARNING: sim/vical kept last good (network_error), 2 fresh")
    }
}
