import Foundation

/// A program run by the benchmark as its own process (`posix_spawn`), with the CPU time the kernel counted for it
/// (`wait4`'s `rusage`: user + system, all its threads), so a figure does not depend on how busy the machine is the
/// way a wall time does.
struct ChildProcess {
    /// The process id.
    let pid: pid_t
    /// When it was spawned.
    let started: ContinuousClock.Instant

    /// What a finished process used.
    struct Usage {
        /// Its exit status (`WEXITSTATUS`), or 128 + the signal that ended it.
        let status: Int32
        /// Wall seconds from spawn to exit.
        let wallSeconds: Double
        /// User + system CPU seconds of the process (all threads).
        let cpuSeconds: Double
    }

    /// Spawns `executable` with `arguments`; standard output and error go to `output` (created or truncated), or to
    /// /dev/null when nil.
    static func spawn(_ executable: String, _ arguments: [String], output: URL? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let path = output?.path ?? "/dev/null"
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let result = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard result == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(result)))") }
        return ChildProcess(pid: pid, started: started)
    }

    /// Runs `executable` to its end.
    static func run(_ executable: String, _ arguments: [String], output: URL? = nil) throws -> Usage {
        try spawn(executable, arguments, output: output).wait()
    }

    /// User + system CPU seconds so far (``cpuSeconds(of:)``).
    var cpuSecondsSoFar: Double { Self.cpuSeconds(of: pid) }

    /// utime + stime of one process (all its threads) so far, in seconds, from `/proc/PID/stat` (clock ticks: 10 ms
    /// resolution at 100 Hz); 0 when it cannot be read.
    static func cpuSeconds(of pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        // After "pid (comm) ": state is field 3, utime field 14, stime field 15.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Sends `signal`.
    func signal(_ signal: Int32) { kill(pid, signal) }

    /// Waits for the process to end.
    func wait() -> Usage {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = Bench.seconds(ContinuousClock.now - started)
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) * 1e-6
        let exited = status & 0x7f == 0
        return Usage(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), wallSeconds: wall, cpuSeconds: cpu)
    }
}
