import COSE
import Foundation
import X509

/// The kinds of ISO/IEC 18013-5: a CBOR payload signed as a COSE_Sign1 with an x5chain (VICAL, Annex C.1.7; RICAL,
/// second-edition draft Annex F). They share every step but the payload's decoder, the x5chain's header and the
/// signer's EKU (docs/architecture.md, Signed sources).
package protocol COSEListKind: ListKindDefinition
where Envelope == COSEListEnvelope, Context == ListContext<VerificationSettings> {
    /// Whether ISO/IEC 18013-5 puts the kind's x5chain in the protected header.
    static var x5chainProtected: Bool { get }
    /// Where `VerificationSettings` keeps the EKU a signer of the kind must carry (nil for none).
    static var signerEKU: WritableKeyPath<VerificationSettings, String?> { get }
    /// Decodes the payload's root map.
    /// - Throws: ``TrustListError`` `malformed_payload` naming the key path, `wrong_list_type`.
    static func decodePayload(_ map: CBORMapReader, _ warnings: inout ListWarnings) throws(TrustListError)
        -> any ListDocument
}

extension COSEListKind {
    package static var fileExtension: String { "cose" }
    package static var endsChainsAsListed: Bool { false }
    package static var publishesKeys: Bool { false }
    package static var versionRules: VersionRules { .datedList }

    /// `application/cose; cose-type="cose-sign1"` (RFC 9052 §2).
    package static func mediaType(of bytes: [UInt8]) -> String { "application/cose; cose-type=\"cose-sign1\"" }

    package static func context(
        anchors: [Certificate], source: ListSource?, clockSkewSeconds: Double
    ) -> ListContext<VerificationSettings> {
        var settings = VerificationSettings()
        settings.clockSkewSeconds = clockSkewSeconds
        settings.expectedProvider = source?.provider
        if let source { settings[keyPath: signerEKU] = source.signerEKU }
        return ListContext(anchors: anchors, settings: settings)
    }

    package static func open(
        _ bytes: [UInt8], _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> COSEListEnvelope {
        try COSEListEnvelope(
            bytes, kind: kind, x5chainProtected: x5chainProtected, limits: context.settings.limits, &findings)
    }

    package static func envelopePolicies(_ context: Context) -> [any SourcePolicy<COSEListEnvelope>] {
        [COSESignaturePolicy(), SignerValidityPolicy<COSEListEnvelope>()]
    }

    package static func authenticate(
        _ envelope: COSEListEnvelope, _ context: Context, at time: Date
    ) throws(TrustListError) -> [Certificate] {
        try SignerChain.validate(
            envelope, anchors: context.anchors, at: time, maximumDepth: context.settings.maximumChainDepth)
    }

    package static func signerPolicies(_ context: Context) -> [any SourcePolicy<SignedEnvelope<COSEListEnvelope>>] {
        [SignerProfilePolicy(kind: kind, requiredEKU: context.settings[keyPath: signerEKU])]
    }

    package static func decode(
        _ signed: SignedEnvelope<COSEListEnvelope>, _ context: Context, _ findings: inout SourceFindings
    ) throws(TrustListError) -> VerifiedList {
        let envelope = signed.envelope
        let map = try TrustList.payloadMap(envelope.payload, limits: context.settings.limits)
        let document = try decodePayload(map, &findings.warnings)
        return VerifiedList(
            list: TrustList(document, kind: kind), signedBytes: envelope.bytes, contentSHA256: envelope.contentSHA256,
            signerChain: signed.chain, algorithm: envelope.algorithm.name, x5chainCount: envelope.x5chainCount,
            verifiedAt: findings.time)
    }

    package static func contentPolicies(_ context: Context) -> [any SourcePolicy<VerifiedList>] {
        [
            ProviderPolicy(expected: context.settings.expectedProvider),
            FreshnessPolicy(clockSkewSeconds: context.settings.clockSkewSeconds),
        ]
    }
}

extension VersionRules {
    /// VICALs and RICALs: by the signed `date`, the issue id breaking ties.
    package static let datedList = VersionRules(
        order: .dateThenNumber, numberName: "issue id", dateName: "date", noun: "a list", rollback: .rollback,
        equivocation: .equivocation)
}
