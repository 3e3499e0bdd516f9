import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// A ``RefreshHarness`` whose network's IACAs and reader CA name their CRLs (`http://crl.sim.test/<ca>.crl`), with
/// those CRLs served by the harness's ``MemorySource``: the first IACA's lists the revoked document signer, the reader
/// CA's the revoked reader (``DemoNetwork/demoCRLs(number:)``). CRLs are valid from ``TestPKI/referenceTime`` for
/// two hours unless told otherwise, so that a CRL goes stale and expires while the lists (a day, three of grace) stay
/// fresh.
public final class RevocationHarness {
    /// The refresh harness.
    public let harness: RefreshHarness
    /// Its network.
    public var sim: ListSimulator { harness.sim }
    /// The CRL base URL the CAs name.
    public static let crlBase = "http://crl.sim.test"
    /// One hour after the reference time: lists and CRLs fresh.
    public let t0 = TestPKI.referenceTime + 3600
    /// The CRLs' lifetime: two hours from the reference time.
    public static let crlLifetime: TimeInterval = 7200

    /// A harness with `revocation` settings (the JSON members of the network's `revocation` object, e.g.
    /// `"mode": "require", "graceSeconds": 3600`), serving CRL number 1 of every CA.
    /// - Parameter extraTop: more top-level JSON members of the configuration (e.g. `"http": { … }`).
    public init(revocation: String = "", extraTop: String = "") throws {
        let sim = try DemoNetwork(name: "Sim", at: TestPKI.referenceTime, crlBaseURL: Self.crlBase)
        harness = try RefreshHarness(
            sim: sim, extraNetwork: revocation.isEmpty ? "" : "\"revocation\": { \(revocation) }",
            extraTop: extraTop)
        try publishCRLs(number: 1)
    }

    /// Serves CRL `number` of every CA, listing the revoked document signer and reader.
    public func publishCRLs(number: UInt64, nextUpdate: Date? = nil) throws {
        for ca in sim.crlIssuers {
            harness.source.set(
                sim.crlURL(of: ca)!,
                .bytes(try crl(of: ca, number: number, nextUpdate: nextUpdate)))
        }
    }

    /// A CRL of `ca` as the demo publishes it, with this number and nextUpdate (default two hours after the
    /// reference time).
    public func crl(
        of ca: DemoNetwork.Issued, number: UInt64, thisUpdate: Date? = nil, nextUpdate: Date? = nil
    ) throws -> [UInt8] {
        let revoking =
            ca.certificate == sim.iacas[0].iaca.certificate
            ? [sim.revokedDocumentSigner] : ca.certificate == sim.readerCA.certificate ? [sim.revokedReader] : []
        return try sim.crl(
            of: ca, revoking: revoking, number: number, thisUpdate: thisUpdate ?? TestPKI.referenceTime,
            nextUpdate: nextUpdate ?? TestPKI.referenceTime + Self.crlLifetime)
    }

    /// The URL of the first IACA's CRL.
    public var utopiaURL: String { sim.crlURL(of: sim.iacas[0].iaca)! }

    /// A loaded service over the cache, as a new process makes one (read-only, like `trustctl query`).
    public func loadedService(at time: Date) throws -> TrustService {
        let service = harness.service(readOnly: true)
        try service.load(at: time)
        return service
    }

    /// The issuer chain of a document signer under the first IACA.
    public func issuerChain(_ signer: DemoNetwork.Issued) -> [Certificate] {
        [signer.certificate, sim.iacas[0].iaca.certificate]
    }
}

/// `openssl verify -crl_check`: the independent answer to "does this CRL revoke this certificate?".
public enum OpenSSLRevocationOracle {
    /// Whether `openssl verify -crl_check -attime` says `certificate revoked` for `leaf` under the self-signed `ca`
    /// with `crl` (DER) at `time`; false when it verifies.
    /// - Throws: ``TestSupportError`` when `openssl` is missing or gives another answer.
    public static func isRevoked(_ leaf: Certificate, ca: Certificate, crl: [UInt8], at time: Date) throws -> Bool {
        guard let openssl = TestTools.executable(named: "openssl") else {
            throw TestSupportError("openssl is not installed")
        }
        let folder = try TemporaryDirectory()
        let der = try folder.write(crl, to: "crl.der")
        let pem = folder.url.appendingPathComponent("crl.pem")
        let converted = try TestTools.run(openssl, ["crl", "-inform", "DER", "-in", der.path, "-out", pem.path])
        guard converted.status == 0 else { throw TestSupportError("openssl crl: \(converted.stderr)") }
        let caFile = try folder.write(Array(ca.pemEncoded.utf8), to: "ca.pem")
        let leafFile = try folder.write(Array(leaf.pemEncoded.utf8), to: "leaf.pem")
        let result = try TestTools.run(
            openssl,
            [
                "verify", "-crl_check", "-attime", String(Int(time.timeIntervalSince1970)), "-CAfile", caFile.path,
                "-CRLfile", pem.path, leafFile.path,
            ])
        if result.status == 0 { return false }
        if result.stderr.contains("certificate revoked") { return true }
        throw TestSupportError("openssl verify: \(result.stderr)")
    }
}
