/// `GET /.well-known/authzen-configuration`: AuthZEN 1.0 PDP metadata (§9): `policy_decision_point` (the base URL),
/// `access_evaluation_endpoint` and `access_evaluations_endpoint`.
public struct WireAuthZENConfiguration: Encodable, Sendable {
    public let policyDecisionPoint: String
    public let accessEvaluationEndpoint: String
    public let accessEvaluationsEndpoint: String

    private enum CodingKeys: String, CodingKey {
        case policyDecisionPoint = "policy_decision_point"
        case accessEvaluationEndpoint = "access_evaluation_endpoint"
        case accessEvaluationsEndpoint = "access_evaluations_endpoint"
    }

    /// The metadata of the decision point at `base` (`https://host[:port]`, no trailing slash).
    public init(base: String) {
        policyDecisionPoint = base
        accessEvaluationEndpoint = base + "/access/v1/evaluation"
        accessEvaluationsEndpoint = base + "/access/v1/evaluations"
    }
}
