import Foundation

/// One check of source verification (docs/architecture.md, The pipeline), after swift-certificates'
/// `VerifierPolicy`: every kind's verification runs ordered lists of these over typed values, and the first that
/// throws gives the reason. A policy only checks: what a step establishes (the decoded structure, the validated
/// signer chain, the decoded content) is made by the kind's steps (``SignedSourceKind``), so the value a policy sees
/// already holds everything the steps before it guarantee. A new rule is a new policy.
package protocol SourcePolicy<Subject>: Sendable {
    /// What the policy looks at: a kind's opened envelope, its signed envelope with the validated chain, or the
    /// verified version.
    associatedtype Subject

    /// Checks `subject`; tolerated oddities go to `findings`.
    /// - Throws: ``TrustListError`` with the step's reason code.
    func check(_ subject: Subject, _ findings: inout SourceFindings) throws(TrustListError)
}

/// What verification found besides the verdict: the time it runs at, tolerated oddities (warnings), and remarks for
/// the report that are not oddities of the source (an issue id that went down, accepted by date).
package struct SourceFindings: Sendable {
    /// The verification time, UTC.
    package let time: Date
    /// Tolerated oddities, grouped by kind.
    package var warnings = ListWarnings()
    /// Remarks for the report.
    package var notes: [String] = []

    /// Nothing found yet, at `time`.
    package init(at time: Date) { self.time = time }

    /// Runs `policies` in order over `subject`; the first that throws stops the run.
    /// - Throws: ``TrustListError`` of the first failing policy.
    package mutating func run<Subject>(
        _ policies: [any SourcePolicy<Subject>], on subject: Subject
    ) throws(TrustListError) {
        for policy in policies { try policy.check(subject, &self) }
    }
}
