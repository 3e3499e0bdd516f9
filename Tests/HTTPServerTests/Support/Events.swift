import Foundation
import HTTPServer

/// An ordered log of named events from several threads, to assert what happened before what without timing.
final class EventLog: @unchecked Sendable {
    // @unchecked Sendable: `events` is only touched under `lock`.
    private let lock = NSLock()
    private var events: [String] = []

    func record(_ event: String) {
        lock.withLock { events.append(event) }
    }

    var all: [String] { lock.withLock { events } }

    /// The position of `event`, or nil.
    func index(of event: String) -> Int? { all.firstIndex(of: event) }

    /// True when both happened and `first` came before `second`.
    func happened(_ first: String, before second: String) -> Bool {
        guard let a = index(of: first), let b = index(of: second) else { return false }
        return a < b
    }
}

/// A one-shot signal between threads, with a generous bound so that a broken test fails instead of hanging.
final class Gate: @unchecked Sendable {
    // @unchecked Sendable: DispatchSemaphore is thread-safe.
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { semaphore.signal() }

    /// Waits for `open()`.
    /// - Returns: false when 60 s passed first (the test is broken, not slow).
    @discardableResult
    func wait(seconds: Int = 60) -> Bool { semaphore.wait(timeout: .now() + .seconds(seconds)) == .success }
}

/// The requests the server's observer reported, in order.
final class MetricsRecorder: @unchecked Sendable {
    // @unchecked Sendable: `reports` is only touched under `condition`.
    private let condition = NSCondition()
    private var reports: [HTTPRequestMetrics] = []

    var observer: @Sendable (HTTPRequestMetrics) -> Void {
        { [self] report in
            condition.withLock {
                reports.append(report)
                condition.broadcast()
            }
        }
    }

    var all: [HTTPRequestMetrics] { condition.withLock { reports } }

    /// Waits until at least `count` reports arrived (60 s bound).
    @discardableResult
    func wait(for count: Int) -> [HTTPRequestMetrics] {
        let deadline = Date(timeIntervalSinceNow: 60)
        condition.lock()
        defer { condition.unlock() }
        while reports.count < count, condition.wait(until: deadline) {}
        return reports
    }
}

/// Collects the server's log lines.
final class LogRecorder: @unchecked Sendable {
    // @unchecked Sendable: `lines` is only touched under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    var logger: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
    var all: [String] { lock.withLock { lines } }
}
