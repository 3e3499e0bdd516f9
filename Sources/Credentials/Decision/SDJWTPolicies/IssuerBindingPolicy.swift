import Presentation

/// Step 4 (SD-JWT VC §3.5): an `iss` that is an https URL is bound to the key that signed: its host is a dNSName
/// subjectAltName of the `x5c` leaf (compared in ASCII, case-insensitively, never as a pattern). An `iss` of another
/// form, or none, is not bound by a certificate name and is reported as it is. Refusal: `issuer_not_bound`.
struct IssuerBindingPolicy: SDJWTPolicy {
    func check(_ context: inout SDJWTContext) -> CredentialError? {
        guard let iss = context.sdJWT.claims.iss, iss.lowercased().hasPrefix("https:"),
            let leaf = context.chain.first
        else { return nil }
        guard let host = URIHost.secure(iss) else {
            return CredentialError(.issuerNotBound, "iss \(iss) is an https URL without a host that can be read")
        }
        guard leaf.extensions.dnsNames.contains(where: { DNSName.same($0, host) }) else {
            let names = leaf.extensions.dnsNames
            return CredentialError(
                .issuerNotBound,
                "iss host \(host) is not a dNSName of the signing certificate (\(leaf.subject.rfc4514); dNSNames: "
                    + "\(names.isEmpty ? "none" : names.joined(separator: ", ")))")
        }
        return nil
    }
}
