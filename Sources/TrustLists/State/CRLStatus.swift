import Foundation

/// What `trustctl status` reports for one CA's CRL (docs/cli.md, "status"): a CA a verified list of the network
/// names, its sources, its CRL's state and facts, and the last refresh error.
public typealias CRLStatus = SourceStatus<CRLSource, CRLSummary>

extension SourceStatus where Source == CRLSource, Facts == CRLSummary {
    /// The status of a CA's CRL at `time`.
    public init(_ source: CRLSource, record: CRLRecord?, at time: Date) {
        let state = CRLState.evaluate(
            record?.current, hasSource: source.hasSource, at: time, graceSeconds: source.settings.graceSeconds)
        self.init(source, state: state, stateReason: Self.reason(state, source: source, record: record), record: record)
    }

    /// The network and CA.
    public var slot: CRLSlotID { source.slot }
    /// The CA's subject, RFC 4514.
    public var issuer: String { source.ca.subject.rfc4514 }
    /// The URLs fetched for it.
    public var urls: [String] { source.urls }
    /// The network's revocation mode.
    public var mode: RevocationSettings.Mode { source.settings.mode }

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
