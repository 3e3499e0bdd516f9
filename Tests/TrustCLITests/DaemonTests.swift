import Foundation
import Publishing
import TestSupport
import Testing
import TrustCLI
import TrustLists

@testable import TrustListsService

#if canImport(Glibc)
    import Glibc
#endif

/// `trustlistd` as a child process over the loopback list server, on the wall clock, waking every second.
@Suite(
    "trustlistd", .serialized, .requires(.trustlistd, .python3))
final class DaemonTests {
    let network: ServedNetwork

    init() throws {
        network = try ServedNetwork()
    }

    func isRefreshFinished(_ line: DaemonLogLine) -> Bool { line.message == "refresh finished" }

    @Test("on start it serves the cache, reports ready, takes both lists, and logs one line per event")
    func takesListsOnStart() throws {
        // systemd's status line is sent at every wake-up of the loop: the test counts wake-ups by it.
        let socket = try NotifySocket()
        let daemon = try network.startDaemon(environment: ["NOTIFY_SOCKET": socket.path])
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        let afterRefresh = socket.messages.count
        let lines = daemon.logLines
        #expect(lines.count == daemon.lines.count, "every line has the <priority>message key=value shape")
        let messages = lines.map(\.message)
        let ready = try #require(messages.firstIndex(of: "ready"))
        let started = try #require(messages.firstIndex(of: "refresh started"))
        #expect(ready < started, "ready before the first refresh: \(messages)")
        #expect(lines.first?.message == "starting")
        #expect(lines.first?["check.interval.seconds"] == "1")
        let updated = lines.filter { $0.message == "list updated" }
        #expect(Set(updated.compactMap { $0["list.id"] }) == ["sim/vical", "sim/rical"])
        #expect(updated.allSatisfy { $0.priority == 6 && $0["issue.id"] == "1" && $0["state"] == "fresh" })
        let vical = try #require(updated.first { $0["list.id"] == "sim/vical" })
        #expect(vical["entries"] == "3" && vical["added"] == "3" && vical["removed"] == "0")
        // The membership diff of a first version: every IACA added, by subject.
        let added = lines.filter { $0.message == "list member added" && $0["list.id"] == "sim/vical" }
        #expect(added.count == 3)
        #expect(added.allSatisfy { $0["member"] == "iaca" })
        #expect(added.contains { $0["subject"]?.contains("CN=Sim IACA Utopia") == true })
        let finished = try #require(lines.first(where: isRefreshFinished))
        #expect(finished["trigger"] == "start" && finished["updated"] == "2" && finished["status"] == "OK")

        let status = try network.status()
        #expect(status.lists.allSatisfy { $0.state == .fresh && $0.current?.issueID == 1 })
        #expect(status.exitStatus == 0)
        // Healthy lists are not fetched again at every wake-up: after three more wake-ups (each sends a status
        // line), still one fetch each.
        try socket.waitFor("three wake-ups after the first refresh", after: afterRefresh, count: 3) {
            $0.hasPrefix("STATUS=")
        }
        #expect(try network.requestedPaths().filter { $0 == "/vical" }.count == 1)
        #expect(try network.requestedPaths().filter { $0 == "/rical" }.count == 1)
        // An empty cache is no trust until the first refresh (error lines); after it, no warning or error.
        let loaded = lines.filter { $0.message == "cache loaded" }
        #expect(loaded.count == 2 && loaded.allSatisfy { $0.priority == 3 && $0["reason"] == "trust_list_unavailable" })
        #expect(
            !daemon.logLines.dropFirst(started).contains { $0.priority <= 4 }, "no warning or error:\n\(daemon.log)")
    }

    @Test("a restart serves the verified cache and fetches nothing while every list is fresh and not due")
    func restartServesCache() throws {
        let first = try network.startDaemon()
        try first.waitFor("the first refresh", isRefreshFinished)
        first.send(SIGTERM)
        #expect(first.waitForExit(timeout: 30) == 0)
        let fetched = try network.requestedPaths()
        // The loop sends systemd a status line at every wake-up: two wake-ups after READY=1, a refresh at start
        // would have begun (docs/architecture.md, The live service).
        let socket = try NotifySocket()
        let second = try network.startDaemon(environment: ["NOTIFY_SOCKET": socket.path])
        defer { second.kill() }
        let ready = try socket.waitFor("READY=1") { $0.contains("READY=1") }
        let readyIndex = try #require(ready.firstIndex { $0.contains("READY=1") })
        try socket.waitFor("two wake-ups after ready", after: readyIndex + 1, count: 2) { $0.hasPrefix("STATUS=") }
        let lines = second.logLines
        let loaded = lines.filter { $0.message == "cache loaded" }
        #expect(loaded.count == 2)
        // The last attempt before the restart confirmed both lists from the network: their origin says so.
        #expect(loaded.allSatisfy { $0["state"] == "fresh" && $0["issue.id"] == "1" && $0["origin"] == "network" })
        let messages = lines.map(\.message)
        #expect((messages.firstIndex(of: "cache loaded") ?? .max) < (messages.firstIndex(of: "ready") ?? -1))
        #expect(!messages.contains("refresh started"), "\(second.log)")
        #expect(try network.requestedPaths() == fetched)
    }

    @Test("SIGHUP reloads the configuration and refreshes at once: a new issue is taken, its diff logged")
    func reloadPicksUpNewIssue() throws {
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        try network.publish(vicalIssue: 2, iacas: 2)
        daemon.send(SIGHUP)
        try daemon.waitFor("the refresh after SIGHUP") { $0.message == "refresh finished" && $0["trigger"] == "reload" }
        let lines = daemon.logLines
        #expect(lines.contains { $0.message == "reloading" })
        #expect(lines.contains { $0.message == "configuration reloaded" && $0["lists"] == "sim/vical,sim/rical" })
        let updated = try #require(lines.last { $0.message == "list updated" && $0["list.id"] == "sim/vical" })
        #expect(updated["issue.id"] == "2" && updated["issue.previous"] == "1")
        #expect(updated["entries"] == "2" && updated["added"] == "0" && updated["removed"] == "1")
        let removed = lines.filter { $0.message == "list member removed" }
        #expect(removed.count == 1)
        #expect(removed.first?["subject"]?.contains("CN=Sim IACA Eldorado") == true)
        #expect(removed.first?["member"] == "iaca")
        #expect(lines.contains { $0.message == "list unchanged" && $0["list.id"] == "sim/rical" })
        #expect(try network.status().lists.first { $0.id == network.vicalID }?.current?.issueID == 2)
    }

    @Test("a configuration broken before SIGHUP is refused; the previous one stays in use and the lists are refreshed")
    func reloadKeepsConfigurationOnError() throws {
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        let good = try Data(contentsOf: network.configuration.file)
        try Data("{ \"networks\": [], \"colour\": 1 }".utf8).write(to: network.configuration.file)
        defer { try? good.write(to: network.configuration.file) }
        daemon.send(SIGHUP)
        try daemon.waitFor("the refresh after SIGHUP") { $0.message == "refresh finished" && $0["trigger"] == "reload" }
        let failed = try #require(daemon.logLines.first { $0.message == "reload failed" })
        #expect(failed.priority == 3 && failed["reason"] == "config_invalid")
        #expect(failed["message"]?.contains("colour: unknown key") == true)
        #expect(daemon.process.isRunning)
    }

    @Test("after failures it backs off per list with full jitter, and recovers when the source recovers")
    func backoffAndRecovery() throws {
        try network.server.setRules(["/vical": ["status": "500"]])
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        let failures = try daemon.waitFor("three failures", count: 3, timeout: 20) {
            $0.message == "list refresh failed" && $0["list.id"] == "sim/vical"
        }
        for (index, line) in failures.prefix(3).enumerated() {
            #expect(line["reason"] == "http_status", "\(line)")
            #expect(line.priority == 3, "no trust yet: an error line: \(line)")
            #expect(line["state"] == "no_trust")
            #expect(line["failures"] == String(index + 1))
            // Base 1 s, cap 2 s: the n-th retry comes within min(2, 2^(n-1)) s.
            let bound = min(2.0, pow(2, Double(index)))
            let retry = try #require(line["retry.in.seconds"].flatMap(Double.init))
            #expect(retry >= 0 && retry <= bound + 0.01, "\(line)")
        }
        // Only the failing list is retried: the RICAL was fetched once.
        #expect(try network.requestedPaths().filter { $0 == "/rical" }.count == 1)
        // The metrics are written after a run's log lines: wait for the file of the third run.
        var metrics = try PrometheusTextParser.parse(try String(contentsOf: network.layout.metrics, encoding: .utf8))
        let metricsDeadline = Date() + 30
        while (metrics.value("trustlists_refresh_failures_total", ["list": "sim/vical", "reason": "http_status"]) ?? 0)
            < 3, Date() < metricsDeadline
        {
            usleep(50_000)
            metrics = try PrometheusTextParser.parse(try String(contentsOf: network.layout.metrics, encoding: .utf8))
        }
        let failed = try #require(
            metrics.value("trustlists_refresh_failures_total", ["list": "sim/vical", "reason": "http_status"]))
        #expect(failed >= 3)
        #expect(metrics.value("trustlists_list_state", ["list": "sim/vical", "state": "no_trust"]) == 1)

        try network.server.setRules([:])
        try daemon.waitFor("recovery", timeout: 30) { $0.message == "list updated" && $0["list.id"] == "sim/vical" }
        let status = try network.status().lists.first { $0.id == network.vicalID }
        #expect(status?.state == .fresh)
        #expect(status?.lastError == nil)
        // Every warning and error line carries a reason code.
        let unexplained = daemon.logLines.filter { $0.priority <= 4 && $0["reason"] == nil }
        #expect(unexplained.isEmpty, "\(unexplained)")
        try daemon.waitFor("a state change line") {
            $0.message == "list state changed" && $0["list.id"] == "sim/vical" && $0["state"] == "fresh"
                && $0["previous"] == "no_trust"
        }
    }

    @Test(
        "SIGTERM during a slow fetch: the fetch is abandoned, exit 0 before the stop deadline, the lock released, no failure recorded"
    )
    func stopsDuringSlowFetch() throws {
        try network.server.setRules(["/vical": ["trickle": "10"]])
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try network.waitForRequest("/vical", daemon: daemon)
        daemon.send(SIGTERM)
        let status = daemon.waitForExit(timeout: 60)
        #expect(status == 0, "exit status \(String(describing: status)):\n\(daemon.log)")
        // Stopped by abandoning the fetch, not by the stop deadline's exit.
        let messages = daemon.logLines.map(\.message)
        #expect(messages.contains("stopping") && messages.last == "stopped", "\(messages)")
        #expect(!messages.contains("stop deadline passed, exiting"), "\(messages)")
        #expect(daemon.logLines.contains { $0.message == "list refresh cancelled" && $0["list.id"] == "sim/vical" })
        // The lock is free, and the abandoned fetch is not recorded as a failure of the source.
        let lock = try StoreLock.acquire(network.layout, timeout: 0)
        lock.release()
        let vical = try network.status().lists.first { $0.id == network.vicalID }
        #expect(vical?.lastError == nil)
    }

    @Test("trustctl refresh waits for the daemon's lock, and the daemon waits for trustctl's; state stays whole")
    func sharesTheLock() throws {
        // About 2.5 KB at 1.5 KB/s: the daemon holds the lock for a second or two while it fetches the VICAL.
        try network.server.setRules(["/vical": ["trickle": "1500"]])
        let daemon = try network.startDaemon()
        defer { daemon.kill() }
        try network.waitForRequest("/vical", daemon: daemon)
        let (code, run) = CLIRun.run(["refresh", "--config", network.configuration.file.path, "--json"], now: Date())
        #expect(code == 0, "\(run.standardOutput)\(run.standardError)")
        // trustctl ran after the daemon's whole run: it found both lists already current.
        let outcomes = (run.json["lists"] as? [[String: Any]] ?? []).map { $0["outcome"] as? String }
        #expect(outcomes == ["unchanged", "unchanged"], "\(run.standardOutput)")
        // Each run asks for the root, then for both lists at once (in either order); trustctl's run starts only
        // after the daemon's has asked for everything.
        let paths = try network.requestedPaths()
        #expect(paths.count >= 6, "\(paths)")
        if paths.count >= 6 {
            #expect(paths[0] == "/root.pem" && paths[3] == "/root.pem", "\(paths)")
            #expect(Set(paths[1...2]) == ["/vical", "/rical"] && Set(paths[4...5]) == ["/vical", "/rical"], "\(paths)")
        }
        try daemon.waitFor("the first refresh", isRefreshFinished)

        // The other way round: a lock held elsewhere makes the daemon wait, then proceed.
        try network.server.setRules([:])
        let held = try StoreLock.acquire(network.layout, timeout: 5)
        daemon.send(SIGHUP)
        try daemon.waitFor("the daemon to wait") { $0.message == "waiting for the cache lock" }
        #expect(!daemon.logLines.contains { $0.message == "refresh finished" && $0["trigger"] == "reload" })
        held.release()
        try daemon.waitFor("the refresh after the lock is released") {
            $0.message == "refresh finished" && $0["trigger"] == "reload"
        }
        #expect(daemon.logLines.contains { $0.message == "cache lock taken" })
        let state = try JSONSerialization.jsonObject(with: Data(contentsOf: network.layout.state)) as? [String: Any]
        #expect((state?["lists"] as? [String: Any])?.count == 2)
        #expect(try network.status().exitStatus == 0)
    }

    @Test("the metrics file (and its --metrics-file copy) parses as Prometheus text and carries the figures")
    func metricsFile() throws {
        let extra = network.folder.url.appendingPathComponent("textfile/trustlists.prom")
        try FileManager.default.createDirectory(
            at: extra.deletingLastPathComponent(), withIntermediateDirectories: true)
        let started = Date().timeIntervalSince1970
        let daemon = try network.startDaemon(extraArguments: ["--metrics-file", extra.path])
        defer { daemon.kill() }
        try daemon.waitFor("the first refresh", isRefreshFinished)
        let read = Date().timeIntervalSince1970
        for file in [network.layout.metrics, extra] {
            let text = try String(contentsOf: file, encoding: .utf8)
            let metrics = try PrometheusTextParser.parse(text)
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o644, "\(file.path)")
            for id in ["sim/vical", "sim/rical"] {
                let list = ["list": id]
                #expect(metrics.value("trustlists_list_state", ["list": id, "state": "fresh"]) == 1)
                #expect(metrics.value("trustlists_list_state", ["list": id, "state": "no_trust"]) == 0)
                #expect(metrics.value("trustlists_list_issue_id", list) == 1)
                // Figures from the run between the daemon's start and this read (whole seconds or finer).
                let success = try #require(metrics.value("trustlists_list_last_success_timestamp_seconds", list))
                #expect(success >= started.rounded(.down) && success <= read, "\(success)")
                #expect(metrics.value("trustlists_list_last_attempt_timestamp_seconds", list) == success)
                let untilNextUpdate = try #require(metrics.value("trustlists_list_next_update_in_seconds", list))
                let nextUpdate = try #require(network.publishedNextUpdate[id == "sim/vical" ? .vical : .rical])
                let bounds =
                    (nextUpdate.timeIntervalSince1970 - read - 1)...(nextUpdate.timeIntervalSince1970 - started + 1)
                #expect(bounds.contains(untilNextUpdate), "\(untilNextUpdate) not in \(bounds)")
                let signer = try #require(metrics.value("trustlists_list_signer_not_after_in_seconds", list))
                #expect(signer > 300 * TestPKI.day)
                #expect(metrics.value("trustlists_refresh_attempts_total", list) == 1)
                #expect(metrics.value("trustlists_list_consecutive_failures", list) == 0)
                let verify = try #require(metrics.value("trustlists_list_verification_duration_seconds", list))
                #expect(verify > 0)
            }
            #expect(metrics.value("trustlists_list_entries", ["list": "sim/vical"]) == 3)
            #expect(metrics.value("trustlists_list_entries", ["list": "sim/rical"]) == 1)
            #expect(metrics.value("trustlists_refresh_runs_total") == 1)
            #expect(metrics.value("trustlists_cache_load_duration_seconds") != nil)
            #expect(metrics.families["trustlists_refresh_failures_total"]?.type == "counter")
        }
    }

    @Test("systemd is told READY=1 after the load, STATUS after refreshes, WATCHDOG=1, RELOADING=1 then READY=1")
    func notifiesSystemd() throws {
        let socket = try NotifySocket()
        let daemon = try network.startDaemon(environment: [
            "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "400000",
        ])
        defer { daemon.kill() }
        try socket.waitFor("READY=1") { $0.contains("READY=1") }
        try socket.waitFor("a status after the first refresh") {
            // The words docs/operations.md shows: the headline, then the last run's tally by outcome.
            $0.contains("STATUS=OK: 2 fresh; last refresh")
                && $0.hasSuffix(": 2 updated, 0 unchanged, 0 kept last good, 0 failed")
        }
        try socket.waitFor("a watchdog ping") { $0 == "WATCHDOG=1" }
        #expect(daemon.logLines.first?["watchdog.seconds"] == "0.400")
        let beforeReload = socket.messages.count
        daemon.send(SIGHUP)
        let messages = try socket.waitFor("READY=1 after the reload", after: beforeReload) { $0.contains("READY=1") }
        let reloading = try #require(messages.lastIndex { $0.hasPrefix("RELOADING=1") })
        #expect(messages[reloading].contains("MONOTONIC_USEC="))
        let readyAgain = try #require(messages.lastIndex { $0.hasPrefix("READY=1") })
        #expect(reloading >= beforeReload && readyAgain > reloading)
        daemon.send(SIGTERM)
        #expect(daemon.waitForExit(timeout: 30) == 0)
        #expect(socket.messages.contains { $0.hasPrefix("STOPPING=1") })
    }

    @Test("usage: --help and --version exit 0, an unknown option 2, an unusable configuration 1 with a reason")
    func usage() throws {
        let help = try DaemonProcess(arguments: ["--help"], logFolder: network.folder.url)
        #expect(help.waitForExit(timeout: 30) == 0)
        let bad = try DaemonProcess(arguments: ["--colour"], logFolder: network.folder.url)
        #expect(bad.waitForExit(timeout: 30) == 2)
        #expect(bad.log.contains("Error: unknown option '--colour'"))
        let missing = try DaemonProcess(
            arguments: ["--config", "/nonexistent/trustlists.json"], logFolder: network.folder.url)
        #expect(missing.waitForExit(timeout: 30) == 1)
        let line = try #require(missing.logLines.first)
        #expect(line.priority == 3 && line.message == "cannot start" && line["reason"] == "config_invalid")
    }
}
