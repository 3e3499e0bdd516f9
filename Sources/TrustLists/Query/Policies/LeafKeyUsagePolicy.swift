/// The reader leaf may sign: when it has a keyUsage extension, digitalSignature is set (RFC 5280 §4.2.1.3; ISO/IEC
/// 18013-5 Table B.8, reader certificate keyUsage digitalSignature); else `reader_key_usage`, with the anchor the chain
/// did validate to. A reader decision always judges the certificate that signed a request (OpenID4VP request object,
/// ISO/IEC 18013-5 readerAuth), so a listed CA certificate (keyCertSign only) or a key-encipherment certificate never
/// speaks as a reader, even where the reader EKU is not required. A leaf without keyUsage is not restricted (RFC 5280
/// §4.2.1.3). Issuer decisions do not run it.
struct LeafKeyUsagePolicy: DecisionPolicy {
    func check<Row: ListedRow>(_ context: inout DecisionContext<Row>) -> TrustDecision.NotTrusted? {
        guard let validated = context.validated else { return nil }
        let leaf = context.chain[0]
        guard let usage = leaf.keyUsage, !usage.contains(.digitalSignature) else { return nil }
        return TrustDecision.NotTrusted(
            reason: .readerKeyUsage,
            message: "the chain validates to \(validated.anchor.subject) (\(validated.anchor.list)), but the leaf "
                + "\(leaf.subject) may not sign: its keyUsage is \(usage.names.isEmpty ? "empty" : usage.names.joined(separator: ", ")), without digitalSignature (RFC 5280 "
                + "§4.2.1.3)",
            anchor: validated.anchor, docTypes: validated.docTypes)
    }
}
