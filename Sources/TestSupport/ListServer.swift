import Foundation

/// The loopback HTTP(S) server of `Tests/Support/list_server.py`, run as a child process on 127.0.0.1.
///
/// Faults are chosen per request with query parameters (`?status=500`, `?trickle=10`, …; see the script's header)
/// or per path with ``setRules(_:)``. Call ``stop()`` in a `defer` right after creating it; it kills the child
/// with SIGKILL, since a child may inherit a blocked SIGTERM from the test runner.
public final class ListServer {
    /// One request as the server logged it.
    public struct LoggedRequest: Decodable {
        /// The HTTP method.
        public let method: String
        /// The path, percent-decoded, without the query.
        public let path: String
        /// The raw query string ("" when none).
        public let query: String
        /// The request headers as received (names as the client spelled them).
        public let headers: [String: String]
        /// The request body as text (POST); empty for other methods.
        public let body: String?

        /// The value of header `name`, compared case-insensitively, or nil.
        public func header(_ name: String) -> String? {
            headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
    }

    /// The TCP port the server listens on.
    public let port: Int
    /// `http` or `https`.
    public let scheme: String
    /// The directory whose files are served.
    public let root: URL

    private let process: Process
    private let stdinPipe: Pipe
    private let workspace: TemporaryDirectory
    private var stopped = false

    private var controlFile: URL { workspace.url.appendingPathComponent("control.json") }
    private var logFile: URL { workspace.url.appendingPathComponent("requests.jsonl") }

    /// Starts a server and waits until it listens.
    /// - Parameters:
    ///   - root: the directory to serve files from.
    ///   - tls: a PEM certificate and key to serve HTTPS with, or nil for plain HTTP.
    /// - Throws: ``TestSupportError`` when python3 is missing or the server does not start.
    public init(root: URL, tls: (certificate: URL, key: URL)? = nil) throws {
        guard let python3 = TestTools.python3 else { throw TestSupportError("python3 is not installed") }
        self.root = root
        self.scheme = tls == nil ? "http" : "https"
        workspace = try TemporaryDirectory()
        let errorLog = workspace.url.appendingPathComponent("stderr.txt")
        guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else {
            throw TestSupportError("cannot create \(errorLog.path)")
        }

        let script = TestTools.scriptsDirectory.appendingPathComponent("list_server.py")
        var arguments = [
            script.path, "--root", root.path, "--control", workspace.url.appendingPathComponent("control.json").path,
            "--log", workspace.url.appendingPathComponent("requests.jsonl").path, "--exit-on-stdin-eof",
        ]
        if let tls {
            arguments += ["--tls", tls.certificate.path, tls.key.path]
        }
        process = Process()
        process.executableURL = python3
        process.arguments = arguments
        // The server exits when this pipe closes, so it cannot outlive a test runner that crashed.
        stdinPipe = Pipe()
        process.standardInput = stdinPipe
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()

        var firstLine = Data()
        while !firstLine.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            firstLine.append(chunk)
        }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let port = Int(text), port > 0 else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let errors = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
            throw TestSupportError("list_server.py did not report a port (stdout: \"\(text)\"): \(errors)")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The URL of `pathAndQuery` (starting with "/") on this server.
    public func url(_ pathAndQuery: String) -> String {
        "\(scheme)://127.0.0.1:\(port)\(pathAndQuery)"
    }

    /// Replaces the per-path fault rules, which the server re-reads on every request.
    /// - Parameter rules: path (such as "/vical") → parameters, with the same names and values as the query
    ///   parameters (`["status": "500"]`).
    public func setRules(_ rules: [String: [String: String]]) throws {
        let data = try JSONSerialization.data(withJSONObject: rules, options: [.sortedKeys])
        try data.write(to: controlFile, options: .atomic)
    }

    /// The requests the server has received so far, oldest first.
    public func requests() throws -> [LoggedRequest] {
        guard let data = FileManager.default.contents(atPath: logFile.path) else { return [] }
        let decoder = JSONDecoder()
        return try data.split(separator: UInt8(ascii: "\n")).map {
            try decoder.decode(LoggedRequest.self, from: Data($0))
        }
    }

    /// Kills the server with SIGKILL and waits for it; safe to call more than once.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try? stdinPipe.fileHandleForWriting.close()
    }
}
