import Foundation
import TrustLists
import TrustListsService

/// What `POST /v1/refresh` needs: the admin token that unlocks it and the coalesced requests that run it.
public struct RefreshNowAccess: Sendable {
    /// The token requests must bear.
    public let token: AdminToken
    /// The coalesced, rate-limited requests.
    public let requests: RefreshNow
    /// The longest a request waits for its run, in seconds: a little over the lock timeout of a run.
    public let waitTimeout: TimeInterval

    /// Access with a token and a way to run refreshes.
    /// - Parameters:
    ///   - token: the admin token.
    ///   - requests: who runs the refreshes, and how often at most.
    ///   - waitTimeout: seconds a request waits for its run before it is answered 503.
    public init(token: AdminToken, requests: RefreshNow, waitTimeout: TimeInterval = 330) {
        self.token = token
        self.requests = requests
        self.waitTimeout = waitTimeout
    }

    /// Access whose refreshes run on the requesting thread, through the holder's current service (a server without
    /// a refresh loop of its own; the daemon hands them to its loop instead).
    /// - Parameters:
    ///   - token: the admin token.
    ///   - minimumInterval: seconds between runs that requests may cause (``AdminSettings/minIntervalSeconds``).
    ///   - holder: the service in use.
    ///   - now: the time each run verifies at (UTC).
    public static func onRequestThread(
        token: AdminToken, minimumInterval: TimeInterval, holder: ServiceHolder,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> RefreshNowAccess {
        RefreshNowAccess(
            token: token,
            requests: RefreshNow(
                minimumInterval: minimumInterval,
                runner: .caller {
                    do throws(TrustListError) {
                        return .success(try holder.service.refresh(at: now(), trigger: .refreshNow))
                    } catch {
                        return .failure(error)
                    }
                }))
    }
}
