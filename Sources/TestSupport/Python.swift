import Foundation

/// Python 3 with `cbor2` and `cryptography`, used by tests as an independent implementation to check interop.
/// Tests that need it are skipped, with a message, where it is missing.
public enum Python {
    /// Whether `python3` can import every module named.
    public static func hasModules(_ modules: [String]) -> Bool {
        let check = "import " + modules.joined(separator: ", ")
        return (try? run(check, input: [])) != nil
    }

    /// Whether `python3` with `cbor2` and `cryptography` is there.
    public static let hasInteropModules = hasModules(["cbor2", "cryptography"])

    /// The message a skipped interop test gives.
    public static let absentMessage = "python3 with cbor2 and cryptography absent: interop check skipped"

    /// Runs a Python script with `input` on standard input.
    /// - Returns: standard output.
    /// - Throws: ``PythonError`` with standard error when the script exits non-zero.
    public static func run(_ script: String, input: [UInt8], arguments: [String] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
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
