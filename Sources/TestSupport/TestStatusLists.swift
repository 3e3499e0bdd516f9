import Foundation

/// A test PKI and status list tokens (JWTs and CWTs) built by Python `cryptography`, `cbor2` and `zlib`
/// (`Tests/Support/make_status_lists.py`), with what each token must verify to taken from the builder's inputs: the
/// expectations of the status list tests, made outside the code under test. Times are around
/// ``TestPKI/referenceTime``.
///
/// `@unchecked Sendable`: immutable after ``make()``; the temporary folder is only removed when the value goes.
public struct TestStatusLists: @unchecked Sendable {
    /// What the builder put into one token and how it must come out.
    public struct Expected: Sendable, Decodable {
        /// The token's file name in the folder (`valid-1bit.jwt`).
        public let file: String
        /// `jwt` or `cwt`.
        public let format: String
        /// The anchor's PEM file (`iaca.pem`, `ds.pem`, `other-iaca.pem`).
        public let anchor: String
        /// The URI `sub` is checked against; nil when not checked.
        public let uri: String?
        /// The verification time, seconds since 1970.
        public let at: Int
        /// `valid`, or the reason code of the refusal.
        public let expect: String
        /// The reference's signer certificate (PEM file) given to the verifier, when the case has one.
        public let referenceCertificate: String?
        /// The only format accepted, when the case requires one (`cwt`).
        public let expectedFormat: String?
        /// Bits per credential (valid lists).
        public let bits: Int?
        /// The number of credentials (valid lists).
        public let count: Int?
        /// `sub`, `iat`, `exp` (seconds since 1970), `ttl` (seconds) as built (valid lists that record them).
        public let sub: String?
        public let iat: Int?
        public let exp: Int?
        public let ttl: Int?
        /// `[index, status]` pairs taken from the statuses the list was built from.
        public let samples: [[Int]]?
        /// How many warnings the token gives, when it gives any.
        public let warnings: Int?

        /// Whether the token must verify.
        public var isValid: Bool { expect == "valid" }
    }

    private struct Manifest: Decodable {
        let uri: String
        let tokens: [String: Expected]
    }

    /// The folder holding the files.
    public let directory: URL
    /// The URI the lists are published at (`https://issuer.example/statuslists/1`).
    public let uri: String
    /// The expectations by case, `stem.format` (`valid-1bit.jwt`, `other-iaca.cwt`).
    public let expected: [String: Expected]
    private let folder: TemporaryDirectory

    /// Builds the files into a new temporary folder (removed when the value goes).
    /// - Throws: ``TestSupportError`` when Python fails.
    public static func make() throws -> TestStatusLists {
        guard let python = Python.interpreter(with: ["cryptography", "cbor2"]) else {
            throw TestSupportError("no python3 with cryptography and cbor2")
        }
        let folder = try TemporaryDirectory()
        let script = TestTools.scriptsDirectory.appendingPathComponent("make_status_lists.py")
        let result = try TestTools.run(
            python, [script.path, folder.url.path, String(Int(TestPKI.referenceTime.timeIntervalSince1970))])
        guard result.status == 0 else {
            throw TestSupportError("make_status_lists.py exited with \(result.status): \(result.stderr)")
        }
        let data = try Data(contentsOf: folder.url.appendingPathComponent("manifest.json"))
        let manifest = try JSONDecoder().decode(Manifest.self, from: data)
        var expected: [String: Expected] = [:]
        for (_, entry) in manifest.tokens { expected[entry.file] = entry }
        return TestStatusLists(directory: folder.url, uri: manifest.uri, expected: expected, folder: folder)
    }

    /// The bytes of a file in the folder (`valid-1bit.cwt`, `iaca.pem`).
    public func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The path of a file in the folder.
    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}
