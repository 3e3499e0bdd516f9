import Foundation
import Publishing
import TrustLists
import X509

/// A demo network whose lists and CRLs are served over loopback HTTP by a ``ListServer``, for refreshes that fetch
/// with the real libcurl fetcher (`trustctl refresh`, ``TrustService`` without a fetcher): the root, the VICAL and
/// the RICAL at `/root.pem`, `/vical`, `/rical`, and each CA's CRL under `/crl/`, where its cRLDistributionPoints
/// point (`http://127.0.0.1:<port>/crl/<ca>.crl`). CRL number 1 of every CA is served from the start (the first
/// IACA's lists the revoked document signer, the reader CA's the revoked reader).
///
/// Faults are set per path on ``server`` (``ListServer/setRules(_:)``). Call ``stop()`` in a `defer`.
public final class LoopbackRevocationNetwork {
    /// The network.
    public let sim: ListSimulator
    /// The server of the lists and CRLs.
    public let server: ListServer
    /// The folder the server serves.
    public let served: TemporaryDirectory
    /// The folder of the configuration and the cache.
    public let folder: TemporaryDirectory
    /// One hour after the reference time: lists and CRLs fresh.
    public let t0 = TestPKI.referenceTime + 3600
    /// The TLS PKI of an https server; nil for http.
    public let tls: TLSTestPKI?

    /// Starts the server and publishes the root, issue 1 of both lists and CRL number 1 of every CA.
    /// - Parameter tls: a TLS PKI to serve https with (the CAs' distribution points are then https URLs); nil for
    ///   http.
    /// - Throws: ``TestSupportError`` when python3 is missing or the server does not start; X509 errors from
    ///   signing.
    public init(tls: TLSTestPKI? = nil) throws {
        self.tls = tls
        served = try TemporaryDirectory()
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: served.url.appendingPathComponent("crl"), withIntermediateDirectories: true)
        server = try ListServer(root: served.url, tls: tls.map { ($0.serverCertificate, $0.serverKey) })
        sim = try DemoNetwork(name: "Sim", at: TestPKI.referenceTime, crlBaseURL: server.url("/crl"))
        try served.write(Array(sim.root.certificate.pemEncoded.utf8), to: "root.pem")
        try publishList(sim.vicalContent(issueID: 1))
        try publishList(sim.ricalContent(issueID: 1))
        for (ca, crl) in try sim.demoCRLs(number: 1) { try publishCRL(crl, of: ca) }
    }

    deinit { server.stop() }

    /// Stops the server (also done when the value goes).
    public func stop() { server.stop() }

    /// Writes the configuration of network `sim` over the loopback URLs (`allowInsecureURLs`, since the lists are
    /// served over http; with TLS, `http.caFile` names the test CA) and reads it back.
    /// - Parameters:
    ///   - http: the members of the top-level `http` object (e.g. `"totalTimeoutSeconds": 2`); empty for the
    ///     defaults.
    ///   - revocation: the members of the network's `revocation` object; empty for the defaults.
    public func configuration(http: String = "", revocation: String = "") throws -> Configuration {
        let http = ([http] + (tls.map { ["\"caFile\": \"\($0.caFile.path)\""] } ?? [])).filter { !$0.isEmpty }
            .joined(separator: ", ")
        return try RefreshHarness.configuration(
            in: folder.url, pin: sim.root.certificate.sha256Hex,
            extraNetwork: revocation.isEmpty ? "" : "\"revocation\": { \(revocation) }", bootstrap: (nil, nil),
            urls: (server.url("/root.pem"), server.url("/vical"), server.url("/rical")), allowInsecure: true,
            extraTop: http.isEmpty ? "" : "\"http\": { \(http) }")
    }

    /// Serves `content` signed by the network's signer at `/vical` or `/rical`.
    public func publishList(_ content: ListContent) throws {
        try served.write(try sim.signed(content), to: content.kind == .vical ? "vical" : "rical")
    }

    /// Serves `bytes` as the CRL of `ca`, at the path its cRLDistributionPoints names.
    public func publishCRL(_ bytes: [UInt8], of ca: DemoNetwork.Issued) throws {
        try served.write(bytes, to: "crl/" + sim.crlFileName(of: ca))
    }

    /// The path of `ca`'s CRL on the server (`/crl/sim-iaca-utopia.crl`), for fault rules.
    public func crlPath(of ca: DemoNetwork.Issued) -> String {
        "/crl/" + sim.crlFileName(of: ca)
    }

    /// The CRL slot of `ca` in network `sim`.
    public func slot(of ca: DemoNetwork.Issued) -> CRLSlotID {
        CRLSlotID(network: "sim", issuerSHA256: ca.certificate.sha256Hex)
    }

    /// The issuer chain of a document signer under the first IACA.
    public func issuerChain(_ signer: DemoNetwork.Issued) -> [Certificate] {
        [signer.certificate, sim.iacas[0].iaca.certificate]
    }
}
