internal import COpenSSL
import Foundation
import Synchronization

/// One group of benchmarks, selectable by name on the command line.
struct BenchmarkGroup: Sendable {
    /// The name given on the command line (`cbor`, `verify`, ...).
    let name: String
    /// One line on what the group measures, for the help text and the group's title.
    let summary: String
    /// Runs the group and prints its figures; errors are printed and recorded with ``Bench/fail(_:_:)``.
    let run: @Sendable () -> Void
}

/// The facts about the machine that a reader needs to compare figures across runs.
enum MachineFacts {
    /// Prints the header: date, build configuration, CPU, cores, kernel and the OpenSSL library in use.
    static func printHeader() {
        print("trustlists-bench")
        print("  date:     \(Date().formatted(.iso8601))")
        #if DEBUG
            print("  build:    DEBUG (figures are not representative; use swift run -c release)")
        #else
            print("  build:    release")
        #endif
        print("  cpu:      \(cpuModel() ?? "unknown")")
        let info = ProcessInfo.processInfo
        print("  cores:    \(info.activeProcessorCount) active of \(info.processorCount)")
        print("  kernel:   \(info.operatingSystemVersionString)")
        print("  openssl:  \(String(cString: OpenSSL_version(OPENSSL_VERSION))) (runtime library)")
        print("  load:     \(loadAverage()) (1/5/15-min load average at start; other work on the machine adds noise)")
        print("  method:   wall times, median over repetitions after a warm-up; lines say reps x iterations, the")
        print("            range over repetitions and the median process CPU time (all threads)")
    }

    /// The first three fields of `/proc/loadavg`.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The first `model name` of `/proc/cpuinfo`.
    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// The folder where groups write files for other programs (the lists and script the Python verifier reads).
enum BenchFiles {
    /// Where the files go and whether they stay.
    private struct State {
        /// The folder; nil until chosen or first used.
        var directory: URL?
        /// Whether the folder was given with `--keep-files` and stays after the run.
        var keep = false
    }

    /// The folder state, shared by every group.
    private static let state = Mutex(State())

    /// Keeps the files in `path` instead of a temporary folder removed at the end.
    static func keep(in path: String) {
        state.withLock {
            $0.directory = URL(fileURLWithPath: path, isDirectory: true)
            $0.keep = true
        }
    }

    /// The folder, created on first use.
    /// - Throws: when it cannot be created.
    static func directory() throws -> URL {
        try state.withLock { state in
            let directory =
                state.directory
                ?? FileManager.default.temporaryDirectory.appendingPathComponent(
                    "trustlists-bench-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            state.directory = directory
            return directory
        }
    }

    /// Writes `bytes` to `name` in the folder.
    /// - Returns: the file's URL.
    static func write(_ bytes: [UInt8], named name: String) throws -> URL {
        let url = try directory().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// Removes the temporary folder, unless the files are to be kept.
    static func cleanUp() {
        let directory: URL? = state.withLock { $0.keep ? nil : $0.directory }
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
}
