import Foundation
import HTTPServer
import Publishing
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService
import X509

/// Revocation over the HTTP API (docs/architecture.md, "Revocation"): decisions refuse a revoked document signer and
/// reader, `/v1/status` and `/metrics` show the CRLs, `/v1/crls/…` mirrors the verified CRL, the export writes it.
@Suite("TrustAPI: revocation in decisions, status, metrics, the CRL mirror and the export")
struct RevocationEndpointTests {
    func world() throws -> (APIWorld, RevocationHarness) {
        let revocation = try RevocationHarness()
        return (try APIWorld(harness: revocation.harness), revocation)
    }

    @Test("the issuer and reader decisions refuse revoked certificates and trust their siblings, with revocation")
    func decisions() throws {
        let (world, revocation) = try world()
        let sim = revocation.sim
        let body = { (signer: DemoNetwork.Issued) in
            "{\"x5c\": \(APIWorld.x5c(revocation.issuerChain(signer))), \"docType\": \"org.iso.18013.5.1.mDL\"}"
        }
        let revoked = world.post("/v1/decisions/issuer", body(sim.revokedDocumentSigner))
        #expect(revoked.status == 200)
        #expect(revoked.jsonObject["trusted"] as? Bool == false)
        #expect(revoked.jsonObject["reason"] as? String == "revoked")
        let good = world.post("/v1/decisions/issuer", body(sim.documentSigner))
        #expect(good.jsonObject["trusted"] as? Bool == true, "\(good.bodyText)")
        let facts = try #require(good.jsonObject["revocation"] as? [String: Any])
        #expect(facts["checked"] as? Bool == true)
        #expect(facts["state"] as? String == "fresh")
        #expect(facts["crlNumber"] as? String == "1")
        #expect((good.jsonObject["warnings"] as? [String])?.isEmpty == true)

        let reader = world.post("/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c([sim.revokedReader.certificate]))}")
        #expect(reader.jsonObject["reason"] as? String == "revoked")
        let goodReader = world.post(
            "/v1/decisions/reader", "{\"x5c\": \(APIWorld.x5c([sim.directReader.certificate]))}")
        #expect(goodReader.jsonObject["trusted"] as? Bool == true, "\(goodReader.bodyText)")
    }

    @Test("v1/status lists the CRLs and metrics declare and fill the CRL families")
    func statusAndMetrics() throws {
        let (world, revocation) = try world()
        let crls = try #require(world.get("/v1/status").jsonObject["crls"] as? [[String: Any]])
        #expect(crls.count == 4)
        let utopia = try #require(
            crls.first { $0["issuerSHA256"] as? String == revocation.sim.iacas[0].iaca.certificate.sha256Hex })
        #expect(utopia["state"] as? String == "fresh")
        #expect(utopia["revoked"] as? Int == 1)
        #expect(utopia["network"] as? String == "sim")
        #expect(utopia["urls"] as? [String] == [revocation.utopiaURL])
        let metrics = world.get("/metrics").bodyText
        #expect(metrics.contains("# TYPE trustlists_crl_state gauge"))
        #expect(metrics.contains("# TYPE trustlists_crl_refreshes_total counter"))
        #expect(metrics.contains("state=\"fresh\"} 1"))

        // Every CRL family is declared before any CA has a CRL.
        let empty = try APIWorld()
        let bare = empty.get("/metrics").bodyText
        for family in [
            "trustlists_crl_state", "trustlists_crl_next_update_timestamp_seconds",
            "trustlists_crl_revoked_certificates", "trustlists_crl_refreshes_total",
        ] {
            #expect(bare.contains("# HELP \(family) "), "\(family)")
        }
    }

    @Test("v1/crls serves the verified CRL as published, with ETag and 304; an unknown CA is 404 unknown_crl")
    func mirror() throws {
        let (world, revocation) = try world()
        let iaca = revocation.sim.iacas[0].iaca.certificate.sha256Hex
        let response = world.get("/v1/crls/sim/\(iaca)")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/pkix-crl")
        guard
            case .fetched(let published, _, _, _) = try revocation.harness.source.fetch(
                FetchRequest(url: revocation.utopiaURL))
        else { throw TestSupportError("the source serves no CRL") }
        #expect(response.body == published)
        let served = try CertificateRevocationList(derOrPEMEncoded: response.body)
        #expect(
            served.revocationDate(serialNumber: revocation.sim.revokedDocumentSigner.certificate.serialNumber) != nil)
        #expect(served.issuer == revocation.sim.iacas[0].iaca.certificate.subject)
        let etag = try #require(response.headers["ETag"])
        #expect(etag == "\"\(try TestTools.sha256sum(response.body))\"")
        var headers = HTTPHeaders()
        headers["If-None-Match"] = etag
        #expect(world.get("/v1/crls/sim/\(iaca)", headers: headers).status == 304)
        let unknown = world.get("/v1/crls/sim/\(String(repeating: "0", count: 64))")
        #expect(unknown.status == 404)
        #expect(unknown.reason == "unknown_crl")
    }

    @Test("the export writes each CA's CRL and links it at the API's path")
    func export() throws {
        let (world, revocation) = try world()
        let folder = try TemporaryDirectory()
        let service = world.service
        let document = try #require(service.snapshotDocument)
        try ExportDirectory(directory: folder.url).write(
            document, lists: ExportDirectory.items(of: service, at: APIWorld.now), crls: service.signedCRLs,
            at: APIWorld.now)
        let iaca = revocation.sim.iacas[0].iaca.certificate.sha256Hex
        let link = folder.url.appendingPathComponent("v1/crls/sim/\(iaca)")
        let bytes = Array(try Data(contentsOf: link))
        #expect(bytes == world.get("/v1/crls/sim/\(iaca)").body)
        // current.json names the CRLs (thisUpdate, nextUpdate), byte for byte as Foundation's JSONSerialization
        // writes that content.
        let pointer = try Data(contentsOf: folder.url.appendingPathComponent("current.json"))
        let content = try #require(try JSONSerialization.jsonObject(with: pointer) as? [String: Any])
        #expect((content["crls"] as? [String: [String: Any]])?["sim/\(iaca)"]?["nextUpdate"] is String)
        let reference = try JSONSerialization.data(
            withJSONObject: content, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        #expect(pointer == reference + Data([0x0A]))
    }

    @Test("a CA that leaves the list loses its v1/crls link at the next export; its CRL file goes after the grace")
    func exportPrunesDepartedCA() throws {
        let revocation = try RevocationHarness()
        let sim = revocation.sim
        let t0 = revocation.t0
        _ = try revocation.harness.refresh(at: t0)
        let folder = try TemporaryDirectory()
        let export = ExportDirectory(directory: folder.url, graceSeconds: 600)
        // The service judges at test times; pruning compares the files' real modification times with the wall clock.
        func exportAt(_ time: Date, pruneAt: Date = Date()) throws -> ExportDirectory.Result {
            let service = try revocation.loadedService(at: time)
            let snapshot = service.snapshot
            let document = SnapshotDocument(snapshot: snapshot, json: try snapshot.jsonEncoded())
            return try export.write(
                document, lists: ExportDirectory.items(of: service, at: time), crls: service.signedCRLs, at: pruneAt)
        }
        func isLink(_ path: String) -> Bool {
            let attributes = try? FileManager.default.attributesOfItem(
                atPath: folder.url.appendingPathComponent(path).path)
            return attributes?[.type] as? FileAttributeType == .typeSymbolicLink
        }
        let departed = sim.iacas[0].iaca.certificate.sha256Hex
        let stays = sim.iacas[1].iaca.certificate.sha256Hex
        let link = "v1/crls/sim/\(departed)"
        _ = try exportAt(t0)
        #expect(isLink(link) && isLink("v1/crls/sim/\(stays)"))
        let target = try FileManager.default.destinationOfSymbolicLink(
            atPath: folder.url.appendingPathComponent(link).path)
        let file = String(target.drop { $0 == "." || $0 == "/" })
        #expect(file.hasPrefix("crls/sim/\(departed)/"), "\(target)")

        // Issue 2 of the VICAL no longer names the first IACA.
        var vical = sim.vicalContent(issueID: 2)
        vical.entries.removeAll { $0.certificate == sim.iacas[0].iaca.certificate }
        #expect(vical.entries.count == sim.iacas.count - 1)
        try revocation.harness.publish(vical)
        _ = try revocation.harness.refresh(at: t0 + 60)
        let second = try exportAt(t0 + 60)
        #expect(second.pruned == [link])
        #expect(!isLink(link))
        #expect(isLink("v1/crls/sim/\(stays)"))
        let pointer =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.url.appendingPathComponent("current.json"))) as? [String: Any]
        let crls = try #require(pointer?["crls"] as? [String: Any])
        #expect(crls["sim/\(departed)"] == nil)
        #expect(crls["sim/\(stays)"] != nil)
        // The content-addressed CRL stays for a reader of the previous pointer, and goes after the grace period.
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(file).path))
        let third = try exportAt(t0 + 120, pruneAt: Date() + 1200)
        #expect(third.pruned.filter { $0.hasPrefix("crls/") } == [file], "\(third.pruned)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(file).path))
    }
}
