/// Why a refresh run started: in the daemon's logs and in the recent refreshes (`GET /v1/events`).
public enum RefreshTrigger: String, Sendable, Hashable {
    /// The daemon's first run after it started.
    case start
    /// Lists came due on the schedule.
    case schedule
    /// The configuration was reloaded (SIGHUP).
    case reload
    /// Someone asked with the admin token (`POST /v1/refresh`, the console's "refresh now").
    case refreshNow = "refresh_now"
    /// A command (`trustctl refresh`) or a library caller.
    case command
}
