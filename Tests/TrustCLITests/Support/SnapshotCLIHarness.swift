import Foundation
import Synchronization
import TestSupport
import TrustCLI
import TrustLists
import X509

/// Runs `trustctl` in-process with captured output, over the simulated network's configuration in a temporary
/// directory: with a cache that a refresh filled with the network's verified lists (``init(refreshedWith:)``), or an
/// empty one (``init()``).
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

    /// The simulated network, its configuration and cache.
    let network: RefreshHarness
    /// The folder holding the configuration, the cache and files the tests write.
    var directory: TemporaryDirectory { network.folder }
    /// The configuration file: one network "sim" with a VICAL and a RICAL.
    var configFile: URL { network.configurationFile }
    /// The cache directory the configuration names.
    var cache: URL { network.configuration.cacheDirectory }

    /// A harness whose cache holds nothing yet (no refresh has run).
    init(world: QueryWorld? = nil) throws {
        network = try RefreshHarness(sim: world?.sim)
    }

    /// A harness whose cache holds the world's default lists (issue 1 of the VICAL and the RICAL), fetched and verified
    /// by a refresh at the reference time plus a minute.
    convenience init(refreshedWith world: QueryWorld) throws {
        try self.init(world: world)
        let report = try network.refresh(at: TestPKI.referenceTime + 60)
        guard report.exitStatus == 0 else { throw TestSupportError("the harness refresh failed: \(report.results)") }
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
