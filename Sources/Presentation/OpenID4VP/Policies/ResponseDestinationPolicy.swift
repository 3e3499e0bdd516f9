/// The response goes where the client identifier says (OpenID4VP 1.0 §5.9.3): for `x509_san_dns:<name>` the URI the
/// response mode sends it to (`response_uri` for `direct_post`, else `redirect_uri`) is an `https` URI whose host is the
/// name, read unambiguously (`response_uri_mismatch`, also when there is no such URI); for `redirect_uri:<uri>` that
/// URI, when given, is the identifier itself; for a pre-registered client (§5.9.2) it is one of the client's registered
/// response URIs, byte for byte (RFC 6749 §3.1.2.3), also when there is none (`response_uri_mismatch`).
///
/// §5.9.3 lets a wallet that otherwise trusts an `x509_san_dns` client waive the host rule; this wallet never does.
/// The rules do not apply to a request the caller says came through the Digital Credentials API (§5.9.3: "unless the
/// interaction is using the DC API"), whose response the platform returns to the origin checked by
/// ``ExpectedOriginsPolicy``; a request that merely says `dc_api` is refused before this by ``ResponseModePolicy``.
struct ResponseDestinationPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        let client = context.client
        guard !context.viaDigitalCredentialsAPI else { return nil }
        switch client.prefix {
        case .x509SanDNS:
            guard let destination = context.parameters.responseDestination else {
                return PresentationError(
                    .responseURIMismatch,
                    "client_id \(client.clientID): no response_uri or redirect_uri whose host could match "
                        + "\(client.identifier) (OpenID4VP 1.0 §5.9.3)")
            }
            guard let host = URIHost.secure(destination), DNSName.same(host, client.identifier) else {
                let host = URIHost.secure(destination).map { "host \($0)" } ?? "no https host that reads one way"
                return PresentationError(
                    .responseURIMismatch,
                    "\(destination) (where response_mode \(context.parameters.responseMode ?? "(none)") sends the "
                        + "response) has \(host), not \(client.identifier) of client_id \(client.clientID): the "
                        + "response must go over https to the certified DNS name (OpenID4VP 1.0 §5.9.3)")
            }
        case .redirectURI:
            if let destination = context.parameters.responseDestination,
                !destination.utf8.elementsEqual(client.identifier.utf8)
            {
                return PresentationError(
                    .responseURIMismatch,
                    "\(destination) is not the client identifier \(client.identifier) of client_id "
                        + "\(client.clientID) (OpenID4VP 1.0 §5.9.3)")
            }
        case .preRegistered, .other:
            guard let registration = context.registration else { return nil }
            guard let destination = context.parameters.responseDestination,
                registration.registers(responseURI: destination)
            else {
                let found = context.parameters.responseDestination ?? "no response destination"
                return PresentationError(
                    .responseURIMismatch,
                    "\(found) is not a response URI registered for client_id \(client.clientID) (registered: "
                        + registration.responseURIs.joined(separator: ", ")
                        + "; OpenID4VP 1.0 §5.9.2, RFC 6749 §3.1.2.3)")
            }
        default:
            break
        }
        return nil
    }
}
