import Foundation
import JOSE
import Publishing
import TestSupport
import Testing
import TrustLists
import TrustListsService
import X509

/// LoTEs as a configured list kind (docs/architecture.md, Lists of Trusted Entities): fetched, verified against the
/// network's pinned root, stored and kept last good like VICALs and RICALs, ordered by `LoTESequenceNumber`, and their
/// services turned into anchors by service type (ETSI TS 119 602).
@Suite("LoTE lists")
struct LoTEListTests {
    let pid = LoTEServiceRole.pidDocType

    func result(_ report: RefreshReport, _ id: ListID) throws -> ListRefreshResult {
        try #require(report.results.first { $0.id == id })
    }

    @Test("both LoTEs are fetched, verified and fresh; status names them as kind lote with their LoTEType")
    func refreshed() throws {
        let harness = try LoTEHarness()
        let (service, report) = try harness.refresh(at: harness.time + 60)
        for id in [harness.pidID, harness.wrpacID] {
            let list = try result(report, id)
            #expect(list.outcome == .updated, "\(id): \(list.outcome)")
            #expect(list.state == .fresh)
            #expect(list.current?.issueID == 1)
        }
        // The PID list has two trusted entities, the WRPAC list one (the content the harness published).
        #expect(try result(report, harness.pidID).current?.entries == 2)
        #expect(try result(report, harness.wrpacID).current?.entries == 1)
        #expect(try result(report, harness.pidID).current?.provider == DemoLoTEs.operatorName)
        let status = WireStatus(
            service.status(at: harness.time + 60), snapshot: service.snapshot, configuration: harness.configuration)
        #expect(status.lists.map(\.kind) == ["lote", "lote"])
        #expect(status.lists.map(\.loteType) == [DemoLoTEs.pidType, DemoLoTEs.wrpacType])
        #expect(
            FileManager.default.fileExists(
                atPath: harness.layout.list(
                    harness.pidID, sha256: try #require(result(report, harness.pidID).current?.sha256)
                ).path))
        #expect(harness.layout.list(harness.pidID, sha256: "ab").lastPathComponent == "ab.jws")
    }

    @Test("the snapshot holds every service, the PID provider's CA as a PID issuer and the access CA as a verifier")
    func snapshotRows() throws {
        let harness = try LoTEHarness()
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let snapshot = service.snapshot
        // Only the current PID service gives an issuer: the withdrawn one is shown, not used.
        #expect(snapshot.issuers.map(\.sha256) == [harness.lotes.pidProviderCA.certificate.sha256Hex])
        #expect(snapshot.issuers.first?.docTypes == [pid])
        #expect(snapshot.issuers.first?.source == harness.pidID)
        #expect(snapshot.verifiers.map(\.sha256) == [harness.lotes.accessCA.certificate.sha256Hex])
        #expect(snapshot.verifiers.first?.name == "Demo Access Certificate Provider")
        #expect(snapshot.services.count == 3)
        let withdrawn = try #require(snapshot.services.first { $0.entity == "Demo Former PID Provider" })
        #expect(!withdrawn.listed)
        #expect(withdrawn.status == DemoLoTEs.withdrawn)
        #expect(withdrawn.certificates == [harness.lotes.formerPIDProviderCA.certificate.sha256Hex])
        #expect(snapshot.services.filter(\.listed).count == 2)
        // The JSON form reads back with its services and LoTE types.
        let read = try Snapshot(jsonEncoded: try snapshot.jsonEncoded())
        #expect(read == snapshot)
        #expect(read.source(harness.pidID)?.loteType == DemoLoTEs.pidType)
    }

    @Test("a PID signer under a listed provider may sign a PID, not an mDL; one under a withdrawn provider is refused")
    func issuerDecisions() throws {
        let harness = try LoTEHarness()
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let lotes = harness.lotes
        let at = harness.time + 120
        let trusted = service.queries.issuerDecision(
            chain: [lotes.pidSigner.certificate, lotes.pidProviderCA.certificate], docType: pid, at: at)
        guard case .trusted(let answer) = trusted else {
            Issue.record("the PID signer is not trusted: \(trusted.message)")
            return
        }
        #expect(answer.anchor.list == harness.pidID)
        #expect(answer.trustedBy.sha256 == lotes.pidProviderCA.certificate.sha256Hex)
        // The chain without its CA validates too: the listed CA is the anchor.
        #expect(service.queries.issuerDecision(chain: [lotes.pidSigner.certificate], docType: pid, at: at).isTrusted)
        let mDL = service.queries.issuerDecision(
            chain: [lotes.pidSigner.certificate], docType: LoTEServiceRole.mDLDocType, at: at)
        #expect(mDL.reason == .docTypeNotAuthorized)
        let withdrawn = service.queries.issuerDecision(
            chain: [lotes.formerPIDSigner.certificate, lotes.formerPIDProviderCA.certificate], docType: pid, at: at)
        #expect(withdrawn.reason == .notOnTrustList)
    }

    @Test("a reader certificate under the WRPAC list's access CA is a trusted reader; readers elsewhere are not")
    func readerDecisions() throws {
        let harness = try LoTEHarness()
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let reader = try RequestObjectPublisher.verifierCertificate(
            commonName: "EU Relying Party", host: "rp.eu.test", issuer: harness.lotes.accessCA, at: harness.time)
        let decision = service.queries.readerDecision(chain: [reader.certificate], at: harness.time + 120)
        #expect(decision.isTrusted, "\(decision.message)")
        #expect(decision.anchor?.list == harness.wrpacID)
        // The PID provider's CA is an issuer anchor, never a reader anchor.
        let other = try RequestObjectPublisher.verifierCertificate(
            commonName: "Not a Relying Party", host: "x.eu.test", issuer: harness.lotes.pidProviderCA, at: harness.time)
        #expect(
            service.queries.readerDecision(chain: [other.certificate], at: harness.time + 120).reason == .notOnTrustList
        )
    }

    @Test("an end-entity certificate listed in a LoTE is trusted as itself only: what it signs is not")
    func endEntityListedAsItself() throws {
        let harness = try LoTEHarness()
        let elsewhere = try TestPKI.root("Unlisted CA")
        let listedSigner = try TestPKI.leaf(
            "Listed PID Signer", under: elsewhere, extendedKeyUsage: [OID.documentSignerEKU])
        let child = try TestPKI.issue("Signed by the listed signer", by: listedSigner) { builder in
            builder.keyUsage = [.digitalSignature]
            builder.extendedKeyUsage = [OID.documentSignerEKU]
        }
        var content = harness.lotes.pidContent(sequenceNumber: 2)
        content.entities.append(
            (
                name: "Direct Signer",
                services: [.init(type: DemoLoTEs.pidIssuance, certificates: [listedSigner.certificate])]
            ))
        try harness.publish(pid: content)
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let at = harness.time + 120
        #expect(service.queries.issuerDecision(chain: [listedSigner.certificate], docType: pid, at: at).isTrusted)
        let signedByIt = service.queries.issuerDecision(
            chain: [child.certificate, listedSigner.certificate], docType: pid, at: at)
        #expect(!signedByIt.isTrusted)
        #expect(signedByIt.reason == .chainInvalid, "\(signedByIt.message)")
    }

    @Test(
        "a lower LoTESequenceNumber is a rollback even with a later issue time; other content under one number is equivocation"
    )
    func rollbackAndEquivocation() throws {
        let harness = try LoTEHarness()
        var second = harness.lotes.pidContent(sequenceNumber: 2)
        second.issueDate = harness.time
        try harness.publish(pid: second)
        _ = try harness.refresh(at: harness.time + 60)

        var older = harness.lotes.pidContent(sequenceNumber: 1)
        older.issueDate = harness.time + 30
        try harness.publish(pid: older)
        let (_, rolledBack) = try harness.refresh(at: harness.time + 60)
        let rollback = try result(rolledBack, harness.pidID)
        guard case .keptLastGood(let error) = rollback.outcome else {
            Issue.record("expected kept_last_good, found \(rollback.outcome)")
            return
        }
        #expect(error.code == .rollback)
        #expect(rollback.current?.issueID == 2)

        var other = harness.lotes.pidContent(sequenceNumber: 2)
        other.issueDate = harness.time
        other.entities.removeLast()
        try harness.publish(pid: other)
        let (_, equivocated) = try harness.refresh(at: harness.time + 60)
        guard case .keptLastGood(let equivocation) = try result(equivocated, harness.pidID).outcome else {
            Issue.record("expected kept_last_good")
            return
        }
        #expect(equivocation.code == .equivocation)

        var third = harness.lotes.pidContent(sequenceNumber: 3)
        third.issueDate = harness.time - 3600
        try harness.publish(pid: third)
        let (_, accepted) = try harness.refresh(at: harness.time + 60)
        #expect(try result(accepted, harness.pidID).outcome == .updated)
        #expect(try result(accepted, harness.pidID).current?.issueID == 3)
    }

    @Test(
        "an altered payload (bad_signature) and an unsigned alg none LoTE (unsupported_alg) never replace the last good one"
    )
    func alteredAndUnsigned() throws {
        let harness = try LoTEHarness()
        _ = try harness.refresh(at: harness.time + 60)
        let signed = String(
            decoding: try harness.lotes.signed(harness.lotes.pidContent(sequenceNumber: 2)), as: UTF8.self)
        let parts = signed.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        // The payload of sequence 3 under the signature of sequence 2 (RFC 7515 §5.2: the signature covers both).
        let other = String(
            decoding: try harness.lotes.signed(harness.lotes.pidContent(sequenceNumber: 3)), as: UTF8.self
        ).split(separator: ".").map(String.init)
        let altered = [parts[0], other[1], parts[2]].joined(separator: ".")
        // alg none (RFC 7518 §3.6): a protected header {"alg":"none"} and an empty signature.
        let none = Base64URL.encode(Array(#"{"alg":"none"}"#.utf8)) + "." + parts[1] + "."
        for (bytes, code) in [(altered, TrustListError.Code.badSignature), (none, .unsupportedAlgorithm)] {
            harness.source.set(harness.pidURL, .bytes(Array(bytes.utf8)))
            let (_, report) = try harness.refresh(at: harness.time + 60)
            let list = try result(report, harness.pidID)
            guard case .keptLastGood(let error) = list.outcome else {
                Issue.record("expected kept_last_good, found \(list.outcome)")
                continue
            }
            #expect(error.code == code, "\(error)")
            #expect(list.current?.issueID == 1)
            #expect(list.state == .fresh)
        }
    }

    @Test("another LoTEType is wrong_list_type and another scheme operator provider_mismatch; the last good list stays")
    func wrongTypeAndProvider() throws {
        let harness = try LoTEHarness()
        try harness.publish(pid: harness.lotes.wrpacContent(sequenceNumber: 5))
        let (_, report) = try harness.refresh(at: harness.time + 60)
        guard case .failed(let error) = try result(report, harness.pidID).outcome else {
            Issue.record("expected failed")
            return
        }
        #expect(error.code == .wrongListType)

        let strict = try LoTEHarness(pidMembers: "\"provider\": \"Another Operator\"")
        let (_, refused) = try strict.refresh(at: strict.time + 60)
        guard case .failed(let mismatch) = try result(refused, strict.pidID).outcome else {
            Issue.record("expected failed")
            return
        }
        #expect(mismatch.code == .providerMismatch)
    }

    @Test(
        "a restarted service verifies the cached LoTEs again; a damaged one is quarantined and healed by the next refresh"
    )
    func cacheReverified() throws {
        let harness = try LoTEHarness()
        let (_, report) = try harness.refresh(at: harness.time + 60)
        let restarted = harness.service(readOnly: true)
        try restarted.load(at: harness.time + 120)
        #expect(restarted.status(at: harness.time + 120).lists.allSatisfy { $0.state == .fresh })
        #expect(
            restarted.queries.issuerDecision(
                chain: [harness.lotes.pidSigner.certificate], docType: pid, at: harness.time + 120
            ).isTrusted)

        let sha = try #require(try result(report, harness.pidID).current?.sha256)
        let file = harness.layout.list(harness.pidID, sha256: sha)
        var bytes = Array(try Data(contentsOf: file))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: file)
        let damaged = harness.service(readOnly: true)
        try damaged.load(at: harness.time + 120)
        #expect(damaged.status(at: harness.time + 120).lists.first { $0.id == harness.pidID }?.state == .noTrust)
        let (_, healed) = try harness.refresh(at: harness.time + 180)
        #expect(try result(healed, harness.pidID).state == .fresh)
        #expect(Array(try Data(contentsOf: file)) != bytes)
    }

    @Test("past NextUpdate and the grace the LoTE is expired and its anchors answer trust_list_expired")
    func expired() throws {
        let harness = try LoTEHarness(extraNetwork: "\"overdueGraceSeconds\": 3600")
        let (service, _) = try harness.refresh(at: harness.time + 60)
        let late = harness.time + 86_400 + 7200
        #expect(service.status(at: late).lists.first { $0.id == harness.pidID }?.state == .expired)
        let decision = service.queries.issuerDecision(
            chain: [harness.lotes.pidSigner.certificate], docType: pid, at: late)
        #expect(decision.reason == .trustListExpired)
    }

    @Test(
        "a LoTE Python signed under its own root is refreshed, verified and answers for its PID provider",
        .requires(.pythonCryptography))
    func pythonSigned() throws {
        let base = try LoTEHarness()
        var content = base.lotes.pidContent()
        content.operatorName = "European Commission"
        content.issueDate = TestPKI.referenceTime - 3600
        let signed = try PythonLoTE.sign(try LoTEPublisher.payload(content))
        let harness = try LoTEHarness(root: signed.root)
        harness.source.set(harness.pidURL, .bytes(signed.jws))
        harness.source.set(harness.wrpacURL, .failure(TrustListError(.httpStatus, "404")))
        let (service, report) = try harness.refresh(at: TestPKI.referenceTime + 60)
        #expect(try result(report, harness.pidID).state == .fresh)
        let decision = service.queries.issuerDecision(
            chain: [base.lotes.pidSigner.certificate, base.lotes.pidProviderCA.certificate], docType: pid,
            at: TestPKI.referenceTime + 60)
        #expect(decision.isTrusted, "\(decision.message)")
    }

    @Test(
        """
        services withdrawn from a later StatusStartingTime are used until then; the daemon refreshes at that time and \
        the rebuild is a new generation without them, in decisions and in the snapshot JSON alike
        """)
    func withdrawalsTakeEffectOnTime() throws {
        let harness = try LoTEHarness()
        let (pidWithdrawal, walletWithdrawal) = (harness.time + 3600, harness.time + 7200)
        let walletCA = try TestPKI.root("Wallet Provider CA")
        let attestation = try TestPKI.leaf("Wallet Attestation Signer", under: walletCA, extendedKeyUsage: nil)
        var content = harness.lotes.pidContent()
        content.entities[0].services[0].status = DemoLoTEs.withdrawn
        content.entities[0].services[0].statusStartingTime = pidWithdrawal
        // A wallet provider: its withdrawal changes no issuer or verifier, only the service's `listed`.
        content.entities.append(
            (
                name: "Demo Wallet Provider",
                services: [
                    .init(
                        type: "http://uri.etsi.org/19602/SvcType/WalletSolution/Issuance",
                        certificates: [walletCA.certificate],
                        status: "http://uri.etsi.org/19602/WalletProvidersList/SvcStatus/withdrawn",
                        statusStartingTime: walletWithdrawal)
                ]
            ))
        try harness.publish(pid: content)
        let chain = [harness.lotes.pidSigner.certificate, harness.lotes.pidProviderCA.certificate]
        let service = harness.service()
        _ = try service.refresh(at: harness.time + 60, lockTimeout: 5)
        #expect(service.queries.issuerDecision(chain: chain, docType: pid, at: harness.time + 120).isTrusted)
        #expect(
            service.queries.walletProviderDecision(chain: [attestation.certificate], at: harness.time + 120).isTrusted)
        let first = try #require(service.snapshotDocument).snapshot.generation
        // The daemon's plan: the PID list is due when the first withdrawal starts, not a refresh interval later.
        service.replan(at: harness.time + 60)
        #expect(
            service.schedule.plan(of: harness.pidID) == RefreshSchedule.Plan(due: pidWithdrawal, reason: .statusChange))

        // The list itself is unchanged (same sequence number); only the time has passed a StatusStartingTime.
        let report = try service.refresh(at: pidWithdrawal + 1, lockTimeout: 5)
        #expect(try result(report, harness.pidID).outcome.name == "unchanged")
        #expect(try #require(service.snapshotDocument).snapshot.generation == first + 1)
        #expect(
            service.queries.issuerDecision(chain: chain, docType: pid, at: pidWithdrawal + 2).reason == .notOnTrustList)
        #expect(
            service.queries.walletProviderDecision(chain: [attestation.certificate], at: pidWithdrawal + 2).isTrusted)
        service.replan(at: pidWithdrawal + 1)
        #expect(
            service.schedule.plan(of: harness.pidID)
                == RefreshSchedule.Plan(due: walletWithdrawal, reason: .statusChange))

        _ = try service.refresh(at: walletWithdrawal + 1, lockTimeout: 5)
        let last = try #require(service.snapshotDocument)
        #expect(last.snapshot.generation == first + 2)
        #expect(
            !service.queries.walletProviderDecision(chain: [attestation.certificate], at: walletWithdrawal + 2)
                .isTrusted)
        // What readers of the snapshot JSON (the HTTP API, the export) see says the same.
        let published = try Snapshot(jsonEncoded: last.json)
        #expect(published.generation == last.snapshot.generation)
        #expect(published.issuers.isEmpty)
        #expect(
            published.services.filter { ["Demo PID Provider", "Demo Wallet Provider"].contains($0.entity) }.map(
                \.listed) == [false, false])
        // Nothing more is planned for changes that have happened.
        service.replan(at: walletWithdrawal + 1)
        #expect(service.schedule.plan(of: harness.pidID)?.reason != .statusChange)
    }
}

@Suite("LoTE export")
struct LoTEExportTests {
    @Test("the export writes each LoTE content-addressed as .jws with a v1/lists/<network>/<id> link to it")
    func exported() throws {
        let harness = try LoTEHarness()
        let (service, report) = try harness.refresh(at: harness.time + 60)
        let folder = try TemporaryDirectory()
        _ = try ExportDirectory(directory: folder.url).write(
            try #require(service.snapshotDocument), lists: ExportDirectory.items(of: service, at: harness.time + 60),
            at: harness.time + 60)
        let sha = try #require(report.results.first { $0.id == harness.pidID }?.current?.sha256)
        let file = folder.url.appendingPathComponent("lists/eu/pid/\(sha).jws")
        let link = folder.url.appendingPathComponent("v1/lists/eu/pid")
        let bytes = Array(try Data(contentsOf: file))
        #expect(hexString(Digest.sha256.hash(bytes)) == sha)
        #expect(Array(try Data(contentsOf: link)) == bytes)
    }
}
