import Foundation
import Synchronization
import TestSupport
import TrustCLI
import TrustLists
import X509

/// Runs `trustctl` in-process with captured output and a configuration in a temporary directory whose cache
/// directory (`cache/`) may hold a snapshot.
final class CLIHarness {
    /// What one run printed and returned.
    struct Run {
        let status: Int32
        let output: String
        let errors: String

        /// The standard output parsed as a JSON object.
        func json() throws -> [String: Any] {
            guard let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else {
                throw TestSupportError("output is not a JSON object: \(output)")
            }
            return object
        }
    }

    let directory: TemporaryDirectory
    /// `config.json` in the directory: one network "sim" with a VICAL and a RICAL, cache in `cache/`.
    let configFile: URL
    /// The cache directory the configuration names.
    var cache: URL { directory.url.appendingPathComponent("cache") }

    init() throws {
        directory = try TemporaryDirectory()
        let config = """
            {
              "cacheDirectory": "cache",
              "networks": [ {
                "id": "sim",
                "root": { "url": "https://sim.invalid/root.pem", "sha256": ["\(String(repeating: "ab", count: 32))"] },
                "vical": { "url": "https://sim.invalid/vical", "provider": "Sim" },
                "rical": { "url": "https://sim.invalid/rical", "provider": "Sim" }
              } ]
            }
            """
        configFile = try directory.write(Array(config.utf8), to: "config.json")
    }

    /// Stores `snapshot` as the cache's snapshot.json.
    func store(_ snapshot: Snapshot) throws {
        try SnapshotFile.write(snapshot, inCacheDirectory: cache)
    }

    /// Writes certificates as one PEM file and returns its path.
    func pem(_ certificates: [Certificate], name: String = "chain.pem") throws -> String {
        try directory.write(Array(certificates.map(\.pemEncoded).joined().utf8), to: name).path
    }

    /// Runs `trustctl arguments…` at `now`, with `environment`.
    func run(
        _ arguments: [String], environment: [String: String] = [:], now: Date = TestPKI.referenceTime + 3600
    ) -> Run {
        let (status, run) = CLIRun.run(arguments, now: now, environment: environment)
        return Run(status: status, output: run.standardOutput, errors: run.standardError)
    }
}
