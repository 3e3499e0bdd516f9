/// Composes an ordered list of policies (after swift-certificates' `PolicyBuilder`): each expression is one policy,
/// in the order written; an optional policy is an `if` block, policies over a collection a `for` loop. Source
/// verification (``SourcePolicy``) and trust decisions (``DecisionPolicy``) both build their lists with it, so the
/// order a reader sees in the code is the order the first failure is found in.
@resultBuilder
public enum PolicyBuilder<Policy> {
    /// One policy.
    public static func buildExpression(_ policy: Policy) -> [Policy] { [policy] }
    /// Policies already composed (another builder's list).
    public static func buildExpression(_ policies: [Policy]) -> [Policy] { policies }
    /// The policies of a block, in order.
    public static func buildBlock(_ parts: [Policy]...) -> [Policy] { parts.flatMap { $0 } }
    /// An `if` without `else`: its policies, or none.
    public static func buildOptional(_ part: [Policy]?) -> [Policy] { part ?? [] }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first part: [Policy]) -> [Policy] { part }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second part: [Policy]) -> [Policy] { part }
    /// A `for` loop: each iteration's policies, in order.
    public static func buildArray(_ parts: [[Policy]]) -> [Policy] { parts.flatMap { $0 } }
}
