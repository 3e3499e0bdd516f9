/// The response goes where the client identifier says (OpenID4VP 1.0 §5.9.3): for `x509_san_dns:<name>` the host of
/// the `response_uri` (or `redirect_uri`) is the name (`response_uri_mismatch`, also when there is no such URI); for
/// `redirect_uri:<uri>` the `response_uri` or `redirect_uri`, when given, is the identifier itself.
///
/// §5.9.3 lets a wallet that otherwise trusts an `x509_san_dns` client waive the host rule; this wallet never does.
/// It does not apply over the Digital Credentials API (§5.9.3: "unless the interaction is using the DC API"), where
/// there is no such URI.
struct ResponseDestinationPolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        let client = context.client
        switch client.prefix {
        case .x509SanDNS where !context.parameters.usesDigitalCredentialsAPI:
            guard let destination = context.parameters.responseDestination else {
                return PresentationError(
                    .responseURIMismatch,
                    "client_id \(client.clientID): no response_uri or redirect_uri whose host could match "
                        + "\(client.identifier) (OpenID4VP 1.0 §5.9.3)")
            }
            guard hostOf(destination) == client.identifier.lowercased() else {
                let host = hostOf(destination) ?? "no host"
                return PresentationError(
                    .responseURIMismatch,
                    "\(destination) has \(host), not \(client.identifier) of client_id \(client.clientID): the "
                        + "response must go to the certified DNS name (OpenID4VP 1.0 §5.9.3)")
            }
        case .redirectURI:
            if let destination = context.parameters.responseDestination, destination != client.identifier {
                return PresentationError(
                    .responseURIMismatch,
                    "\(destination) is not the client identifier \(client.identifier) of client_id "
                        + "\(client.clientID) (OpenID4VP 1.0 §5.9.3)")
            }
        default:
            break
        }
        return nil
    }
}
