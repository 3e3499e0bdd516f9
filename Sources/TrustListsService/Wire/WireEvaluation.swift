import Credentials
import TrustLists
import X509

/// The answer to an AuthZEN access evaluation (`POST /access/v1/evaluation`, AuthZEN Authorization API 1.0 §6.2):
/// `decision`, and `context` {`reason` {`code` (null when permitted), `message`, `role` (the `action.name` asked
/// about)}, `trust_metadata`: the ``WireDecision`` of a chain, the ``KeyMatch`` of a key, the
/// ``CredentialAnswer`` of a credential, or null}.
public struct WireEvaluation: Encodable, Sendable {
    /// Why: the reason code, the message and the role asked about.
    public struct Reason: Encodable, Sendable {
        public let code: String?
        public let message: String
        public let role: String?
    }

    /// What the decision was made from.
    public enum TrustMetadata: Encodable, Sendable {
        /// The decision on a chain, as `POST /v1/decisions/*` answers it.
        case decision(WireDecision)
        /// The listed key a JWK matched.
        case key(KeyMatch)
        /// The credential decided end to end, as `POST /v1/decisions/credential` answers it.
        case credential(CredentialAnswer)

        public func encode(to encoder: any Encoder) throws {
            switch self {
            case .decision(let decision): try decision.encode(to: encoder)
            case .key(let key): try key.encode(to: encoder)
            case .credential(let answer): try answer.encode(to: encoder)
            }
        }
    }

    /// A JWK matched to a key a LoTE's service publishes: its RFC 7638 `thumbprint`, the `list`, the `entity`, the
    /// `service`, the list's `provider`, the `docTypes` it may issue, and the snapshot `generation`.
    public struct KeyMatch: Encodable, Sendable {
        public let thumbprint: String
        public let list: String
        public let entity: String?
        public let service: String
        public let provider: String
        public let docTypes: [String]
        public let generation: UInt64

        /// The match of `thumbprint` in `trusted`, from `generation`.
        public init(thumbprint: String, trusted: TrustDecision.Trusted, generation: UInt64) {
            self.thumbprint = thumbprint
            list = trusted.anchor.list.description
            entity = trusted.anchor.name
            service = trusted.anchor.subject
            provider = trusted.anchor.provider
            docTypes = trusted.docTypes
            self.generation = generation
        }
    }

    /// `reason` and `trust_metadata`.
    public struct Context: Encodable, Sendable {
        public let reason: Reason
        public let trustMetadata: TrustMetadata?

        private enum CodingKeys: String, CodingKey {
            case reason
            case trustMetadata = "trust_metadata"
        }
    }

    /// The batch answer (`POST /access/v1/evaluations`, §7): the answers in the order of the request's items.
    public struct Batch: Encodable, Sendable {
        public let evaluations: [WireEvaluation]

        public init(_ evaluations: [WireEvaluation]) { self.evaluations = evaluations }
    }

    public let decision: Bool
    public let context: Context

    /// An answer.
    /// - Parameters:
    ///   - decision: permitted or not.
    ///   - code: the reason code; nil when permitted.
    ///   - message: why.
    ///   - role: the `action.name` asked about, or nil when absent.
    ///   - trustMetadata: what the decision was made from, or nil.
    public init(
        decision: Bool, code: ReasonCode?, message: String, role: String?, trustMetadata: TrustMetadata? = nil
    ) {
        self.decision = decision
        context = Context(
            reason: Reason(code: code?.rawValue, message: message, role: role), trustMetadata: trustMetadata)
    }
}
