/// The client identifier prefix is one this wallet authenticates (OpenID4VP 1.0 §5.9.3): `x509_san_dns:` with a DNS
/// name, `x509_hash:`, `redirect_uri:` (as a domain only), or none for a client registered here (§5.9.2, with its
/// certificates and response URIs: ``PreRegisteredClient``); else `unsupported_client_id_prefix`, or
/// `client_not_registered` for a client without a prefix that has no registration (also one named only in the older
/// `preRegisteredClientIDs`, which ties the name to no key).
///
/// An `x509_san_dns:` identifier must be a host name (letters, digits and hyphens in dot-separated labels): a pattern
/// such as `*.example.com` is never a client identifier (`malformed_request`), so a wildcard SAN is never taken
/// literally. A `client_id` whose text before the `:` is no prefix of §5.9.3 (`https://…`, `did:…`) is accepted only
/// when the whole identifier is registered here, as §5.9.2 allows. Checked first: without a supported prefix nothing
/// says which key must have signed.
struct ClientIdentifierPrefixPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        let client = context.client
        if let warning = client.draftWarning { context.warnings.append(warning) }
        switch client.prefix {
        case .x509SanDNS:
            guard DNSName.isHostName(client.identifier) else {
                return PresentationError(
                    .malformedRequest,
                    "client_id \(client.clientID): \(client.identifier) is not a DNS host name; an x509_san_dns client "
                        + "identifier names one host, never a pattern (OpenID4VP 1.0 §5.9.3)")
            }
            return nil
        case .x509Hash, .redirectURI:
            return nil
        case .preRegistered:
            guard context.registration != nil else { return notRegistered(context) }
            return nil
        case .other where context.options.preRegisteredClientIDs.contains(client.clientID):
            return notRegistered(context)
        case .other(let name) where context.registration != nil:
            context.warnings.append(
                "client_id \(client.clientID): \(name) is no client identifier prefix; read as a pre-registered client "
                    + "(§5.9.2)")
            return nil
        case .origin:
            return PresentationError(
                .unsupportedClientIDPrefix,
                "client_id \(client.clientID): the origin: prefix is reserved for the Digital Credentials API and a "
                    + "wallet must not accept it in a request (OpenID4VP 1.0 §5.9.3)")
        default:
            return PresentationError(
                .unsupportedClientIDPrefix,
                "client_id \(client.clientID): the prefix \(client.prefix.name) is not supported; supported: "
                    + "x509_san_dns, x509_hash, redirect_uri (domain only) and pre-registered clients (§5.9.3)")
        }
    }

    /// `client_not_registered`, saying what a registration needs when the client is named without one.
    private func notRegistered(_ context: RequestContext) -> PresentationError {
        let clientID = context.client.clientID
        if context.options.preRegisteredClientIDs.contains(clientID) {
            return PresentationError(
                .clientNotRegistered,
                "client_id \(clientID) is named in presentation.preRegisteredClientIDs only, which ties it to no key: "
                    + "register it in presentation.preRegisteredClients with the certificateSHA256 of the certificates "
                    + "that sign its requests and its responseURIs (OpenID4VP 1.0 §5.9.2, RFC 9101 §6.2)")
        }
        return PresentationError(
            .clientNotRegistered,
            "client_id \(clientID) has no prefix, so it names a pre-registered client (OpenID4VP 1.0 §5.9.2), and this "
                + "wallet has none of that name")
    }
}
