import Foundation

/// Python 3 with `cbor2` and `cryptography`, used by tests as an independent implementation to check interop.
/// Tests that need it declare `.requires(.interopModules)` (``Prerequisite``): skipped with a message where it is
/// missing, a failure in CI.
///
/// The interpreter is the first of `python3` on `PATH` and `/usr/bin/python3` that imports both modules: the
/// `python3` on `PATH` may be a pyenv or virtual-environment Python without them while Debian's system Python has
/// them (`python3-cbor2`, `python3-cryptography`, which `.ci/run` installs).
public enum Python {
    /// The interpreters tried, in order: `$TRUSTLISTS_PYTHON` when set (to run the interop tests with another
    /// Python, such as Debian's with its older `cryptography`), `python3` on `PATH`, then `/usr/bin/python3`.
    public static var candidates: [URL] {
        var found: [URL] = []
        let override = ProcessInfo.processInfo.environment["TRUSTLISTS_PYTHON"].map { URL(fileURLWithPath: $0) }
        for candidate in [override, TestTools.executable(named: "python3"), URL(fileURLWithPath: "/usr/bin/python3")] {
            guard let candidate, FileManager.default.isExecutableFile(atPath: candidate.path) else { continue }
            if !found.contains(where: { $0.resolvingSymlinksInPath() == candidate.resolvingSymlinksInPath() }) {
                found.append(candidate)
            }
        }
        return found
    }

    /// The first candidate that can import every module named, or nil.
    public static func interpreter(with modules: [String]) -> URL? {
        let check = "import " + modules.joined(separator: ", ")
        return candidates.first { candidate in
            (try? TestTools.run(candidate, ["-c", check]).status) == 0
        }
    }

    /// The interpreter with `cbor2` and `cryptography`, or nil where no candidate has both.
    public static let interpreter: URL? = interpreter(with: ["cbor2", "cryptography"])

    /// Whether some candidate can import every module named.
    public static func hasModules(_ modules: [String]) -> Bool {
        interpreter(with: modules) != nil
    }

    /// Runs a Python script with `input` on standard input, with ``interpreter`` (or, where none has the modules,
    /// the first `python3` found).
    /// - Returns: standard output.
    /// - Throws: ``PythonError`` with standard error when the script exits non-zero.
    public static func run(_ script: String, input: [UInt8], arguments: [String] = []) throws -> [UInt8] {
        try execute(["-c", script] + arguments, input: input)
    }

    /// Runs a Python script file (such as one in `Tests/Support`) with ``interpreter``.
    /// - Returns: standard output.
    /// - Throws: ``PythonError`` with standard error when the script exits non-zero.
    public static func run(file: URL, arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        try execute([file.path] + arguments, input: input)
    }

    private static func execute(_ arguments: [String], input: [UInt8]) throws -> [UInt8] {
        let process = Process()
        guard let python = interpreter ?? TestTools.python3 else {
            throw PythonError(status: -1, standardError: "no python3 (tried \(candidates.map(\.path)))")
        }
        process.executableURL = python
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read on other threads so that neither pipe can fill up and block the other.
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = ErrorCollector(stderr.fileHandleForReading)
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonError(status: process.terminationStatus, standardError: errorData.text())
        }
        return Array(output)
    }
}

/// A Python script that failed.
public struct PythonError: Error, CustomStringConvertible {
    /// Exit status.
    public let status: Int32
    /// What it wrote to standard error.
    public let standardError: String
    /// Status and standard error.
    public var description: String { "python3 exited \(status): \(standardError)" }
}

/// Reads a pipe to its end on a background thread.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
