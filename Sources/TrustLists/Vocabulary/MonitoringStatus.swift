/// The monitoring-plugin statuses (the Nagios plugin convention that Icinga, Sensu and others follow): what
/// `trustctl status` and `refresh` exit with, what the daemon's status line and logs say, and the HTTP API's
/// `status` field.
public enum MonitoringStatus: Int32, Sendable, Hashable, CaseIterable, Comparable {
    /// Every list is fresh and its last refresh succeeded: exit 0.
    case ok = 0
    /// A list is overdue, or failed to refresh and kept its last good version: exit 1.
    case warning = 1
    /// A list is expired or has no trust: exit 2.
    case critical = 2
    /// The state cannot be told (bad configuration or usage, an unreadable cache): exit 3.
    case unknown = 3

    /// The exit status.
    public var exitStatus: Int32 { rawValue }

    /// `OK`, `WARNING`, `CRITICAL`, `UNKNOWN`.
    public var word: String {
        switch self {
        case .ok: "OK"
        case .warning: "WARNING"
        case .critical: "CRITICAL"
        case .unknown: "UNKNOWN"
        }
    }

    /// Orders by severity.
    public static func < (lhs: MonitoringStatus, rhs: MonitoringStatus) -> Bool { lhs.rawValue < rhs.rawValue }
}
