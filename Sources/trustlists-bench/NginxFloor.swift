import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// nginx serving one 512-byte static file on a loopback port with `worker_processes 2` (the floor of the HTTP
/// benchmark, as the acceptance harness of issue 36 sets it up), in its own prefix folder; stopped with SIGQUIT
/// (graceful) and reaped.
final class NginxFloor {
    private var process: Process?
    /// The file's URL.
    let url: String
    /// nginx's version (`1.22.1`).
    let version: String
    /// The file's size in bytes.
    let fileBytes = 512
    /// Worker processes.
    let workers = 2

    /// Starts nginx, retrying on another port when the one chosen was taken meanwhile.
    /// - Throws: ``BenchError`` when nginx is not installed or does not start.
    init(folder: URL) throws {
        guard
            let executable = ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw BenchError("nginx not found") }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("logs"), withIntermediateDirectories: true)
        try Data(repeating: UInt8(ascii: "x"), count: fileBytes).write(to: folder.appendingPathComponent("small"))
        var lastError = ""
        for _ in 0..<5 {
            let port = try Self.freePort()
            let configuration = """
                daemon off;
                worker_processes \(workers);
                pid \(folder.path)/nginx.pid;
                error_log \(folder.path)/logs/error.log;
                events { worker_connections 1024; }
                http {
                    access_log off;
                    client_body_temp_path \(folder.path)/client;
                    proxy_temp_path \(folder.path)/proxy;
                    fastcgi_temp_path \(folder.path)/fastcgi;
                    uwsgi_temp_path \(folder.path)/uwsgi;
                    scgi_temp_path \(folder.path)/scgi;
                    keepalive_requests 1000000;
                    server {
                        listen 127.0.0.1:\(port);
                        root \(folder.path);
                        location / { default_type text/plain; }
                    }
                }
                """
            let file = folder.appendingPathComponent("nginx.conf")
            try Data(configuration.utf8).write(to: file)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["-p", folder.path + "/", "-c", file.path, "-e", folder.path + "/logs/error.log"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            self.process = process
            let deadline = Date() + 10
            while Date() < deadline, process.isRunning {
                if HTTPProbe.get("http://127.0.0.1:\(port)/small").status == 200 {
                    url = "http://127.0.0.1:\(port)/small"
                    version = Self.version(executable)
                    return
                }
                usleep(50_000)
            }
            lastError =
                (try? String(contentsOf: folder.appendingPathComponent("logs/error.log"), encoding: .utf8)) ?? ""
            if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
            process.waitUntilExit()
            if !lastError.contains("Address already in use") { break }
        }
        throw BenchError("nginx did not start: \(lastError)")
    }

    /// CPU seconds (user + system) that nginx's master and workers have used so far, from `/proc/PID/stat`.
    func cpuSeconds() -> Double {
        guard let process else { return 0 }
        let master = process.processIdentifier
        let children =
            (try? String(contentsOfFile: "/proc/\(master)/task/\(master)/children", encoding: .utf8))?
            .split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
        return ([master] + children).map(ChildProcess.cpuSeconds(of:)).reduce(0, +)
    }

    func stop() {
        guard let process else { return }
        if process.isRunning { kill(process.processIdentifier, SIGQUIT) }
        process.waitUntilExit()
        self.process = nil
    }

    static func version(_ executable: String) -> String {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: executable)
        probe.arguments = ["-v"]
        let pipe = Pipe()
        probe.standardError = pipe
        probe.standardOutput = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "?" }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        probe.waitUntilExit()
        return text.split(separator: "/").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "?"
    }

    /// A loopback port that was free a moment ago.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw BenchError("socket failed") }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0 else { throw BenchError("bind failed") }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw BenchError("getsockname failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
