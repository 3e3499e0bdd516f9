/// The client identifier prefix is one this wallet authenticates (OpenID4VP 1.0 §5.9.3): `x509_san_dns:`,
/// `x509_hash:`, `redirect_uri:` (as a domain only), or none for a client pre-registered here (§5.9.2); else
/// `unsupported_client_id_prefix`, or `client_not_registered` for an unknown client without a prefix.
///
/// A `client_id` whose text before the `:` is no prefix of §5.9.3 (`https://…`, `did:…`) is accepted only when the
/// whole identifier is pre-registered here, as §5.9.2 allows. Checked first: without a supported prefix nothing says
/// which key must have signed.
struct ClientIdentifierPrefixPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        let client = context.client
        if let warning = client.draftWarning { context.warnings.append(warning) }
        switch client.prefix {
        case .x509SanDNS, .x509Hash, .redirectURI:
            return nil
        case .preRegistered:
            guard context.isPreRegistered else {
                return PresentationError(
                    .clientNotRegistered,
                    "client_id \(client.clientID) has no prefix, so it names a pre-registered client (OpenID4VP 1.0 "
                        + "§5.9.2), and this wallet has none of that name")
            }
            return nil
        case .other(let name) where context.isPreRegistered:
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
}
