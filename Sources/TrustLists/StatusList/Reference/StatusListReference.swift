import X509

/// Where a credential's status is (draft-ietf-oauth-status-list §6.2 for an SD-JWT VC, §6.3 and ISO/IEC 18013-5 second
/// edition for an mdoc's MSO): the index of the credential in the status list at `uri`, and, for an mdoc, the
/// certificate that signs that list when the MSO names one.
public struct StatusListReference: Sendable, Hashable {
    /// `idx`: the credential's index in the list, 0 or more.
    public let index: UInt64
    /// `uri`: the URI of the status list token, which the token's `sub` must equal.
    public let uri: String
    /// `certificate` (mdoc only): the DER of the certificate that signs the status list, as the MSO names it; nil
    /// when absent. See ``signerCertificate()``.
    public let certificate: [UInt8]?

    /// A reference from its members.
    public init(index: UInt64, uri: String, certificate: [UInt8]? = nil) {
        self.index = index
        self.uri = uri
        self.certificate = certificate
    }

    /// ``certificate`` parsed by OpenSSL (through the process's certificate cache); nil when the reference names none.
    /// Give it to ``StatusListVerifier/verify(_:uri:at:expectedFormat:signerCertificate:additional:)`` as the signer.
    /// - Throws: ``TrustListError`` `malformed_status_reference` when it is not an X.509 certificate.
    public func signerCertificate() throws(TrustListError) -> Certificate? {
        guard let certificate else { return nil }
        do {
            return try CertificateCache.shared.certificate(derEncoded: certificate)
        } catch {
            throw TrustListError(
                .malformedStatusReference, "status.status_list.certificate: not an X.509 certificate: \(error.reason)")
        }
    }
}

/// An ISO/IEC 18013-5 (second edition) `identifier_list` reference of an mdoc's MSO: the credential's identifier in the
/// identifier list at `uri`. Recognised so that a decision can say why it was not checked: identifier lists (a CWT
/// with claim 65530 mapping identifiers to statuses) are not implemented here.
public struct IdentifierListReference: Sendable, Hashable {
    /// `id`: the credential's identifier.
    public let identifier: [UInt8]
    /// `uri`: the URI of the identifier list.
    public let uri: String
    /// `certificate`: the DER of the identifier list's signer; nil when absent.
    public let certificate: [UInt8]?

    /// A reference from its members.
    public init(identifier: [UInt8], uri: String, certificate: [UInt8]? = nil) {
        self.identifier = identifier
        self.uri = uri
        self.certificate = certificate
    }
}
