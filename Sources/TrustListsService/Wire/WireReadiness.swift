import Foundation
import TrustLists
import X509

/// `GET /readyz`: `ready`, the monitoring word (`status`) and `headline` of status, `time`, the snapshot `generation`
/// in memory (or null), what is `missing`, and `stored` (false while refreshes cannot store their results); when not
/// ready also `reason` (`not_ready`) and `message`. `GET /healthz` answers ``Liveness``.
public struct WireReadiness: Encodable, Sendable {
    /// `{"status": "alive"}`.
    public struct Liveness: Encodable, Sendable {
        public let status = "alive"

        public init() {}
    }

    /// One thing lacking: `what` (`snapshot` or `list`), `reason` and `message`; for a list also the `list` and its
    /// `state`.
    public struct Missing: Encodable, Sendable {
        /// The members of every missing thing.
        public struct Members: Encodable, Sendable {
            public let what: String
            public let reason: String?
            public let message: String?
        }

        /// The members a list adds.
        public struct List: Encodable, Sendable {
            public let list: String
            public let state: String
        }

        public let members: Members
        public let list: List?

        /// No verified snapshot generation is loaded.
        public static func snapshot(_ reason: ReasonCode, _ message: String) -> Missing {
            Missing(members: Members(what: "snapshot", reason: reason.rawValue, message: message), list: nil)
        }

        /// A list that is not trusted: its state's reason code and detail.
        public static func list(_ list: ListStatus) -> Missing {
            Missing(
                members: Members(what: "list", reason: list.state.reasonCode?.rawValue, message: list.stateReason),
                list: List(list: list.id.description, state: list.state.rawValue))
        }

        public func encode(to encoder: any Encoder) throws {
            try members.encode(to: encoder)
            try list?.encode(to: encoder)
        }
    }

    /// The members of every answer.
    public struct Members: Encodable, Sendable {
        public let ready: Bool
        public let status: String
        public let headline: String
        public let time: Date
        public let generation: UInt64?
        public let missing: [Missing]
        public let stored: Bool
    }

    public let members: Members
    /// Why not ready; nil when ready.
    public let failure: WireError?

    /// An answer: ready when nothing is missing.
    /// - Parameters:
    ///   - status: the status at `time`, for its word, headline and whether results are stored.
    ///   - time: now.
    ///   - generation: the snapshot generation in memory, or nil.
    ///   - missing: what is lacking.
    ///   - failure: the reason and message when something is missing.
    public init(status: StatusReport, time: Date, generation: UInt64?, missing: [Missing], failure: WireError?) {
        members = Members(
            ready: missing.isEmpty, status: status.monitoringStatus.word, headline: status.headline, time: time,
            generation: generation, missing: missing, stored: status.persistFailure == nil)
        self.failure = failure
    }

    public func encode(to encoder: any Encoder) throws {
        try members.encode(to: encoder)
        try failure?.encode(to: encoder)
    }
}
