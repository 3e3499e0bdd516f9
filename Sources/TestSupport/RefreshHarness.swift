import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// A configured service over a ``ListSimulator`` network served from a ``MemorySource``, in a temporary folder:
/// the setting of refresh, status, snapshot and query tests. Times are chosen by the test (the controllable clock).
public final class RefreshHarness {
    /// The test network.
    public let sim: ListSimulator
    /// The served URLs.
    public let source = MemorySource()
    /// The folder holding the configuration and the cache.
    public let folder: TemporaryDirectory
    /// The configuration.
    public private(set) var configuration: Configuration

    /// The root URL.
    public let rootURL = "https://sim.test/root.pem"
    /// The VICAL URL.
    public let vicalURL = "https://sim.test/vical"
    /// The RICAL URL.
    public let ricalURL = "https://sim.test/rical"
    /// The VICAL's id.
    public let vicalID = ListID(network: "sim", kind: .vical)
    /// The RICAL's id.
    public let ricalID = ListID(network: "sim", kind: .rical)

    /// A harness whose source serves the root and issue 1 of both lists.
    /// - Parameters:
    ///   - extraNetwork: more JSON members of the network object (e.g. `"maxAgeSeconds": 600`).
    ///   - extraTop: more top-level JSON members (e.g. `"clockSkewSeconds": 0`).
    public init(
        sim: ListSimulator? = nil, extraNetwork: String = "", bootstrap: (vical: URL?, rical: URL?) = (nil, nil),
        extraTop: String = ""
    ) throws {
        self.sim = try sim ?? ListSimulator()
        folder = try TemporaryDirectory()
        configuration = try Self.configuration(
            in: folder.url, pin: self.sim.root.certificate.sha256Hex, extraNetwork: extraNetwork, bootstrap: bootstrap,
            urls: (rootURL, vicalURL, ricalURL), extraTop: extraTop)
        source.set(rootURL, .bytes(Array(self.sim.root.certificate.pemEncoded.utf8)))
        source.set(vicalURL, .bytes(try self.sim.signed(self.sim.vicalContent(issueID: 1))))
        source.set(ricalURL, .bytes(try self.sim.signed(self.sim.ricalContent(issueID: 1))))
    }

    /// Writes `config/trustlists.json` for the simulator network (or another network whose lists name `provider`)
    /// and reads it back.
    public static func configuration(
        in folder: URL, pin: String, extraNetwork: String, bootstrap: (vical: URL?, rical: URL?),
        urls: (root: String, vical: String, rical: String), allowInsecure: Bool = false, extraTop: String = "",
        provider: String = "Sim"
    ) throws -> Configuration {
        let configFolder = folder.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
        func bootstrapKey(_ url: URL?) -> String { url.map { ", \"bootstrap\": \"\($0.path)\"" } ?? "" }
        let json = """
            {
              "cacheDirectory": "../cache",
              "allowInsecureURLs": \(allowInsecure),\(extraTop.isEmpty ? "" : "\n  " + extraTop + ",")
              "networks": [ {
                "id": "sim",
                "root": { "url": "\(urls.root)", "sha256": ["\(pin)"] },
                "vical": { "url": "\(urls.vical)", "provider": "\(provider)"\(bootstrapKey(bootstrap.vical)) },
                "rical": { "url": "\(urls.rical)", "provider": "\(provider)"\(bootstrapKey(bootstrap.rical)) }\(extraNetwork.isEmpty ? "" : ",\n    " + extraNetwork)
              } ]
            }
            """
        let file = configFolder.appendingPathComponent("trustlists.json")
        try Data(json.utf8).write(to: file)
        return try Configuration.load(path: file.path)
    }

    /// The configuration file.
    public var configurationFile: URL { configuration.file }

    /// The cache layout.
    package var layout: StoreLayout { StoreLayout(root: configuration.cacheDirectory) }

    /// Serves `content` signed by the network's signer.
    public func publish(_ content: ListContent) throws {
        source.set(content.kind == .vical ? vicalURL : ricalURL, .bytes(try sim.signed(content)))
    }

    /// A service over the simulated network, as a new process (`trustctl refresh`, a restarted daemon) makes one.
    public func service(readOnly: Bool = false) -> TrustService {
        TrustService(configuration: configuration, fetcher: source, readOnly: readOnly)
    }

    /// Runs a locked refresh at `time` in a new service (a new `trustctl refresh` process).
    public func refresh(at time: Date, only: Set<ListID>? = nil, offline: Bool = false) throws -> RefreshReport {
        try service().refresh(only: only, offline: offline, at: time, lockTimeout: 5)
    }

    /// The status at `time`, as `trustctl status` gives it: a new read-only service that verifies the cache again.
    public func status(at time: Date) throws -> StatusReport {
        let service = service(readOnly: true)
        try service.load(at: time)
        return service.status(at: time)
    }
}
