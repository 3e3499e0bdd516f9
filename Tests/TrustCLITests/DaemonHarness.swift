import Foundation
import Publishing
import Synchronization
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// Where the built `trustlistd` is: the products folder of this build, the parent of the test bundle. `swift test`
/// builds every product of the package, executables included, before it runs the tests.
enum BuiltProducts {
    /// The folder holding `trustlistd`, or nil when it was not built.
    static let directory: URL? = candidates.first { folder in
        FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("trustlistd").path)
    }

    /// Places looked at, for the skip message.
    static var candidates: [URL] {
        var folders: [URL] = []
        // The test bundle (`…/debug/TrustListsPackageTests.xctest`: a file on Linux, a folder on macOS).
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return folders
    }

    /// `trustlistd`, when built.
    static var trustlistd: URL? { directory?.appendingPathComponent("trustlistd") }

}

extension Prerequisite {
    /// `trustlistd` built beside the test bundle (`swift test` builds it; `swift build --build-tests` too).
    static let trustlistd = built("trustlistd")
    /// `trustctl` built beside the test bundle.
    static let trustctl = built("trustctl")

    /// The product `name` built beside the test bundle.
    static func built(_ name: String) -> Prerequisite {
        Prerequisite(
            "\(name) built beside the test bundle",
            hint: "looked in \(BuiltProducts.candidates.map(\.path).joined(separator: ", ")); run swift build first"
        ) {
            BuiltProducts.directory.map {
                FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent(name).path)
            } ?? false
        }
    }
}

/// One log line of the daemon: `<priority>message key=value …`.
struct DaemonLogLine: CustomStringConvertible {
    /// The journald priority (3 error, 4 warning, 6 info).
    let priority: Int
    /// The constant message.
    let message: String
    /// The fields, unquoted.
    let fields: [String: String]
    /// The line as written.
    let description: String

    /// Parses a line of either format (`log.format`): `<N>message key=value …`, or a JSON object whose members are
    /// all strings, with `level` and `event`; nil when it has neither shape.
    init?(_ line: String) {
        if line.hasPrefix("{") {
            guard let object = try? JSONDecoder().decode([String: String].self, from: Data(line.utf8)),
                let level = object["level"], let event = object["event"]
            else { return nil }
            priority = ["error": 3, "warning": 4, "info": 6][level] ?? 0
            message = event
            fields = object.filter { $0.key != "level" && $0.key != "event" && $0.key != "time" }
            description = line
            return
        }
        guard line.hasPrefix("<"), let close = line.firstIndex(of: ">"),
            let priority = Int(line[line.index(after: line.startIndex)..<close])
        else { return nil }
        self.priority = priority
        description = line
        var rest = line[line.index(after: close)...]
        // The message ends where the first ` key=` begins.
        var messageEnd = rest.endIndex
        var index = rest.startIndex
        while index < rest.endIndex {
            if rest[index] == " " {
                let key = rest[rest.index(after: index)...].prefix {
                    $0.isLetter || $0.isNumber || $0 == "." || $0 == "_"
                }
                let after = rest.index(index, offsetBy: key.count + 1)
                if !key.isEmpty, after < rest.endIndex, rest[after] == "=" {
                    messageEnd = index
                    break
                }
            }
            index = rest.index(after: index)
        }
        message = String(rest[..<messageEnd])
        rest = rest[messageEnd...]
        var fields: [String: String] = [:]
        while rest.first == " " {
            rest = rest.dropFirst()
            let key = String(rest.prefix { $0 != "=" })
            rest = rest.dropFirst(key.count + 1)
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if character == "\"" { break }
                    if character == "\\", let escaped = rest.first {
                        rest = rest.dropFirst()
                        value.append(escaped == "n" ? "\n" : escaped == "t" ? "\t" : escaped)
                    } else {
                        value.append(character)
                    }
                }
            } else {
                value = String(rest.prefix { $0 != " " })
                rest = rest.dropFirst(value.count)
            }
            fields[key] = value
        }
        self.fields = fields
    }

    /// The field `key`, or nil.
    subscript(_ key: String) -> String? { fields[key] }
}

/// A `trustlistd` child process with its stderr in a file. Killed with SIGKILL when the value goes away (a child
/// may inherit a blocked SIGTERM from the test runner, and a test that failed half-way must not leave it running).
final class DaemonProcess {
    let process = Process()
    let logFile: URL
    private var exited = false

    /// Starts `trustlistd arguments` with the test's environment minus systemd's variables, plus `environment`.
    /// - Parameter executable: another program to start instead (one that execs `trustlistd`, such as
    ///   `systemd-socket-activate`); nil for `trustlistd` itself.
    init(
        arguments: [String], logFolder: URL, environment: [String: String] = [:], executable: URL? = nil
    ) throws {
        guard let executable = executable ?? BuiltProducts.trustlistd else {
            throw TestSupportError("trustlistd is not built")
        }
        logFile = logFolder.appendingPathComponent("trustlistd-\(UUID().uuidString.prefix(8)).log")
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw TestSupportError("cannot create \(logFile.path)")
        }
        var childEnvironment = ProcessInfo.processInfo.environment
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", Configuration.environmentVariable] {
            childEnvironment[name] = nil
        }
        childEnvironment.merge(environment) { $1 }
        process.executableURL = executable
        process.arguments = arguments
        process.environment = childEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: logFile)
        try process.run()
    }

    deinit { kill() }

    /// The child's process id.
    var pid: Int32 { process.processIdentifier }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { Glibc.kill(process.processIdentifier, signal) }

    /// Kills the child with SIGKILL and reaps it; safe to call more than once.
    func kill() {
        guard !exited else { return }
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        exited = true
    }

    /// Waits for the child to exit.
    /// - Returns: its exit status, or nil when it still runs after `timeout` seconds.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date() + timeout
        while process.isRunning, Date() < deadline { usleep(20_000) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        exited = true
        return process.terminationStatus
    }

    /// Every complete line written so far.
    var lines: [String] {
        let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    /// Every line so far, parsed.
    var logLines: [DaemonLogLine] { lines.compactMap(DaemonLogLine.init) }

    /// The log, for failure messages.
    var log: String { lines.joined(separator: "\n") }

    /// Waits until at least `count` lines satisfy `predicate`.
    /// - Returns: the matching lines.
    /// - Throws: ``TestSupportError`` with the log when `timeout` seconds pass first, or when the child exits.
    @discardableResult
    func waitFor(
        _ what: String, count: Int = 1, timeout: TimeInterval = 30, _ predicate: (DaemonLogLine) -> Bool
    ) throws -> [DaemonLogLine] {
        let deadline = Date() + timeout
        while true {
            let matching = logLines.filter(predicate)
            if matching.count >= count { return matching }
            guard process.isRunning else {
                throw TestSupportError("trustlistd exited (\(process.terminationStatus)) before \(what):\n\(log)")
            }
            guard Date() < deadline else { throw TestSupportError("timed out waiting for \(what):\n\(log)") }
            usleep(50_000)
        }
    }
}

/// A simulator network published over the loopback server, with lists dated now (the daemon runs on the wall
/// clock), and a configuration for it in a temporary folder.
final class ServedNetwork {
    let sim: ListSimulator
    let served: TemporaryDirectory
    let folder: TemporaryDirectory
    let server: ListServer
    let configuration: Configuration
    let vicalID = ListID(network: "sim", kind: .vical)
    let ricalID = ListID(network: "sim", kind: .rical)

    /// Publishes issue 1 of both lists and writes the configuration.
    /// - Parameter extraTop: more top-level configuration members; the default wakes every second and retries
    ///   after 1 s, 2 s, 2 s…
    init(
        extraTop: String =
            "\"checkIntervalSeconds\": 1, \"backoffBaseSeconds\": 1, \"backoffCapSeconds\": 2, \"http\": { \"totalTimeoutSeconds\": 60 }"
    ) throws {
        let now = Date()
        sim = try ListSimulator(name: "Sim", at: now)
        served = try TemporaryDirectory()
        folder = try TemporaryDirectory()
        try served.write(Array(sim.root.certificate.pemEncoded.utf8), to: "root.pem")
        server = try ListServer(root: served.url)
        configuration = try RefreshHarness.configuration(
            in: folder.url, pin: sim.root.certificate.sha256Hex, extraNetwork: "", bootstrap: (nil, nil),
            urls: (server.url("/root.pem"), server.url("/vical"), server.url("/rical")), allowInsecure: true,
            extraTop: extraTop)
        try publish(vicalIssue: 1)
        try publish(ricalIssue: 1)
    }

    deinit { server.stop() }

    /// The `nextUpdate` of the list last published of each kind.
    private(set) var publishedNextUpdate: [ListKind: Date] = [:]

    /// Publishes a VICAL issue dated a minute ago (next update a day later unless given), with every IACA or only the
    /// first ones.
    func publish(vicalIssue issue: UInt64, iacas: Int? = nil, date: Date? = nil, nextUpdate: Date? = nil) throws {
        var content = sim.vicalContent(issueID: issue, date: date ?? Date() - 60)
        if let iacas { content.entries = Array(content.entries.prefix(iacas)) }
        if let nextUpdate { content.nextUpdate = nextUpdate }
        publishedNextUpdate[.vical] = content.nextUpdate
        try served.write(try sim.signed(content), to: "vical")
    }

    /// Publishes a RICAL issue dated a minute ago, next update a day later.
    func publish(ricalIssue issue: UInt64) throws {
        let content = sim.ricalContent(issueID: issue, date: Date() - 60)
        publishedNextUpdate[.rical] = content.nextUpdate
        try served.write(try sim.signed(content), to: "rical")
    }

    /// The cache layout.
    var layout: StoreLayout { StoreLayout(root: configuration.cacheDirectory) }

    /// Starts the daemon on this network's configuration.
    /// - Parameter through: a program and its arguments that exec `trustlistd` with the rest of the command line
    ///   (`systemd-socket-activate -l …`); nil starts it directly.
    func startDaemon(
        extraArguments: [String] = [], environment: [String: String] = [:], through: (URL, [String])? = nil
    ) throws -> DaemonProcess {
        let arguments = ["--config", configuration.file.path] + extraArguments
        guard let (launcher, launcherArguments) = through else {
            return try DaemonProcess(arguments: arguments, logFolder: folder.url, environment: environment)
        }
        guard let trustlistd = BuiltProducts.trustlistd else { throw TestSupportError("trustlistd is not built") }
        return try DaemonProcess(
            arguments: launcherArguments + [trustlistd.path] + arguments, logFolder: folder.url,
            environment: environment, executable: launcher)
    }

    /// The status as `trustctl status` sees it now: a read-only service that verifies the cache again.
    func status() throws -> StatusReport {
        let service = TrustService(configuration: configuration, readOnly: true)
        try service.load(at: Date())
        return service.status(at: Date())
    }

    /// The paths requested so far, in order.
    func requestedPaths() throws -> [String] { try server.requests().map(\.path) }

    /// Waits until the server has received a request for `path`.
    /// - Throws: ``TestSupportError`` with the daemon's log after `timeout` seconds, or when the daemon exits.
    func waitForRequest(_ path: String, daemon: DaemonProcess, timeout: TimeInterval = 30) throws {
        let deadline = Date() + timeout
        while try !requestedPaths().contains(path) {
            guard daemon.process.isRunning else {
                throw TestSupportError("trustlistd exited before requesting \(path):\n\(daemon.log)")
            }
            guard Date() < deadline else { throw TestSupportError("\(path) never requested:\n\(daemon.log)") }
            usleep(20_000)
        }
    }
}

/// The receiving end of `NOTIFY_SOCKET`: an `AF_UNIX` datagram socket bound in a folder of its own under `/tmp`,
/// collecting what `sd_notify` sends. Not under `$TMPDIR`: a socket path has at most 107 bytes (`sun_path`), which a
/// long temporary directory would exceed.
final class NotifySocket {
    let path: String
    private let folder: String
    private let descriptor: Int32
    private var received: [String] = []

    init() throws {
        var template = Array("/tmp/tl-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else {
            throw TestSupportError("mkdtemp /tmp/tl-XXXXXX: \(String(cString: strerror(errno)))")
        }
        folder = String(cString: made)
        path = folder + "/notify"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            rmdir(folder)
            throw TestSupportError("socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            rmdir(folder)
            throw TestSupportError("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            rmdir(folder)
            throw TestSupportError("bind \(path): \(reason)")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
        rmdir(folder)
    }

    /// Reads every datagram waiting, for up to `timeout` seconds for the first.
    private func drain(timeout: TimeInterval) {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var wait = Int32(timeout * 1000)
        while poll(&poller, 1, wait) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(String(decoding: buffer[..<count], as: UTF8.self))
            wait = 0
        }
    }

    /// Waits until `count` messages satisfy `predicate`.
    /// - Returns: every message received so far.
    /// - Throws: ``TestSupportError`` after `timeout` seconds.
    /// - Parameter after: how many of the first messages to pass over.
    @discardableResult
    func waitFor(
        _ what: String, after: Int = 0, count: Int = 1, timeout: TimeInterval = 30, _ predicate: (String) -> Bool
    ) throws -> [String] {
        let deadline = Date() + timeout
        while received.dropFirst(after).filter(predicate).count < count {
            guard Date() < deadline else {
                throw TestSupportError("timed out waiting for \(what); received: \(received)")
            }
            drain(timeout: 0.1)
        }
        return received
    }

    /// Every message received so far.
    var messages: [String] {
        drain(timeout: 0)
        return received
    }
}
