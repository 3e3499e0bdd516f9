import Foundation
import X509

/// One kind of signed source (docs/architecture.md, Signed sources): what it takes to turn published bytes into a
/// verified version. A kind brings its decoder (``open(_:_:_:)`` and ``decode(_:_:_:)``, typed, with limits), its
/// ordered policies (one ``SourcePolicy`` protocol, before and after the signer is trusted), how its signer is
/// authenticated, and its version rules; the pipeline itself (``verify(_:_:at:accepted:)``), the rollback and
/// equivocation rule, the store and the refresh are shared by every kind.
///
/// Each step's value carries what the steps before it guarantee, so no policy checks at run time what the type
/// already says: the envelope holds the decoded structure and its signer, the signed envelope adds the validated
/// chain, the verified version its decoded content.
package protocol SignedSourceKind: Sendable {
    /// The decoded structure (a COSE_Sign1, a JAdES signature, a CRL) before anything in it is trusted.
    associatedtype Envelope: Sendable
    /// A verified version.
    associatedtype Verified: VerifiedSource
    /// What verification needs besides the bytes and the time: the anchors (pinned roots, or the CA a CRL must come
    /// from) and the settings.
    associatedtype Context: Sendable

    /// How versions of the kind are ordered, and the words and codes of its rollback and equivocation.
    static var versionRules: VersionRules { get }

    /// Pipeline steps 3 and 4: decodes the bytes with limits and checks their structure; nothing is trusted yet.
    /// - Throws: ``TrustListError`` naming what is malformed.
    static func open(
        _ bytes: [UInt8], _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> Envelope

    /// The checks of the envelope before its signer is trusted (signature, signer validity, a CRL's profile).
    static func envelopePolicies(_ context: Context) -> [any SourcePolicy<Envelope>]

    /// Pipeline step 6: the signer's chain, validated to the context's anchors at `time`, signer first.
    /// - Throws: ``TrustListError`` `chain_invalid` (OpenSSL's text) or the kind's own code.
    static func authenticate(
        _ envelope: Envelope, _ context: Context, at time: Date
    ) throws(TrustListError) -> [Certificate]

    /// The checks of the signer once its chain is known (its EKU and key usage).
    static func signerPolicies(_ context: Context) -> [any SourcePolicy<SignedEnvelope<Envelope>>]

    /// Pipeline step 8: the payload decoded into the verified version.
    /// - Throws: ``TrustListError`` `malformed_payload` and the decoder's codes.
    static func decode(
        _ signed: SignedEnvelope<Envelope>, _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> Verified

    /// Pipeline step 9: the checks of the decoded content (type, provider, dates).
    static func contentPolicies(_ context: Context) -> [any SourcePolicy<Verified>]
}

/// An envelope whose signer's chain validated: what the signer policies and the decoder read.
package struct SignedEnvelope<Envelope: Sendable>: Sendable {
    /// The decoded structure.
    package let envelope: Envelope
    /// The validated signer chain: signer first, anchor last.
    package let chain: [Certificate]

    /// The signer.
    package var signer: Certificate { chain[0] }
}

extension SignedSourceKind {
    /// Verifies and decodes one version of a source of this kind, in the pipeline's order (docs/architecture.md, The
    /// pipeline: steps 3 to 9): open, envelope policies, signer chain, signer policies, decode, content policies, and,
    /// when a high-water mark is given, the one ``RollbackPolicy`` with the kind's rules. The first failure is the
    /// reason. Pure: no I/O.
    /// - Parameters:
    ///   - bytes: the bytes as published.
    ///   - context: the anchors and settings.
    ///   - time: the verification time, UTC.
    ///   - accepted: the source's high-water mark; nil to skip the rollback rule (the first version, a cached one).
    /// - Returns: the verified version, with its warnings and notes.
    /// - Throws: ``TrustListError`` with the first failing step's code.
    package static func verify(
        _ bytes: [UInt8], _ context: Context, at time: Date, accepted: VersionMark? = nil
    ) throws(TrustListError) -> Verified {
        var findings = SourceFindings(at: time)
        let envelope = try open(bytes, context, &findings)
        try findings.run(envelopePolicies(context), on: envelope)
        let signed = SignedEnvelope(envelope: envelope, chain: try authenticate(envelope, context, at: time))
        try findings.run(signerPolicies(context), on: signed)
        let verified = try decode(signed, context, &findings)
        try findings.run(contentPolicies(context), on: verified)
        if let accepted {
            try RollbackPolicy(accepted: accepted, rules: versionRules).check(verified.mark, &findings)
        }
        return verified.recording(findings)
    }
}
