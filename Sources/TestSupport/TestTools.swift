import Foundation

/// Where the test support scripts live and which external tools this machine has (see ``Prerequisite``).
public enum TestTools {
    /// `Tests/Support` (the scripts the tests run).
    public static let scriptsDirectory = PackageRoot.url.appendingPathComponent("Tests/Support")

    /// The `python3` on `PATH`, else `/usr/bin/python3`, or nil.
    public static let python3: URL? =
        executable(named: "python3")
        ?? (FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            ? URL(fileURLWithPath: "/usr/bin/python3") : nil)

    /// True when `Tests/Support/make_test_pki.py` can run: `python3` plus its `cryptography` package or the
    /// `openssl` command.
    public static let canMakeTestPKI: Bool = {
        guard python3 != nil else { return false }
        if executable(named: "openssl") != nil { return true }
        return Python.interpreter(with: ["cryptography"]) != nil
    }()

    /// The first executable file called `name` in the directories of `PATH`.
    public static func executable(named name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                return candidate
            }
        }
        return nil
    }

    /// What `openssl <command> -inform DER -noout -text` prints for `der` (`x509` for a certificate, `crl` for a
    /// CRL): the independent reading of the tests' expectations.
    /// - Throws: ``TestSupportError`` when `openssl` is missing or fails.
    public static func opensslText(_ command: String, der: [UInt8]) throws -> String {
        guard let openssl = executable(named: "openssl") else { throw TestSupportError("openssl is not installed") }
        let folder = try TemporaryDirectory()
        let input = try folder.write(der, to: "input.der")
        let output = folder.url.appendingPathComponent("text.txt")
        let result = try run(
            openssl, [command, "-inform", "DER", "-in", input.path, "-noout", "-text", "-out", output.path])
        guard result.status == 0 else { throw TestSupportError("openssl \(command): \(result.stderr)") }
        return try String(contentsOf: output, encoding: .utf8)
    }

    /// Runs a program to completion.
    /// - Parameter withStandardOutput: capture what it writes to stdout too, in the same text (in the order written).
    /// - Returns: its exit status and what it wrote to stderr (and stdout, when asked).
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String], withStandardOutput: Bool = false
    ) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardOutput = withStandardOutput ? errors : FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: text, as: UTF8.self))
    }
}

extension TestTools {
    /// The SHA-256 of `bytes` as coreutils' `sha256sum` computes it (lower-case hex): an expected value from outside
    /// the code under test, which hashes with OpenSSL.
    /// - Throws: ``TestSupportError`` when `sha256sum` is missing or fails.
    public static func sha256sum(_ bytes: [UInt8]) throws -> String {
        guard let tool = executable(named: "sha256sum") else { throw TestSupportError("sha256sum is not installed") }
        let folder = try TemporaryDirectory()
        let file = try folder.write(bytes, to: "input")
        let process = Process()
        process.executableURL = tool
        process.arguments = [file.path]
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0, let sum = text.split(separator: " ").first, sum.count == 64 else {
            throw TestSupportError("sha256sum failed: \(text)")
        }
        return String(sum)
    }
}

/// A failure of the test machinery itself (not of the code under test).
public struct TestSupportError: Error, CustomStringConvertible {
    /// What went wrong.
    public let description: String
    /// Creates an error with its description.
    public init(_ description: String) { self.description = description }
}

/// A fresh directory under the system's temporary directory, removed when the value goes away.
public final class TemporaryDirectory {
    /// The directory.
    public let url: URL

    /// Creates the directory.
    /// - Throws: when it cannot be created.
    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("trustlists-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// Writes `bytes` to `name` inside the directory.
    /// - Parameters:
    ///   - bytes: the file's content.
    ///   - name: a file name (no slashes needed).
    ///   - modified: the modification time to give the file, or nil to leave it at "now".
    /// - Returns: the file's URL.
    @discardableResult
    public func write(_ bytes: [UInt8], to name: String, modified: Date? = nil) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        if let modified {
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
        }
        return file
    }
}

/// A throwaway TLS PKI made by `Tests/Support/make_test_pki.py`: a test CA, a server certificate for 127.0.0.1
/// and localhost, and one for another name only.
public struct TLSTestPKI {
    /// The test CA certificate (PEM), to pass as `HTTPSettings.caFile`.
    public let caFile: URL
    /// The server certificate for 127.0.0.1 and localhost (PEM).
    public let serverCertificate: URL
    /// Its private key (PEM).
    public let serverKey: URL
    /// A server certificate from the same CA for `other.invalid` only (PEM).
    public let wrongNameCertificate: URL
    /// Its private key (PEM).
    public let wrongNameKey: URL

    /// Generates the PKI into `directory`.
    public static func make(in directory: URL) throws -> TLSTestPKI {
        guard let python3 = Python.interpreter(with: ["cryptography"]) ?? TestTools.python3 else {
            throw TestSupportError("python3 is not installed")
        }
        let script = TestTools.scriptsDirectory.appendingPathComponent("make_test_pki.py")
        let result = try TestTools.run(python3, [script.path, directory.path])
        guard result.status == 0 else {
            throw TestSupportError("make_test_pki.py exited with \(result.status): \(result.stderr)")
        }
        return TLSTestPKI(
            caFile: directory.appendingPathComponent("ca.pem"),
            serverCertificate: directory.appendingPathComponent("server.pem"),
            serverKey: directory.appendingPathComponent("server.key"),
            wrongNameCertificate: directory.appendingPathComponent("wrongname.pem"),
            wrongNameKey: directory.appendingPathComponent("wrongname.key"))
    }
}
