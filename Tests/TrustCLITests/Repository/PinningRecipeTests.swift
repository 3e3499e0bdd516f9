import Foundation
import TestSupport
import Testing

/// The README's recipe for pinning a root ("Pinning a real network's root"), run as written: the pin that
/// `openssl x509 -outform der | sha256sum` prints for a network's root is the one the service accepts, and a wrong pin
/// is refused with `root_pin_mismatch` naming that same value.
@Suite("Pinning recipe", .requires(.executable("openssl"), .executable("sha256sum"), .executable("bash")))
struct PinningRecipeTests {
    @Test("the recipe gives the demo root's pin; a wrong pin is root_pin_mismatch naming that value")
    func recipeGivesThePin() throws {
        let folder = try TemporaryDirectory()
        let demo = folder.url.appendingPathComponent("demo")
        let (demoStatus, demoRun) = CLIRun.run(["demo", "--dir", demo.path])
        #expect(demoStatus == 0, "\(demoRun.standardError)")
        let root = demo.appendingPathComponent("published/root.pem").path

        // The README's command, through bash and coreutils.
        let output = folder.url.appendingPathComponent("pin.txt")
        let bash = try #require(TestTools.executable(named: "bash"))
        let (status, stderr) = try TestTools.run(
            bash, ["-c", "openssl x509 -in '\(root)' -outform der | sha256sum > '\(output.path)'"])
        #expect(status == 0, "\(stderr)")
        let pin = try #require(
            try String(contentsOf: output, encoding: .utf8).split(separator: " ").first.map(String.init))
        #expect(pin.count == 64)

        let configurationFile = demo.appendingPathComponent("config/trustlists.json")
        let configuration = try String(contentsOf: configurationFile, encoding: .utf8)
        #expect(configuration.contains("\"sha256\": [\"\(pin)\"]"), "the demo pins its root by this value")

        // A wrong pin: the refresh of a fresh cache is refused, and the message names the root's real SHA-256.
        let wrong = String(repeating: "0", count: 64)
        let pinned = configuration.replacingOccurrences(of: pin, with: wrong)
            .replacingOccurrences(of: "\"../cache\"", with: "\"../cache-wrong-pin\"")
        let wrongFile = demo.appendingPathComponent("config/wrong-pin.json")
        try pinned.write(to: wrongFile, atomically: true, encoding: .utf8)
        let (refresh, run) = CLIRun.run(["refresh", "--config", wrongFile.path])
        #expect(refresh == 2, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.contains("root_pin_mismatch"))
        #expect(run.standardOutput.contains("sha256 \(pin); none matches the pins \(wrong)"), "\(run.standardOutput)")
    }
}
