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
    /// Why the state is not fresh, in words a person can act on; nil when fresh.
    public let stateReason: String?
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
        stateReason = Self.reason(state, source: source, record: record)
        current = record?.current
        origin = record?.origin
        lastAttempt = record?.lastAttempt
        lastSuccess = record?.lastSuccess
        lastError = record?.lastError
    }

    /// Why a CA's CRL is in `state`, for a person: what is missing and what to do about it; nil when fresh.
    static func reason(_ state: CRLState, source: CRLSource, record: CRLRecord?) -> String? {
        let grace = "revocation.graceSeconds = \(Int(source.settings.graceSeconds)) s"
        switch (state, record?.current) {
        case (.fresh, _):
            return nil
        case (.stale, let current?):
            return "past nextUpdate \(Timestamp.text(current.nextUpdate)), within \(grace): the CA has not published a "
                + "newer CRL"
        case (.expired, let current?):
            return "past nextUpdate \(Timestamp.text(current.nextUpdate)) and \(grace): the CA has not published a "
                + "newer CRL"
        case (.none, _):
            return "no CRL names this CA: it has no http(s) cRLDistributionPoint"
                + (source.ignored.isEmpty ? "" : " it can be fetched from (\(source.ignored.joined(separator: "; ")))")
                + "; add its CRL's URL under revocation.crls"
        default:
            if let error = record?.lastError {
                return "no CRL of this CA has been verified: \(error.reason.rawValue): \(error.message)"
            }
            if record?.lastAttempt == nil { return "not fetched yet" }
            return "no CRL of this CA has been verified"
        }
    }

    /// What the CRL's state means for monitoring (``CRLState/monitoringStatus(mode:)``).
    public var monitoringStatus: MonitoringStatus { state.monitoringStatus(mode: mode) }
}
