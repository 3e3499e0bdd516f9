import Foundation

/// A test CA, two leaf certificates and CRLs built by Python `cryptography` (`Tests/Support/make_test_crls.py`),
/// with what each CRL says taken from the builder's inputs: the expectations of the CRL tests, made outside the code
/// under test. Times are around ``TestPKI/referenceTime``.
///
/// `@unchecked Sendable`: immutable after ``make()``; the temporary folder is only removed when the value goes.
public struct TestCRLs: @unchecked Sendable {
    /// What the builder put into one CRL.
    public struct Expected: Sendable, Decodable {
        /// 1 or 2.
        public let version: Int
        /// thisUpdate, seconds since 1970 (absent for the v1 CRL made by `openssl ca`).
        public let thisUpdate: Int?
        /// nextUpdate, seconds since 1970.
        public let nextUpdate: Int?
        /// cRLNumber in lower-case hex without leading zeros; nil when absent.
        public let crlNumber: String?
        /// Revocation date (seconds since 1970) by serial (lower-case hex without leading zeros).
        public let revoked: [String: Int]
        /// The issuer Name's DER, hex.
        public let issuerDER: String
        /// The AKI keyIdentifier, hex; nil when absent.
        public let akiHex: String?
    }

    /// The folder holding the files (`ca.pem`, `other-ca.pem`, `nocrlsign-ca.pem`, `leaf-revoked.pem`,
    /// `leaf-good.pem`, `NAME.der`).
    public let directory: URL
    /// The expectations by CRL name (`good`, `other-key`, `expired`, …).
    public let expected: [String: Expected]
    private let folder: TemporaryDirectory

    /// Builds the files into a new temporary folder (removed when the value goes).
    /// - Throws: ``TestSupportError`` when Python or `openssl` fails.
    public static func make() throws -> TestCRLs {
        guard let python = Python.interpreter(with: ["cryptography"]) else {
            throw TestSupportError("no python3 with cryptography")
        }
        let folder = try TemporaryDirectory()
        let script = TestTools.scriptsDirectory.appendingPathComponent("make_test_crls.py")
        let result = try TestTools.run(
            python, [script.path, folder.url.path, String(Int(TestPKI.referenceTime.timeIntervalSince1970))])
        guard result.status == 0 else {
            throw TestSupportError("make_test_crls.py exited with \(result.status): \(result.stderr)")
        }
        let manifest = try Data(contentsOf: folder.url.appendingPathComponent("manifest.json"))
        return TestCRLs(
            directory: folder.url, expected: try JSONDecoder().decode([String: Expected].self, from: manifest),
            folder: folder)
    }

    /// The bytes of a file in the folder (`good.der`, `ca.pem`).
    public func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The path of a file in the folder.
    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
