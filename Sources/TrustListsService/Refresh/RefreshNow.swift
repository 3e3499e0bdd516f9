import Dispatch
import Foundation
import Synchronization
import TrustLists

/// "Refresh now" requests (`POST /v1/refresh`): coalesced and rate-limited, never refused.
///
/// A request while a run is in flight waits for that run and gets its report; a request sooner than
/// ``minimumInterval`` after the last run ended gets that run's report at once. So a flood of requests starts at most
/// one run per interval, and the first request after start always starts one. Who runs the refresh is the
/// ``Runner``'s choice: the requesting thread itself, or a refresh loop (the daemon's, so that every run goes through
/// the one ``TrustService`` and its lock, and is logged and exported like any other).
public final class RefreshNow: Sendable {
    /// A run's outcome: its report, or why it could not start (`cache_locked`, `cache_unreadable`, `persist_error`).
    public typealias Outcome = Result<RefreshReport, TrustListError>

    /// Who runs a requested refresh.
    public enum Runner: Sendable {
        /// The first requesting thread runs it (a server without a refresh loop); the others wait for it.
        case caller(@Sendable () -> Outcome)
        /// A refresh loop runs it: `wake` tells the loop, which checks ``isRequested`` and calls ``complete(_:)``
        /// with the report of its next run of every list.
        case loop(wake: @Sendable () -> Void)
    }

    /// What a request got.
    public struct Answer: Sendable {
        /// The run's outcome.
        public let outcome: Outcome
        /// Whether the request shared a run started before it, or got the report of a run that had just ended,
        /// rather than starting one.
        public let coalesced: Bool
    }

    /// Seconds between the end of one run and the start of the next that requests may cause.
    public let minimumInterval: TimeInterval
    private let runner: Runner
    private let state = Mutex(State())

    private struct State {
        /// A run is requested or in flight.
        var inFlight = false
        /// Requests waiting for the run in flight.
        var waiters: [Waiter] = []
        /// When the last run ended, and its outcome.
        var last: (ended: Date, outcome: Outcome)?
    }

    /// One waiting request.
    private final class Waiter: Sendable {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<Outcome?>(nil)
    }

    /// Requests with `runner`, at most one run per `minimumInterval` seconds.
    /// - Parameters:
    ///   - minimumInterval: see ``minimumInterval`` (seconds, 0 or more).
    ///   - runner: who runs a refresh.
    public init(minimumInterval: TimeInterval, runner: Runner) {
        self.minimumInterval = max(0, minimumInterval)
        self.runner = runner
    }

    /// Asks for a refresh of every list and waits for its outcome. The interval is measured on the wall clock.
    /// - Parameter timeout: the longest wait, in seconds.
    /// - Returns: the answer, or nil when no run ended within `timeout` (or the loop stopped without one).
    public func request(timeout: TimeInterval) -> Answer? {
        let now = Date()
        enum Step {
            case answered(Answer)
            case run(Waiter)
            case wait(Waiter)
        }
        let step = state.withLock { state -> Step in
            if !state.inFlight, let last = state.last, now < last.ended + minimumInterval {
                return .answered(Answer(outcome: last.outcome, coalesced: true))
            }
            let waiter = Waiter()
            state.waiters.append(waiter)
            if state.inFlight { return .wait(waiter) }
            state.inFlight = true
            return .run(waiter)
        }
        switch step {
        case .answered(let answer):
            return answer
        case .wait(let waiter):
            return wait(waiter, timeout: timeout).map { Answer(outcome: $0, coalesced: true) }
        case .run(let waiter):
            switch runner {
            case .caller(let run):
                complete(run())
            case .loop(let wake):
                wake()
            }
            return wait(waiter, timeout: timeout).map { Answer(outcome: $0, coalesced: false) }
        }
    }

    /// How many requests wait for the run in flight.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Whether a request waits for a run (for the refresh loop).
    public var isRequested: Bool { state.withLock { $0.inFlight } }

    /// Ends the run in flight: every waiting request gets `outcome`; the interval starts now. Without a request in
    /// flight it does nothing (a run nobody asked for does not hold off the next request).
    /// - Parameter outcome: the run's report, or why it could not run.
    public func complete(_ outcome: Outcome) {
        let ended = Date()
        let waiters = state.withLock { state -> [Waiter] in
            guard state.inFlight else { return [] }
            defer {
                state.waiters = []
                state.inFlight = false
                state.last = (ended, outcome)
            }
            return state.waiters
        }
        for waiter in waiters {
            waiter.outcome.withLock { $0 = outcome }
            waiter.done.signal()
        }
    }

    /// Lets every waiting request go without an outcome (the loop is stopping); they answer nil.
    public func abandon() {
        let waiters = state.withLock { state in
            defer {
                state.waiters = []
                state.inFlight = false
            }
            return state.waiters
        }
        for waiter in waiters { waiter.done.signal() }
    }

    private func wait(_ waiter: Waiter, timeout: TimeInterval) -> Outcome? {
        guard waiter.done.wait(timeout: .now() + timeout) == .success else { return nil }
        return waiter.outcome.withLock { $0 }
    }
}
