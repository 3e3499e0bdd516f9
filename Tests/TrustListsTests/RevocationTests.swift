import Foundation
import Publishing
import TestSupport
import Testing
import X509

@testable import TrustLists
@testable import TrustListsService

/// Revocation end to end over the list simulator (docs/architecture.md, "Revocation"): the lists name the CAs, the
/// refresh fetches and verifies their CRLs, the store keeps the last good one, the generation carries them, and
/// reader and issuer decisions refuse what a CRL lists. `openssl verify -crl_check` says independently which
/// certificates the same CRLs revoke.
@Suite("Revocation: CRLs fetched, kept and applied to decisions")
struct RevocationTests {
    let mDL = "org.iso.18013.5.1.mDL"

    func summary(_ service: TrustService, _ slot: CRLSlotID) -> CRLStatus? {
        service.status(at: service.snapshot.builtAt).crls.first { $0.slot == slot }
    }

    func utopiaSlot(_ world: RevocationHarness) -> CRLSlotID {
        CRLSlotID(network: "sim", issuerSHA256: world.sim.iacas[0].iaca.certificate.sha256Hex)
    }

    @Test("a document signer and a reader on their CA's CRL are refused as revoked, as openssl says; siblings trusted")
    func revokedRefused() throws {
        let world = try RevocationHarness()
        let sim = world.sim
        let report = try world.harness.refresh(at: world.t0)
        #expect(report.crls.count == 4, "\(report.crls.map(\.outcome))")
        #expect(report.crls.allSatisfy { $0.outcome == .updated && $0.state == .fresh })
        let service = try world.loadedService(at: world.t0)
        let queries = service.queries

        let revoked = queries.issuerDecision(
            chain: world.issuerChain(sim.revokedDocumentSigner), docType: mDL, at: world.t0)
        #expect(revoked.reason == .revoked)
        #expect(revoked.message.contains(Timestamp.text(TestPKI.referenceTime - TestPKI.day)), "\(revoked.message)")
        #expect(revoked.revocation?.crlNumber == "1")
        let good = queries.issuerDecision(chain: world.issuerChain(sim.documentSigner), docType: mDL, at: world.t0)
        #expect(good.isTrusted, "\(good.message)")
        #expect(good.revocation?.checked == true)
        #expect(good.revocation?.state == .fresh)
        #expect(good.warnings.isEmpty)

        let revokedReader = queries.readerDecision(chain: [sim.revokedReader.certificate], at: world.t0)
        #expect(revokedReader.reason == .revoked)
        #expect(queries.readerDecision(chain: [sim.directReader.certificate], at: world.t0).isTrusted)
        // The memoized path gives the same answers.
        #expect(queries.readerDecision(chain: [sim.revokedReader.certificate], at: world.t0).reason == .revoked)
        #expect(
            queries.issuerDecision(chain: world.issuerChain(sim.documentSigner), docType: mDL, at: world.t0).isTrusted)

        // The oracle: openssl verify -crl_check on the same certificates and CRLs.
        let utopia = sim.iacas[0].iaca
        let utopiaCRL = try world.crl(of: utopia, number: 1)
        let readerCRL = try world.crl(of: sim.readerCA, number: 1)
        #expect(
            try OpenSSLRevocationOracle.isRevoked(
                sim.revokedDocumentSigner.certificate, ca: utopia.certificate, crl: utopiaCRL, at: world.t0))
        #expect(
            try !OpenSSLRevocationOracle.isRevoked(
                sim.documentSigner.certificate, ca: utopia.certificate, crl: utopiaCRL, at: world.t0))
        #expect(
            try OpenSSLRevocationOracle.isRevoked(
                sim.revokedReader.certificate, ca: sim.readerCA.certificate, crl: readerCRL, at: world.t0))
        #expect(
            try !OpenSSLRevocationOracle.isRevoked(
                sim.directReader.certificate, ca: sim.readerCA.certificate, crl: readerCRL, at: world.t0))

        // Status: one entry per CA with a source, the CRL's facts, OK in warn mode.
        let status = service.status(at: world.t0)
        #expect(status.crls.count == 4)
        let entry = try #require(status.crls.first { $0.slot == utopiaSlot(world) })
        #expect(entry.state == .fresh)
        #expect(entry.current?.revoked == 1)
        #expect(entry.current?.crlNumber == "1")
        #expect(entry.urls == [world.utopiaURL])
        #expect(status.exitStatus == 0)
    }

    @Test("an imposter, rolled-back, expired or garbage CRL never replaces the last good one")
    func lastGoodKept() throws {
        let world = try RevocationHarness()
        let sim = world.sim
        try world.publishCRLs(number: 2)
        _ = try world.harness.refresh(at: world.t0)
        let slot = utopiaSlot(world)
        let good = try #require(
            try world.loadedService(at: world.t0).status(at: world.t0).crls.first { $0.slot == slot })
        #expect(good.current?.crlNumber == "2")

        // Same subject, another key: the signature does not verify under the listed IACA's key.
        let imposter = try DemoNetwork.issue(
            subject: [.country("US"), .organization("Sim Trust Network"), .commonName("Sim IACA Utopia")], by: nil,
            algorithm: .ecP256, notBefore: TestPKI.referenceTime - 365 * TestPKI.day,
            notAfter: TestPKI.referenceTime + 365 * TestPKI.day
        ) { builder in
            builder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
            builder.keyUsage = [.keyCertSign, .cRLSign]
        }
        #expect(imposter.certificate.subject == sim.iacas[0].iaca.certificate.subject)
        let imposterCRL = try sim.crl(
            of: imposter, revoking: [], number: 9, thisUpdate: TestPKI.referenceTime,
            nextUpdate: TestPKI.referenceTime + 7200)
        let cases: [([UInt8], ReasonCode)] = [
            (imposterCRL, .badSignature),
            (try world.crl(of: sim.iacas[0].iaca, number: 1), .crlRollback),
            (
                try world.crl(
                    of: sim.iacas[0].iaca, number: 3, thisUpdate: TestPKI.referenceTime - 3 * TestPKI.day,
                    nextUpdate: TestPKI.referenceTime - TestPKI.day), .crlExpired
            ),
            (Array("garbage, not a CRL".utf8), .malformedPEM),
            (Array(try world.crl(of: sim.iacas[0].iaca, number: 4).prefix(40)), .malformedCRL),
        ]
        for (index, (bytes, code)) in cases.enumerated() {
            world.harness.source.set(world.utopiaURL, .bytes(bytes))
            let time = world.t0 + Double(index + 1) * 60
            let report = try world.harness.refresh(at: time)
            let result = try #require(report.crls.first { $0.slot == slot })
            #expect(result.outcome.error?.code == code, "case \(index): \(result.outcome)")
            #expect(result.current?.crlNumber == "2", "case \(index)")
            let service = try world.loadedService(at: time)
            #expect(service.status(at: time).crls.first { $0.slot == slot }?.lastError?.reason == code)
            #expect(
                service.queries.issuerDecision(
                    chain: world.issuerChain(sim.revokedDocumentSigner), docType: mDL, at: time
                ).reason == .revoked, "case \(index)")
        }
    }

    @Test("require refuses past nextUpdate plus grace and warns within it; warn trusts with the warning")
    func modes() throws {
        let require = try RevocationHarness(revocation: "\"mode\": \"require\", \"graceSeconds\": 3600")
        _ = try require.harness.refresh(at: require.t0)
        let nextUpdate = TestPKI.referenceTime + RevocationHarness.crlLifetime
        let stale = nextUpdate + 1800
        let expired = nextUpdate + 3601
        let service = try require.loadedService(at: require.t0)
        let chain = require.issuerChain(require.sim.documentSigner)
        let withinGrace = service.queries.issuerDecision(chain: chain, docType: mDL, at: stale)
        #expect(withinGrace.isTrusted, "\(withinGrace.message)")
        #expect(withinGrace.revocation?.state == .stale)
        #expect(withinGrace.warnings == [.revocationUnchecked])
        let past = service.queries.issuerDecision(chain: chain, docType: mDL, at: expired)
        #expect(past.reason == .revocationUnavailable, "\(past.message)")
        #expect(past.revocation?.state == .expired)
        // Status: stale is WARNING, expired CRITICAL in require.
        #expect(try require.harness.status(at: stale).exitStatus == 1)
        #expect(try require.harness.status(at: expired).exitStatus == 2)

        let warn = try RevocationHarness(revocation: "\"mode\": \"warn\", \"graceSeconds\": 3600")
        _ = try warn.harness.refresh(at: warn.t0)
        let warnService = try warn.loadedService(at: warn.t0)
        let trusted = warnService.queries.issuerDecision(
            chain: warn.issuerChain(warn.sim.documentSigner), docType: mDL, at: expired)
        #expect(trusted.isTrusted)
        #expect(trusted.revocation?.state == .expired)
        #expect(trusted.warnings == [.revocationUnchecked])
        #expect(
            trusted.message.hasSuffix(
                "revocation unchecked: the issuer's CRL is past its nextUpdate and the grace period (expired)"),
            "\(trusted.message)")
        // Revoked stays revoked in every mode, whatever the CRL's age.
        #expect(
            warnService.queries.issuerDecision(
                chain: warn.issuerChain(warn.sim.revokedDocumentSigner), docType: mDL, at: expired
            ).reason == .revoked)
        #expect(try warn.harness.status(at: expired).exitStatus == 0)
    }

    @Test("an unreachable CRL source is missing: require refuses and is CRITICAL, warn trusts and stays OK")
    func missing() throws {
        for mode in ["require", "warn"] {
            let world = try RevocationHarness(revocation: "\"mode\": \"\(mode)\"")
            world.harness.source.set(world.utopiaURL, .failure(TrustListError(.httpStatus, "HTTP 404")))
            let report = try world.harness.refresh(at: world.t0)
            #expect(report.crls.first { $0.slot == utopiaSlot(world) }?.state == .missing)
            #expect(report.exitStatus == (mode == "require" ? 2 : 0), "\(mode)")
            let service = try world.loadedService(at: world.t0)
            let decision = service.queries.issuerDecision(
                chain: world.issuerChain(world.sim.documentSigner), docType: mDL, at: world.t0)
            if mode == "require" {
                #expect(decision.reason == .revocationUnavailable)
            } else {
                #expect(decision.isTrusted)
                #expect(decision.warnings == [.revocationUnchecked])
                #expect(decision.revocation?.checked == false)
                let unchecked = "revocation unchecked: no CRL of the issuer has been verified (missing)"
                #expect(decision.message.hasSuffix(unchecked), "\(decision.message)")
            }
            #expect(service.status(at: world.t0).exitStatus == (mode == "require" ? 2 : 0))
        }
    }

    @Test("mode off fetches no CRL and checks nothing")
    func off() throws {
        let world = try RevocationHarness(revocation: "\"mode\": \"off\"")
        let report = try world.harness.refresh(at: world.t0)
        #expect(report.crls.isEmpty)
        #expect(!world.harness.source.requests.contains { $0.url.hasPrefix(RevocationHarness.crlBase) })
        let service = try world.loadedService(at: world.t0)
        let decision = service.queries.issuerDecision(
            chain: world.issuerChain(world.sim.revokedDocumentSigner), docType: mDL, at: world.t0)
        #expect(decision.isTrusted)
        #expect(decision.revocation == nil)
    }

    @Test("a URL several CAs claim is fetched once, and its CRL counts for the CA whose key signed it")
    func sharedURL() throws {
        let mirror = "http://mirror.crl.test/utopia.crl"
        let world = try RevocationHarness(revocation: "\"crls\": [ { \"url\": \"\(mirror)\" } ]")
        world.harness.source.set(world.utopiaURL, .failure(TrustListError(.timeout, "no answer")))
        world.harness.source.set(mirror, .bytes(try world.crl(of: world.sim.iacas[0].iaca, number: 1)))
        let report = try world.harness.refresh(at: world.t0)
        #expect(world.harness.source.requests.filter { $0.url == mirror }.count == 1)
        let utopia = try #require(report.crls.first { $0.slot == utopiaSlot(world) })
        #expect(utopia.outcome == .updated)
        #expect(utopia.state == .fresh)
        // The other CAs also claim the mirror; it is not theirs, and that is no error of theirs.
        for result in report.crls where result.slot != utopiaSlot(world) {
            #expect(result.outcome == .updated, "\(result.slot): \(result.outcome)")
        }
        let service = try world.loadedService(at: world.t0)
        #expect(
            service.queries.issuerDecision(
                chain: world.issuerChain(world.sim.revokedDocumentSigner), docType: mDL, at: world.t0
            ).reason == .revoked)
    }

    @Test("a restart verifies the cached CRL again: a CRL file replaced in the cache is quarantined, never used")
    func restartReverifies() throws {
        let world = try RevocationHarness()
        _ = try world.harness.refresh(at: world.t0)
        let slot = utopiaSlot(world)
        let service = try world.loadedService(at: world.t0)
        #expect(
            service.queries.issuerDecision(
                chain: world.issuerChain(world.sim.revokedDocumentSigner), docType: mDL, at: world.t0
            ).reason == .revoked)
        let sha = try #require(service.status(at: world.t0).crls.first { $0.slot == slot }?.current?.sha256)
        // Another CA's CRL under this CA's file name: it does not verify under this CA's key.
        let file = world.harness.layout.crl(slot, sha256: sha)
        try Data(try world.crl(of: world.sim.iacas[1].iaca, number: 5)).write(to: file)
        let restarted = world.harness.service()
        let events = try restarted.load(at: world.t0)
        #expect(events.contains { $0.contains("quarantined") }, "\(events)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(restarted.status(at: world.t0).crls.first { $0.slot == slot }?.state == .missing)
    }

    @Test(
        "a cached CRL rewritten as PEM under its name is quarantined: a cached file must hash to its name, not decode to it"
    )
    func cachedCRLAsPEM() throws {
        let world = try RevocationHarness()
        _ = try world.harness.refresh(at: world.t0)
        let slot = utopiaSlot(world)
        let service = try world.loadedService(at: world.t0)
        let sha = try #require(service.status(at: world.t0).crls.first { $0.slot == slot }?.current?.sha256)
        let file = world.harness.layout.crl(slot, sha256: sha)
        let der = try Data(contentsOf: file)
        #expect(hexString(Digest.sha256.hash(der)) == sha)
        // The same CRL, as PEM with a line before it: it decodes and verifies, but its bytes are not its name's.
        let pem =
            "kept here\n-----BEGIN X509 CRL-----\n" + der.base64EncodedString(options: .lineLength64Characters)
            + "\n-----END X509 CRL-----\n"
        try Data(pem.utf8).write(to: file)
        let restarted = world.harness.service()
        let events = try restarted.load(at: world.t0)
        #expect(
            events.contains { $0.contains("quarantined") && $0.contains("does not match its SHA-256") }, "\(events)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(restarted.status(at: world.t0).crls.first { $0.slot == slot }?.state == .missing)
    }

    @Test("a cached CRL over http.maxBytes but within revocation.maxBytes is used again after a restart")
    func largeCachedCRL() throws {
        let world = try RevocationHarness(extraTop: "\"http\": { \"maxBytes\": 16384 }")
        let utopia = world.sim.iacas[0].iaca
        // The first IACA's CRL with 1,000 more entries (about 30 KB): over http.maxBytes (16 KiB), far within
        // revocation.maxBytes (16 MiB by default).
        var builder = CRLBuilder(
            thisUpdate: TestPKI.referenceTime, nextUpdate: TestPKI.referenceTime + RevocationHarness.crlLifetime,
            crlNumber: 1)
        builder.entries = [
            CRLBuilder.Entry(
                serialNumber: world.sim.revokedDocumentSigner.certificate.serialNumber,
                revocationDate: TestPKI.referenceTime - TestPKI.day)
        ]
        for index in 0..<1_000 {
            let serial: [UInt8] = [0x7E, UInt8(index >> 8), UInt8(index & 0xFF)] + Array(repeating: 0x11, count: 13)
            builder.entries.append(CRLBuilder.Entry(serialNumber: serial, revocationDate: TestPKI.referenceTime - 60))
        }
        let large = try builder.signed(by: utopia.certificate, key: utopia.key)
        #expect(large.count > 16384)
        world.harness.source.set(world.utopiaURL, .bytes(large))
        let report = try world.harness.refresh(at: world.t0)
        #expect(report.crls.first { $0.slot == utopiaSlot(world) }?.outcome == .updated)

        let restarted = world.harness.service(readOnly: true)
        let events = try restarted.load(at: world.t0)
        #expect(!events.contains { $0.contains("quarantined") }, "\(events)")
        let status = try #require(restarted.status(at: world.t0).crls.first { $0.slot == utopiaSlot(world) })
        #expect(status.state == .fresh)
        #expect(status.current?.revoked == 1_001)
        #expect(
            restarted.queries.issuerDecision(
                chain: world.issuerChain(world.sim.revokedDocumentSigner), docType: mDL, at: world.t0
            ).reason == .revoked)
    }

    @Test("each CRL is on its own schedule: due no later than its nextUpdate, while the lists keep theirs")
    func schedule() throws {
        let world = try RevocationHarness()
        let service = world.harness.service()
        _ = try service.refresh(at: world.t0, lockTimeout: 5)
        service.replan(at: world.t0)
        let crls = service.status(at: world.t0).crls.filter { $0.current != nil }
        #expect(!crls.isEmpty)
        for crl in crls {
            let plan = try #require(service.schedule.plan(of: .crl(crl.slot)))
            // The CRLs are fresh only until two hours after the reference time.
            #expect(plan.due <= TestPKI.referenceTime + RevocationHarness.crlLifetime, "\(crl.slot): \(plan)")
            #expect(plan.reason == .nextUpdate || plan.reason == .awaitingIssue, "\(plan)")
        }
        // The lists are fresh for a day: their plan is not pulled forward by the CRLs.
        let list = try #require(service.schedule.plan(of: world.harness.vicalID))
        #expect(list.due > TestPKI.referenceTime + RevocationHarness.crlLifetime, "\(list)")
        // The due CRLs alone are refreshed when only they are due.
        let due = service.schedule.due(at: TestPKI.referenceTime + RevocationHarness.crlLifetime)
        #expect(!due.isEmpty && due.allSatisfy { $0.crl != nil }, "\(due)")
    }

    @Test("a CRL change installs a new generation; an unchanged refresh keeps it")
    func generations() throws {
        let world = try RevocationHarness()
        _ = try world.harness.refresh(at: world.t0)
        let first = try world.harness.refresh(at: world.t0 + 60).snapshotGeneration
        try world.publishCRLs(number: 2)
        let second = try world.harness.refresh(at: world.t0 + 120).snapshotGeneration
        #expect(second == first + 1)
        #expect(try world.harness.refresh(at: world.t0 + 180).snapshotGeneration == second)
    }
}
