import Foundation

/// What `trustctl status` reports for one CA's CRL (docs/cli.md, "status"): a CA a verified list of the network
/// names, its sources, its CRL's state and facts, and the last refresh error.
public struct CRLStatus: Sendable {
    /// The network and CA.
    public let slot: CRLSlotID
    /// The CA's subject, RFC 4514.
    public let issuer: String
    /// The URLs fetched for it.
    public let urls: [String]
    /// The network's revocation mode.
    public let mode: RevocationSettings.Mode
    /// Its state at the report's time.
    public let state: CRLState
    /// The CRL in use; nil when none.
    public let current: CRLSummary?
    /// Where the CRL in use came from; nil when none.
    public let origin: ListOrigin?
    /// The last refresh attempt.
    public let lastAttempt: Date?
    /// The last successful refresh.
    public let lastSuccess: Date?
    /// Failures since the last success; nil when the last attempt succeeded.
    public let lastError: RecordedFailure?

    /// The status of a CA's CRL at `time`.
    public init(_ source: CRLSource, record: CRLRecord?, at time: Date) {
        slot = source.slot
        issuer = source.ca.subject.rfc4514
        urls = source.urls
        mode = source.settings.mode
        state = CRLState.evaluate(
            record?.current, hasSource: source.hasSource, at: time, graceSeconds: source.settings.graceSeconds)
        current = record?.current
        origin = record?.origin
        lastAttempt = record?.lastAttempt
        lastSuccess = record?.lastSuccess
        lastError = record?.lastError
    }

    /// What the CRL's state means for monitoring (``CRLState/monitoringStatus(mode:)``).
    public var monitoringStatus: MonitoringStatus { state.monitoringStatus(mode: mode) }
}
