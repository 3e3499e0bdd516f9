import X509

/// The leaf may sign: when it has a keyUsage extension, digitalSignature is set (RFC 5280 §4.2.1.3); else the
/// profile's reason (`reader_key_usage`, `issuer_key_usage`, `wallet_provider_key_usage`), with the anchor the chain
/// did validate to. A reader decision always judges the certificate that signed a request (OpenID4VP request object,
/// ISO/IEC 18013-5 readerAuth; Table B.8, reader certificate keyUsage digitalSignature), so a listed CA certificate
/// (keyCertSign only) or a key-encipherment certificate never speaks as a reader, even where the reader EKU is not
/// required; likewise for the issuer of a credential and a wallet provider. A leaf without keyUsage is not restricted
/// (RFC 5280 §4.2.1.3), except where the profile requires the extension (the issuer of an SD-JWT VC). Applies when
/// the profile names a ``DecisionProfile/keyUsageReason``.
struct LeafKeyUsagePolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let reason = context.profile.keyUsageReason, let validated = context.validated,
            let leaf = context.chain.first
        else { return nil }
        guard let usage = leaf.keyUsage else {
            guard context.profile.keyUsageRequired else { return nil }
            return TrustDecision.NotTrusted(
                reason: reason,
                message: "the chain validates to \(validated.anchor.subject) (\(validated.anchor.list)), but the leaf "
                    + "\(leaf.subject) has no keyUsage extension; a \(context.profile.leafNoun) needs one with "
                    + "digitalSignature",
                anchor: validated.anchor, docTypes: validated.docTypes)
        }
        guard !usage.contains(.digitalSignature) else { return nil }
        let names = usage.names.isEmpty ? "empty" : usage.names.joined(separator: ", ")
        return TrustDecision.NotTrusted(
            reason: reason,
            message: "the chain validates to \(validated.anchor.subject) (\(validated.anchor.list)), but the leaf "
                + "\(leaf.subject) may not sign: its keyUsage is \(names), without digitalSignature (RFC 5280 "
                + "§4.2.1.3)",
            anchor: validated.anchor, docTypes: validated.docTypes)
    }
}
