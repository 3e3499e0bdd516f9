import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// `trustlistd`'s signals, its lock failures and its schedule, as a child process over the loopback list server.
@Suite("trustlistd: signals, lock failures, scheduled refreshes", .serialized, .requires(.trustlistd, .python3))
struct DaemonSignalTests {
    func isRefreshFinished(_ line: DaemonLogLine) -> Bool { line.message == "refresh finished" }

    @Test("SIGHUP during a fetch: the fetch completes, then the configuration is reloaded and the lists refreshed")
    func reloadDuringFetch() throws {
        let network = try ServedNetwork()
        // About 2.5 KB at 500 B/s: the VICAL's fetch takes about five seconds.
        try network.server.setRules(["/vical": ["trickle": "500"]])
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try network.waitForRequest("/vical", daemon: daemon)
        #expect(!daemon.logLines.contains(where: isRefreshFinished), "the first run is still fetching")
        daemon.send(SIGHUP)
        try daemon.waitFor("the refresh after SIGHUP", timeout: 60) {
            $0.message == "refresh finished" && $0["trigger"] == "reload"
        }
        let lines = daemon.logLines
        let messages = lines.map(\.message)
        // The run in flight was not abandoned: it took both lists.
        let first = try #require(lines.first(where: isRefreshFinished))
        #expect(first["trigger"] == "start" && first["updated"] == "2" && first["cancelled"] == nil, "\(first)")
        #expect(!messages.contains("list refresh cancelled"))
        // The reload came after that run, and its refresh found both lists unchanged.
        let firstFinished = try #require(messages.firstIndex(of: "refresh finished"))
        let reloading = try #require(messages.firstIndex(of: "reloading"))
        #expect(firstFinished < reloading, "\(messages)")
        let reload = try #require(lines.last(where: isRefreshFinished))
        #expect(reload["unchanged"] == "2", "\(reload)")
        #expect(daemon.process.isRunning)
    }

    @Test("SIGINT stops like SIGTERM: exit 0, stopping and stopped name the signal")
    func sigint() throws {
        let network = try ServedNetwork()
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        daemon.send(SIGINT)
        #expect(daemon.waitForExit(timeout: 60) == 0)
        let lines = daemon.logLines
        #expect(lines.contains { $0.message == "stopping" && $0["signal"] == "SIGINT" }, "\(daemon.log)")
        #expect(lines.last?.message == "stopped" && lines.last?["signal"] == "SIGINT", "\(daemon.log)")
        #expect(!lines.contains { $0.message == "stop deadline passed, exiting" })
    }

    @Test("a second stop signal while the first stop is under way exits at once")
    func secondStopSignal() throws {
        let network = try ServedNetwork()
        // About 2.5 KB at 100 B/s: a fetch that is still running when the signals come.
        try network.server.setRules(["/vical": ["trickle": "100"]])
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try network.waitForRequest("/vical", daemon: daemon)
        // Both signals arrive together: the process is stopped while they are sent, so the second one is handled
        // before the loop can have finished the first stop (abandoning the fetch takes it up to a second).
        daemon.send(SIGSTOP)
        daemon.send(SIGTERM)
        daemon.send(SIGINT)
        daemon.send(SIGCONT)
        #expect(daemon.waitForExit(timeout: 60) == 0)
        let lines = daemon.logLines
        let stopping = try #require(lines.first { $0.message == "stopping" }, "\(daemon.log)")
        let second = try #require(lines.first { $0.message == "second stop signal, exiting at once" }, "\(daemon.log)")
        #expect(second.priority == 4 && second["reason"] == "second_signal")
        #expect(Set([stopping["signal"], second["signal"]]) == ["SIGTERM", "SIGINT"], "\(daemon.log)")
        // Exited from the signal handler: not at the loop's end, not by the stop deadline.
        #expect(!lines.contains { $0.message == "stopped" || $0.message == "stop deadline passed, exiting" })
    }

    @Test(
        "a refresh that cannot take the lock is skipped with a warning and retried; it runs once the lock can be taken")
    func refreshSkipped() throws {
        let network = try ServedNetwork()
        // A folder where the lock file goes: the lock cannot be opened (persist_error), as a refresh that could not
        // get it in time is cache_locked; both take the same path in the daemon.
        try FileManager.default.createDirectory(at: network.layout.lock, withIntermediateDirectories: true)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let skipped = try daemon.waitFor("two skipped refreshes", count: 2) { $0.message == "refresh skipped" }
        for line in skipped {
            #expect(line.priority == 4 && line["reason"] == "persist_error", "\(line)")
            #expect(line["message"]?.contains("cannot open the lock file") == true, "\(line)")
        }
        #expect(!daemon.logLines.contains(where: isRefreshFinished))
        #expect(try network.requestedPaths().isEmpty, "nothing is fetched without the lock")
        try FileManager.default.removeItem(at: network.layout.lock)
        let finished = try daemon.waitFor("a refresh once the lock can be taken", isRefreshFinished)
        #expect(finished.first?["updated"] == "2")
        #expect(try network.status().lists.allSatisfy { $0.state == .fresh })
    }

    @Test("with refreshIntervalSeconds 60 an overdue list is polled on schedule (not as a retry) and a new issue taken")
    func scheduledRefresh() throws {
        let network = try ServedNetwork(
            extraTop: "\"checkIntervalSeconds\": 1, \"refreshIntervalSeconds\": 60, \"backoffBaseSeconds\": 1, "
                + "\"backoffCapSeconds\": 2")
        // Past its nextUpdate, within the 3-day grace: overdue, still trusted. The schedule polls such a list every
        // tenth of the refresh interval (6 s, ±10%) until a new issue arrives; the healthy RICAL waits a minute.
        try network.publish(vicalIssue: 1, date: Date() - 7200, nextUpdate: Date() - 60)
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        #expect(try network.status().lists.first { $0.id == network.vicalID }?.state == .overdue)
        try network.publish(vicalIssue: 2)
        let started = try daemon.waitFor("a scheduled refresh", timeout: 60) {
            $0.message == "refresh started" && $0["trigger"] == "schedule"
        }
        #expect(started.first?["lists"] == "sim/vical")
        try daemon.waitFor("the scheduled refresh to finish") {
            $0.message == "refresh finished" && $0["trigger"] == "schedule"
        }
        let lines = daemon.logLines
        #expect(
            lines.contains { $0.message == "list updated" && $0["list.id"] == "sim/vical" && $0["issue.id"] == "2" })
        #expect(!lines.contains { $0.message == "list refresh failed" }, "no failure, so no backoff:\n\(daemon.log)")
        #expect(try network.status().lists.first { $0.id == network.vicalID }?.state == .fresh)
    }
}

/// Waiting for the cache lock is a sign of life, not a stall: a daemon that waits longer than the stall limit for a
/// `trustctl refresh` holding the lock keeps pinging systemd's watchdog. Slow (the stall limit is at least two
/// minutes), so a suite of its own, which runs beside the others. The stall rule itself is `LoopWatchdogTests`.
@Suite("trustlistd: a long wait for the cache lock keeps the watchdog pinged", .requires(.trustlistd, .python3))
struct DaemonLockWaitWatchdogTests {
    @Test(
        "a wait for the lock longer than the stall limit keeps pinging and never logs a stall",
        .timeLimit(.minutes(6)))
    func lockWaitIsAlive() throws {
        // The stall limit is the fetch deadlines plus 120 s: 120.2 s here.
        let network = try ServedNetwork(
            extraTop:
                "\"checkIntervalSeconds\": 1, \"http\": { \"totalTimeoutSeconds\": 0.1, \"connectTimeoutSeconds\": 0.1 }"
        )
        var held: StoreLock? = try StoreLock.acquire(network.layout, timeout: 5)
        defer { held?.release() }
        let socket = try NotifySocket()
        let daemon = try network.startDaemon(environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "1000000"])
        defer { daemon.kill() }
        try daemon.waitFor("the wait for the lock") { $0.message == "waiting for the cache lock" }
        let waitBegan = Date()
        // Past the stall limit, reading the notifications as systemd does (a full queue would block sd_notify).
        var pingsLate = 0
        while Date() < waitBegan + 130 {
            let messages = socket.messages
            if Date() > waitBegan + 121 { pingsLate = messages.filter { $0 == "WATCHDOG=1" }.count }
            guard daemon.process.isRunning else { throw TestSupportError("the daemon exited:\n\(daemon.log)") }
            usleep(200_000)
        }
        #expect(!daemon.logLines.contains { $0.message == "loop stalled, watchdog not pinged" }, "\(daemon.log)")
        // Pings still arrive after the stall limit has passed in the wait.
        let before = socket.messages.filter { $0 == "WATCHDOG=1" }.count
        try socket.waitFor("a ping after the stall limit", after: socket.messages.count) { $0 == "WATCHDOG=1" }
        #expect(socket.messages.filter { $0 == "WATCHDOG=1" }.count > before)
        #expect(pingsLate > 0)
        held?.release()
        held = nil
        try daemon.waitFor("the first refresh", timeout: 60) { $0.message == "refresh finished" }
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 60) == 0)
    }
}
