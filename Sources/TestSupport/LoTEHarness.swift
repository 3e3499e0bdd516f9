import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// A configured service over a network whose only lists are LoTEs (a PID providers list `eu/pid` and a WRPAC
/// providers list `eu/wrpac`, ``DemoLoTEs``), served from a ``MemorySource``, in a temporary folder: the setting of the
/// LoTE refresh, store and decision tests. Times are chosen by the test.
public final class LoTEHarness {
    /// The network whose root the LoTE signer chains to.
    public let network: DemoNetwork
    /// The LoTEs' certificates and content.
    public let lotes: DemoLoTEs
    /// The served URLs.
    public let source = MemorySource()
    /// The folder holding the configuration and the cache.
    public let folder: TemporaryDirectory
    /// The configuration.
    public let configuration: Configuration
    /// The root URL.
    public let rootURL = "https://eu.test/root.pem"
    /// The PID providers list's URL.
    public let pidURL = "https://eu.test/pid.jws"
    /// The WRPAC providers list's URL.
    public let wrpacURL = "https://eu.test/wrpac.jws"
    /// `eu/pid`.
    public let pidID = ListID(network: "eu", name: "pid")
    /// `eu/wrpac`.
    public let wrpacID = ListID(network: "eu", name: "wrpac")
    /// The lists' issue time (``TestPKI/referenceTime``); they are fresh for a day after it.
    public let time = TestPKI.referenceTime

    /// A harness whose source serves the root and sequence 1 of both lists.
    /// - Parameters:
    ///   - pidMembers: more JSON members of the PID list's configuration (e.g. `"provider": "Other"`).
    ///   - extraNetwork: more JSON members of the network object.
    ///   - root: another root to pin and serve instead of the network's (the root of an independent signer).
    ///   - revocation: the network's `revocation` object (default: mode `off`).
    public init(
        pidMembers: String = "", extraNetwork: String = "", root: Certificate? = nil,
        revocation: String = #"{ "mode": "off" }"#
    ) throws {
        network = try DemoNetwork(name: "EU", at: TestPKI.referenceTime)
        lotes = try DemoLoTEs(network: network)
        folder = try TemporaryDirectory()
        let configFolder = folder.url.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        let json = """
            {
              "cacheDirectory": "../cache",
              "networks": [ {
                "id": "eu",
                "root": { "url": "\(rootURL)", "sha256": ["\((root ?? network.root.certificate).sha256Hex)"] },
                "lotes": [
                  { "id": "pid", "url": "\(pidURL)", "loteType": "\(DemoLoTEs.pidType)"\(pidMembers.isEmpty ? "" : ", " + pidMembers) },
                  { "id": "wrpac", "url": "\(wrpacURL)", "loteType": "\(DemoLoTEs.wrpacType)" }
                ],
                "revocation": \(revocation)\(extraNetwork.isEmpty ? "" : ",\n    " + extraNetwork)
              } ]
            }
            """
        let file = configFolder.appendingPathComponent("trustlists.json")
        try Data(json.utf8).write(to: file)
        configuration = try Configuration.load(path: file.path)
        source.set(rootURL, .bytes(Array((root ?? network.root.certificate).pemEncoded.utf8)))
        try publish(pid: lotes.pidContent())
        try publish(wrpac: lotes.wrpacContent())
    }

    /// Serves `content` as the PID providers list, signed by the LoTE signer.
    public func publish(pid content: LoTEPublisher.Content) throws {
        source.set(pidURL, .bytes(try lotes.signed(content)))
    }

    /// Serves `content` as the WRPAC providers list, signed by the LoTE signer.
    public func publish(wrpac content: LoTEPublisher.Content) throws {
        source.set(wrpacURL, .bytes(try lotes.signed(content)))
    }

    /// The cache layout.
    package var layout: StoreLayout { StoreLayout(root: configuration.cacheDirectory) }

    /// A service, as a new process makes one.
    public func service(readOnly: Bool = false) -> TrustService {
        TrustService(configuration: configuration, fetcher: source, readOnly: readOnly)
    }

    /// Runs a locked refresh at `time` in a new service; returns the service and its report.
    public func refresh(at time: Date) throws -> (service: TrustService, report: RefreshReport) {
        let service = service()
        let report = try service.refresh(only: nil, offline: false, at: time, lockTimeout: 5)
        return (service, report)
    }
}
