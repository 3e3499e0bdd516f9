import Foundation
import JOSE
import X509

/// The List of Trusted Entities (ETSI TS 119 602): JSON signed as JAdES baseline B (ETSI TS 119 182-1), ordered by
/// `LoTESequenceNumber`; each service's type says the role of its certificates and keys (docs/architecture.md, Lists
/// of Trusted Entities).
package enum LoTEKind: ListKindDefinition {
    package typealias Context = ListContext<LoTEVerificationSettings>

    package static var kind: ListKind { .lote }
    package static var displayName: String { "LoTE" }
    package static var fileExtension: String { "jws" }
    package static var listedRole: AnchorRole? { nil }
    package static var endsChainsAsListed: Bool { true }
    package static var publishesKeys: Bool { true }
    package static var versionRules: VersionRules { .lote }
    package static var memberName: String { "service_certificate" }

    /// `application/jose` for the compact serialization, `application/jose+json` for the JSON one (RFC 7515 §9.2).
    package static func mediaType(of bytes: [UInt8]) -> String {
        JAdESSignature.isJSONSerialization(bytes) ? "application/jose+json" : "application/jose"
    }

    package static func context(anchors: [Certificate], source: ListSource?, clockSkewSeconds: Double) -> Context {
        var settings = LoTEVerificationSettings(expectedType: source?.loteType)
        settings.expectedProvider = source?.provider
        settings.clockSkewSeconds = clockSkewSeconds
        return Context(anchors: anchors, settings: settings)
    }

    package static func open(
        _ bytes: [UInt8], _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> JAdESEnvelope {
        try JAdESEnvelope(bytes, limits: context.settings.jwsLimits, &findings)
    }

    package static func envelopePolicies(_ context: Context) -> [any SourcePolicy<JAdESEnvelope>] {
        [JAdESSignaturePolicy(), SignerValidityPolicy<JAdESEnvelope>()]
    }

    /// The chain to a pinned root; a self-signed signer that is itself a pinned root validates as a chain of one.
    package static func authenticate(
        _ envelope: JAdESEnvelope, _ context: Context, at time: Date
    ) throws(TrustListError) -> [Certificate] {
        try SignerChain.validate(
            envelope, anchors: context.anchors, at: time, maximumDepth: context.settings.maximumChainDepth)
    }

    package static func signerPolicies(_ context: Context) -> [any SourcePolicy<SignedEnvelope<JAdESEnvelope>>] {
        [LoTESignerUsagePolicy()]
    }

    package static func decode(
        _ signed: SignedEnvelope<JAdESEnvelope>, _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> VerifiedList {
        let envelope = signed.envelope
        let lote = try LoTE(
            jsonEncoded: envelope.signature.payload, limits: context.settings.limits, warnings: &findings.warnings)
        return VerifiedList(
            list: TrustList(lote, kind: kind), signedBytes: envelope.bytes, sha256: envelope.documentSHA256,
            contentSHA256: envelope.contentSHA256, signerChain: signed.chain,
            algorithm: envelope.signature.jws.alg.rawValue, x5chainCount: envelope.signature.certificates.count,
            signingTime: envelope.signature.signingTime, verifiedAt: findings.time)
    }

    package static func contentPolicies(_ context: Context) -> [any SourcePolicy<VerifiedList>] {
        [
            LoTETypePolicy(expected: context.settings.expectedType),
            ProviderPolicy(expected: context.settings.expectedProvider), LoTEOperatorPolicy(),
            FreshnessPolicy(clockSkewSeconds: context.settings.clockSkewSeconds, warnsWhenOverdue: true),
        ]
    }
}

extension LoTEKind {
    /// Every service as a row of the services table, the certificates of current issuance services as issuers or
    /// verifiers by their type (``SnapshotBuilder/contribute(_:source:at:to:)``).
    package static func contribute(
        _ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution
    ) {
        guard let lote = list.lote else { return }
        SnapshotBuilder.contribute(lote, source: source, at: time, to: &contribution)
    }
}

extension VersionRules {
    /// LoTEs: by `LoTESequenceNumber` alone.
    package static let lote = VersionRules(
        order: .number, numberName: "LoTESequenceNumber", dateName: "ListIssueDateTime", noun: "a LoTE",
        rollback: .rollback, equivocation: .equivocation)
}
