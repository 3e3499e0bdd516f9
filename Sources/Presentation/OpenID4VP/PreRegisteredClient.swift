import X509

/// A client this wallet has registered in advance (OpenID4VP 1.0 §5.9.2; RFC 6749 §2): its identifier, the
/// certificates whose keys may sign its request objects, and the URIs its responses may go to. A request that names a
/// pre-registered client is trusted only when it is signed by the leaf of one of these certificates (whose chain the
/// reader decision still trusts) and sends its response to one of these URIs (RFC 9101 §6.2: the request object is
/// verified with the key registered for the client; RFC 6749 §3.1.2.3: redirection URIs compared as strings).
public struct PreRegisteredClient: Sendable, Hashable {
    /// The `client_id`, without a prefix (§5.9.2), compared byte for byte.
    public let clientID: String
    /// SHA-256 of the DER of each certificate whose key may sign the client's request objects (32 bytes each).
    public let certificateSHA256: Set<[UInt8]>
    /// The URIs the client's responses may go to (`response_uri` for `direct_post`, `redirect_uri` otherwise),
    /// compared byte for byte.
    public let responseURIs: [String]

    /// Creates a registration.
    /// - Parameters:
    ///   - clientID: the client identifier.
    ///   - certificateSHA256: SHA-256 digests (32 bytes) of the certificates that may sign for it.
    ///   - responseURIs: the registered response URIs.
    public init(clientID: String, certificateSHA256: Set<[UInt8]>, responseURIs: [String]) {
        self.clientID = clientID
        self.certificateSHA256 = certificateSHA256
        self.responseURIs = responseURIs
    }

    /// Whether `certificate` is one of the registered ones.
    public func registers(_ certificate: Certificate) -> Bool { certificateSHA256.contains(certificate.sha256) }

    /// Whether `uri` is one of the registered response URIs, byte for byte (RFC 6749 §3.1.2.3 simple string
    /// comparison; no normalisation, so that two parsers never disagree on where the response goes).
    public func registers(responseURI uri: String) -> Bool {
        responseURIs.contains { $0.utf8.elementsEqual(uri.utf8) }
    }
}
