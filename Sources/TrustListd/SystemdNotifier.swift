import CSystemd
import Foundation

/// Tells systemd how the service is doing, through libsystemd's `sd_notify(3)`: readiness, reloads, a status line
/// and watchdog pings. Outside systemd (`NOTIFY_SOCKET` unset) every call does nothing.
struct SystemdNotifier: Sendable {
    /// The watchdog timeout systemd asks for (`WatchdogSec=`), in seconds; nil when the watchdog is off.
    let watchdogTimeout: TimeInterval?

    /// Reads the watchdog setting of this process (`sd_watchdog_enabled(3)`).
    init() {
        var microseconds: UInt64 = 0
        watchdogTimeout = sd_watchdog_enabled(0, &microseconds) > 0 ? Double(microseconds) / 1_000_000 : nil
    }

    /// `READY=1` with a status line: the last good lists are served.
    func ready(status: String) { send("READY=1\nSTATUS=\(Self.oneLine(status))") }

    /// `RELOADING=1` with the monotonic time systemd asks for since version 253 (older versions ignore it).
    func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let microseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        send("RELOADING=1\nMONOTONIC_USEC=\(microseconds)\nSTATUS=Reloading the configuration")
    }

    /// `STOPPING=1`: shutting down.
    func stopping() { send("STOPPING=1\nSTATUS=Stopping") }

    /// `STATUS=`: one line for `systemctl status`.
    func status(_ text: String) { send("STATUS=\(Self.oneLine(text))") }

    /// `WATCHDOG=1`: the service is alive.
    func watchdog() { send("WATCHDOG=1") }

    private func send(_ state: String) {
        _ = sd_notify(0, state)
    }

    private static func oneLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ")
    }
}
