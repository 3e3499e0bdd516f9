import JOSE
import X509

/// A request object is signed by the leaf of its `x5c` chain (OpenID4VP 1.0 §5.9.3 for `x509_san_dns:` and
/// `x509_hash:`; the same for pre-registered clients here, whose trust comes from the reader decision): `x5c`
/// present (`missing_x5c`), each entry a certificate (`malformed_x5c`), the leaf key supported (`unsupported_key`),
/// `alg` fitting that key (`unsupported_alg`: ES256 needs P-256, …) and the signature verifying with it
/// (`bad_signature`). The key is never taken from `jwk` or `kid`.
///
/// A request object for the `redirect_uri:` prefix is refused (`malformed_request`): such requests cannot be signed
/// (§5.9.3). Records HAIP 1.0 §5's rules as warnings: the trust anchor must not be in `x5c` and the signer must not be
/// self-signed. Unsigned requests pass.
struct SignaturePolicy: RequestPolicy {
    func check(_ context: inout RequestContext) -> PresentationError? {
        guard let requestObject = context.requestObject else { return nil }
        guard context.client.prefix != .redirectURI else {
            return PresentationError(
                .malformedRequest,
                "client_id \(context.client.clientID): requests with the redirect_uri prefix cannot be signed "
                    + "(OpenID4VP 1.0 §5.9.3), yet a request object came")
        }
        let jws = requestObject.jws
        guard let x5c = jws.x5c else {
            return PresentationError(
                .missingX5C,
                "request header.x5c: missing; client_id \(context.client.clientID) needs the signer's certificate "
                    + "chain (OpenID4VP 1.0 §5.9.3)")
        }
        var certificates: [Certificate] = []
        for (index, der) in x5c.enumerated() {
            do {
                certificates.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                return PresentationError(
                    .malformedX5C, "request header.x5c[\(index)]: not an X.509 certificate: \(error.reason)")
            }
        }
        let key: PublicKey
        do {
            key = try certificates[0].publicKey
        } catch {
            return PresentationError(.unsupportedKey, "request header.x5c[0]: \(error.reason)")
        }
        do {
            try jws.verify(with: key)
        } catch {
            return PresentationError(
                error.code, "request signature (x5c[0] key): \(error.reason)"
            )
        }
        if jws.hasJWK {
            context.warnings.append("request header.jwk ignored: the signature is verified with the x5c leaf's key")
        }
        if certificates[0].isSelfIssued {
            context.warnings.append(
                "request header.x5c[0] is self-issued; HAIP 1.0 §5: the certificate signing the request must not be "
                    + "self-signed")
        } else if let index = certificates.indices.dropFirst().first(where: { certificates[$0].isSelfIssued }) {
            context.warnings.append(
                "request header.x5c[\(index)] is a self-issued (trust anchor) certificate, tolerated; HAIP 1.0 §5: the "
                    + "trust anchor must not be included in x5c")
        }
        context.certificates = certificates
        return nil
    }
}
