import JOSE
import X509

/// The client identifier names the `x5c` leaf that signed (OpenID4VP 1.0 §5.9.3): for `x509_san_dns:<name>` a dNSName
/// subjectAltName of the leaf equals the name (`san_dns_mismatch`; DNS names compare case-insensitively, RFC 4343);
/// for `x509_hash:<hash>` the base64url SHA-256 of the leaf's DER equals the hash (`x509_hash_mismatch`). The SANs
/// are the X509 module's, decoded by OpenSSL. For a pre-registered client (§5.9.2) the leaf is one of the certificates
/// registered for it (`client_certificate_not_registered`; RFC 9101 §6.2: the request object is verified with the key
/// registered for the client), so no other trusted verifier can speak for it. `redirect_uri:` and unsigned requests
/// pass.
struct ClientCertificateBindingPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let leaf = context.certificates.first else { return nil }
        let client = context.client
        switch client.prefix {
        case .x509SanDNS:
            let names = leaf.extensions.dnsNames
            guard names.contains(where: { DNSName.same($0, client.identifier) }) else {
                let found = names.isEmpty ? "no dNSName" : "dNSName " + names.joined(separator: ", ")
                return PresentationError(
                    .sanDNSMismatch,
                    "client_id \(client.clientID): the x5c leaf \(leaf.subject) has \(found) in its subjectAltName, "
                        + "not \(client.identifier) (OpenID4VP 1.0 §5.9.3)")
            }
        case .x509Hash:
            let hash = Base64URL.encode(leaf.sha256)
            guard hash.utf8.elementsEqual(client.identifier.utf8) else {
                return PresentationError(
                    .x509HashMismatch,
                    "client_id \(client.clientID): the x5c leaf's SHA-256 is \(hash), not \(client.identifier) "
                        + "(base64url of SHA-256 over the DER, OpenID4VP 1.0 §5.9.3)")
            }
        case .preRegistered, .other:
            guard let registration = context.registration else { return nil }
            guard registration.registers(leaf) else {
                return PresentationError(
                    .clientCertificateNotRegistered,
                    "client_id \(client.clientID): the x5c leaf \(leaf.subject) (SHA-256 \(leaf.sha256Hex)) is not a "
                        + "certificate registered for this client (presentation.preRegisteredClients; RFC 9101 §6.2)")
            }
        default:
            break
        }
        return nil
    }
}
