import Dispatch
import Foundation
import Synchronization
import TrustLists

/// What the signal handlers and the watchdog timer share with the daemon's loop: requests to stop or reload, a
/// wake-up for a sleeping loop, the cancellation token of fetches and lock waits, and the loop's heartbeat.
///
/// `Sendable` without `@unchecked`: its state is a `Mutex`, an `Atomic`, a semaphore and a token, each safe to
/// share between threads.
final class DaemonControl: Sendable {
    /// What the loop is asked to do.
    struct Requests: Sendable {
        /// The signal that asked to stop (`SIGTERM`, `SIGINT`); nil while running.
        var stop: String?
        /// A reload (`SIGHUP`) is waiting.
        var reload = false
    }

    private let requests = Mutex(Requests())
    private let wakeup = DispatchSemaphore(value: 0)
    /// Cancelled when a stop is requested: fetches in flight and lock waits give up within about a second.
    let cancellation = CancellationToken()
    /// `DispatchTime` nanoseconds of the loop's last sign of life.
    private let lastBeat = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)

    /// Asks the loop to stop: cancels fetches and wakes it.
    /// - Parameter signal: the signal's name, for the log.
    /// - Returns: false when a stop had already been asked for.
    @discardableResult
    /// - Parameter announce: runs once, for the first stop request, before the loop can see it (so that a
    ///   "stopping" line is always written before "stopped").
    func requestStop(signal: String, announce: () -> Void = {}) -> Bool {
        let first = requests.withLock { requests in
            guard requests.stop == nil else { return false }
            announce()
            requests.stop = signal
            return true
        }
        cancellation.cancel()
        wakeup.signal()
        return first
    }

    /// Asks the loop to reload the configuration and refresh, and wakes it.
    func requestReload() {
        requests.withLock { $0.reload = true }
        wakeup.signal()
    }

    /// Wakes a sleeping loop without a request of its own (a refresh-now request waits in ``RefreshNow``).
    func wake() { wakeup.signal() }

    /// The signal that asked to stop; nil while running.
    var stopSignal: String? { requests.withLock { $0.stop } }

    /// Takes the pending reload request.
    /// - Returns: whether a reload was requested since the last call.
    func takeReload() -> Bool {
        requests.withLock { requests in
            defer { requests.reload = false }
            return requests.reload
        }
    }

    /// Sleeps until `deadline` or until a request arrives.
    /// - Parameter deadline: when to wake at the latest.
    /// - Returns: true when woken by a request, false at the deadline.
    func sleep(until deadline: DispatchTime) -> Bool {
        wakeup.wait(timeout: deadline) == .success
    }

    /// Records that the loop is alive.
    func beat() { lastBeat.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed) }

    /// Seconds since the loop's last sign of life.
    var secondsSinceBeat: Double {
        let now = DispatchTime.now().uptimeNanoseconds
        let last = lastBeat.load(ordering: .relaxed)
        return now > last ? Double(now - last) / 1e9 : 0
    }
}
