import Foundation
import Presentation
import TrustLists
import TrustListsService

/// `trustctl query request URL|--file FILE [--client-id ID] [--dc-api-origin ORIGIN] [--config FILE] [--at TIME]
/// [--json]`.
enum QueryRequestCommand: Command {
    static let spec = CommandSpec(
        name: "query request",
        overview: "Decide whether an OpenID4VP authorization request's verifier is trusted (verifiedBy or a domain).",
        usage:
            "<url> | --file <jwt> [--client-id <id>] [--dc-api-origin <origin>] [--config <file>] [--at <time>] [--json]",
        options: [
            .value("file", "jwt", "A request object (JWS compact) received by value, instead of a request URL."),
            .value("client-id", "id", "With --file: the client_id that came with the request object."),
            .value(
                "dc-api-origin", "origin",
                "With --file: the platform delivered the request through the Digital Credentials API from this web "
                    + "origin (https://host[:port]), compared with its expected_origins."),
            ConfigOption.option,
            .value("at", "time", "Decide at this RFC 3339 time instead of now."),
            .flag(
                "json",
                "Print JSON: trusted, reason, message, verifiedBy, clientID, clientIDPrefix, responseURI, nonce, …"),
        ],
        discussion: """
            The URL is what the wallet received (openid4vp://, haip-vp://, mdoc-openid4vp://, eudi-openid4vp:// or an
            https link), with the request object by value (request) or by reference (request_uri, fetched with the
            configured HTTP limits; https only unless allowInsecureURLs). The request object must be a JWS with typ
            oauth-authz-req+jwt, signed (ES256/384/512, EdDSA or PS256/384/512) by the leaf of its x5c chain; the client identifier
            (x509_san_dns:, x509_hash:, redirect_uri:, or pre-registered), aud, exp/nbf/iat, wallet_nonce,
            response_type, response_mode (required) and the response destination are checked (OpenID4VP 1.0, HAIP
            1.0), then the x5c chain goes to the reader decision of the verified RICALs (reader EKU required unless
            the network sets readerEKUOptionalForOpenID4VP; the signing leaf's keyUsage must allow
            digitalSignature). A verifier that is not trusted is shown by its domain only.

            The response goes where the certificate or registration says: for x509_san_dns the https host of the
            response_uri (direct_post) or redirect_uri (fragment, query) is the certified DNS name; for a
            pre-registered client (presentation.preRegisteredClients) the request is signed by one of its registered
            certificates and the destination is one of its registered URIs. Only --dc-api-origin switches to the
            Digital Credentials API rules (response_mode dc_api or dc_api.jwt, no destination URI, the origin must be
            in expected_origins); without it a request saying dc_api is refused (unsupported_response_mode), also
            with --file and no --client-id (the client id is then the request object's own). transaction_data,
            verifier_info and client_metadata are carried into the answer.

            Reasons include bad_signature, unsupported_alg, wrong_typ, client_id_mismatch, san_dns_mismatch,
            x509_hash_mismatch, client_certificate_not_registered, response_uri_mismatch, unsupported_response_mode,
            origin_mismatch, wrong_audience, request_expired, wallet_nonce_mismatch, unsupported_client_id_prefix,
            client_not_registered, unsigned_request, not_on_trust_list, reader_eku, reader_key_usage,
            trust_list_expired, trust_list_unavailable (docs/cli.md lists them all).

            EXIT STATUS: 0 trusted, 1 not trusted (the reason is printed), 2 usage error, unreadable file or
            configuration, or a cache directory that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let file = arguments.value("file")
        guard (arguments.positionals.count == 1) != (file != nil), arguments.positionals.count <= 1 else {
            throw UsageError("give either a request URL or --file <jwt>")
        }
        if file == nil, arguments.value("client-id") != nil {
            throw UsageError("--client-id goes with --file; a request URL carries its own client_id")
        }
        if file == nil, arguments.value("dc-api-origin") != nil {
            throw UsageError("--dc-api-origin goes with --file; a request URL never comes through the DC API")
        }
        var requestObject: String?
        if let file {
            do {
                let bytes = try InputFiles.read(file, limit: 1 << 20)
                requestObject = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            } catch {
                context.printError("Error: \(error)")
                return 2
            }
        }
        guard let service = ServiceLoading.loaded(arguments, context: context, at: time) else { return 2 }
        let decision =
            if let requestObject {
                service.requestDecision(
                    requestObject: requestObject, clientID: arguments.value("client-id"),
                    origin: arguments.value("dc-api-origin"), at: time)
            } else {
                service.requestDecision(url: arguments.positionals[0], at: time)
            }
        return try PresentationOutput.report(
            decision, query: "request", time: time, generation: service.queries.generation,
            json: arguments.flag("json"), context: context)
    }
}
