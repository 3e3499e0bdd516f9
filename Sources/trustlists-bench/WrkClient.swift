import Foundation

/// `wrk` (Debian's package `wrk`, https://github.com/wg/wrk) as a second client of the HTTP benchmark: an event-loop
/// load generator in its own process, costing the shared cores far less per request than the benchmark's libcurl
/// client, so its figures come closer to what the server (and nginx) can do. Optional: without it the benchmark
/// prints that it was not found and measures with libcurl only.
///
/// Each run is `wrk -t T -c C -d S --latency -s script url` with `T = min(2, C)` threads and a Lua script that sets
/// the method, the body and the header fields; the figures are wrk's own: requests per second, the 50th and 99th
/// percentile of its latency distribution, and its error counts (socket errors and non-2xx/3xx answers).
struct WrkClient {
    /// What each connection sends, again and again.
    struct Request {
        let url: String
        let method: String
        let headers: [(String, String)]
        let body: String?
    }

    /// wrk's figures for one run.
    struct Figures {
        /// Requests per second.
        let rate: Double
        /// Latency percentiles, seconds.
        let p50: Double
        let p99: Double
        /// Socket errors plus answers that were not 2xx or 3xx.
        let errors: Int
    }

    /// The executable.
    let executable: String
    /// The folder its Lua scripts are written to.
    let folder: URL
    /// Its version line (`wrk 4.1.0 [epoll]`).
    let version: String

    /// The installed wrk, or nil.
    init?(folder: URL) {
        guard
            let executable = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            }), (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil
        else { return nil }
        self.executable = executable
        self.folder = folder
        let output = (try? Self.execute(executable, ["--version"])) ?? ""
        version =
            output.split(separator: "\n").first.map {
                String($0.split(separator: " ").prefix(3).joined(separator: " "))
            } ?? "wrk"
    }

    /// Runs `request` on `connections` keep-alive connections for `seconds`.
    /// - Throws: ``BenchError`` when wrk fails or prints no rate.
    func run(_ request: Request, connections: Int, seconds: Int) throws -> Figures {
        var script = "wrk.method = \"\(request.method)\"\n"
        for (name, value) in request.headers { script += "wrk.headers[\"\(name)\"] = [==[\(value)]==]\n" }
        if let body = request.body { script += "wrk.body = [==[\(body)]==]\n" }
        let file = folder.appendingPathComponent("request-\(abs(script.hashValue)).lua")
        try Data(script.utf8).write(to: file)
        let output = try Self.execute(
            executable,
            [
                "-t", String(min(2, connections)), "-c", String(connections), "-d", "\(seconds)s", "--latency",
                "-s", file.path, request.url,
            ])
        guard let rate = Self.number(after: "Requests/sec:", in: output) else {
            throw BenchError("wrk printed no rate: \(output)")
        }
        let socketErrors =
            output.split(separator: "\n").first { $0.contains("Socket errors:") }.map { line in
                line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
            } ?? 0
        let statusErrors = Self.number(after: "Non-2xx or 3xx responses:", in: output).map { Int($0) } ?? 0
        return Figures(
            rate: rate, p50: Self.latency("50%", in: output) ?? 0, p99: Self.latency("99%", in: output) ?? 0,
            errors: socketErrors + statusErrors)
    }

    /// The number after `label` on its line.
    static func number(after label: String, in output: String) -> Double? {
        guard let line = output.split(separator: "\n").first(where: { $0.contains(label) }),
            let range = line.range(of: label)
        else { return nil }
        return Double(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
    }

    /// A line `    99%    1.23ms` of the latency distribution, in seconds.
    static func latency(_ percentile: String, in output: String) -> Double? {
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 2, words[0] == percentile else { continue }
            let text = String(words[1])
            for (unit, scale) in [("us", 1e-6), ("ms", 1e-3), ("s", 1.0), ("m", 60.0)] where text.hasSuffix(unit) {
                return Double(text.dropLast(unit.count)).map { $0 * scale }
            }
        }
        return nil
    }

    /// Runs a program to its end; its standard output and error.
    static func execute(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\(executable) exited with \(process.terminationStatus): \(output)")
        }
        return output
    }
}
