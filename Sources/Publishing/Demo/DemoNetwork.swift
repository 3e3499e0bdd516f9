import Foundation
import TrustLists
import X509

/// A complete ISO/IEC 18013-5 trust network built with the certificate builder, for `trustctl demo` and for the
/// tests' list simulator: a network root, an issuing CA, a VICAL signer (EKU 1.0.18013.5.1.8, key usage
/// nonRepudiation, as real ones), a RICAL signer (no EKU, as real ones), three IACAs with different docTypes, a
/// reader CA with an intermediate and a reader leaf (EKU 1.0.18013.5.1.6), two readers directly under the reader CA
/// (one of them for revocation), and two document signers under the first IACA (EKU 1.0.18013.5.1.2; one of them for
/// revocation). All keys are fresh EC P-256 keys. With a CRL base URL, every IACA and the reader CA name their CRL in
/// a cRLDistributionPoints extension (`DemoNetwork+CRLs.swift`).
public struct DemoNetwork: Sendable {
    /// A certificate and its private key.
    public struct Issued: Sendable {
        /// The certificate.
        public let certificate: Certificate
        /// Its private key.
        public let key: PrivateKey

        /// Wraps a certificate and key.
        public init(certificate: Certificate, key: PrivateKey) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// The network root: the pinned trust anchor.
    public let root: Issued
    /// The CA under the root that issues the list signers.
    public let issuingCA: Issued
    /// The VICAL signer.
    public let vicalSigner: Issued
    /// The RICAL signer.
    public let ricalSigner: Issued
    /// The IACAs (self-signed), each with the docTypes the VICAL lists for it.
    public let iacas: [(iaca: Issued, docTypes: [String])]
    /// A reader CA (self-signed), listed in the RICAL.
    public let readerCA: Issued
    /// A reader intermediate CA under the reader CA (not listed).
    public let readerIntermediate: Issued
    /// A reader authentication leaf under the intermediate.
    public let readerLeaf: Issued
    /// A document signer under the first IACA.
    public let documentSigner: Issued
    /// A second document signer under the first IACA: the one the demo's CRL revokes.
    public let revokedDocumentSigner: Issued
    /// A reader authentication leaf directly under the reader CA.
    public let directReader: Issued
    /// A second reader directly under the reader CA: the one the demo's CRL revokes.
    public let revokedReader: Issued
    /// Where the CAs' CRLs are published (`<base>/<ca-slug>.crl`); nil when the CAs name no CRL.
    public let crlBaseURL: String?
    /// The time the network was built around (UTC).
    public let time: Date

    /// One day in seconds.
    static let day: TimeInterval = 86_400

    /// Builds a network whose certificates are valid around `time`: CAs from a year before to ten (roots) or five
    /// (intermediates) years after, end-entity certificates from 30 days before to a year after.
    /// - Parameters:
    ///   - name: a word put in every subject (e.g. "Demo", "Sim").
    ///   - crlBaseURL: where the IACAs' and the reader CA's CRLs are published (no trailing slash); nil for none.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public init(name: String, at time: Date, crlBaseURL: String? = nil) throws(X509Error) {
        self.time = time
        self.crlBaseURL = crlBaseURL
        func publishesCRL(_ commonName: String) -> (inout CertificateBuilder) -> Void {
            { builder in
                if let url = Self.crlURL(base: crlBaseURL, commonName: commonName) {
                    builder.crlDistributionPointURIs = [url]
                }
            }
        }
        root = try Self.issue("\(name) Network Root", at: time, validDays: 3650, kind: .ca(pathLength: nil))
        issuingCA = try Self.issue("\(name) Issuing CA", by: root, at: time, validDays: 1825, kind: .ca(pathLength: 0))
        vicalSigner = try Self.issue(
            "\(name) VICAL Signer", by: issuingCA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.vicalSignerEKU], usage: [.nonRepudiation]))
        ricalSigner = try Self.issue(
            "\(name) RICAL Signer", by: issuingCA, at: time, validDays: 365,
            kind: .leaf(eku: nil, usage: [.nonRepudiation]))
        iacas = [
            (
                try Self.issue(
                    "\(name) IACA Utopia", at: time, validDays: 3650, kind: .ca(pathLength: 0),
                    configure: publishesCRL("\(name) IACA Utopia")),
                ["org.iso.18013.5.1.mDL"]
            ),
            (
                try Self.issue(
                    "\(name) IACA Arcadia", at: time, validDays: 3650, kind: .ca(pathLength: 0),
                    configure: publishesCRL("\(name) IACA Arcadia")),
                ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"]
            ),
            (
                try Self.issue(
                    "\(name) IACA Eldorado", at: time, validDays: 3650, kind: .ca(pathLength: 0),
                    configure: publishesCRL("\(name) IACA Eldorado")),
                ["eu.europa.ec.eudi.pid.1"]
            ),
        ]
        readerCA = try Self.issue(
            "\(name) Reader CA", at: time, validDays: 3650, kind: .ca(pathLength: nil),
            configure: publishesCRL("\(name) Reader CA"))
        readerIntermediate = try Self.issue(
            "\(name) Reader Intermediate", by: readerCA, at: time, validDays: 1825, kind: .ca(pathLength: 0))
        readerLeaf = try Self.issue(
            "\(name) Reader", by: readerIntermediate, at: time, validDays: 365,
            kind: .leaf(eku: [OID.readerAuthenticationEKU], usage: [.digitalSignature]))
        documentSigner = try Self.issue(
            "\(name) Document Signer", by: iacas[0].iaca, at: time, validDays: 365,
            kind: .leaf(eku: [OID.documentSignerEKU], usage: [.digitalSignature]))
        revokedDocumentSigner = try Self.issue(
            "\(name) Revoked Document Signer", by: iacas[0].iaca, at: time, validDays: 365,
            kind: .leaf(eku: [OID.documentSignerEKU], usage: [.digitalSignature]))
        directReader = try Self.issue(
            "\(name) Direct Reader", by: readerCA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.readerAuthenticationEKU], usage: [.digitalSignature]))
        revokedReader = try Self.issue(
            "\(name) Revoked Reader", by: readerCA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.readerAuthenticationEKU], usage: [.digitalSignature]))
    }

    /// What a certificate is for.
    public enum Profile: Sendable {
        /// A CA: basic constraints CA (critical), key usage keyCertSign and cRLSign.
        case ca(pathLength: Int?)
        /// An end entity with these EKUs (critical; nil for none) and key usage.
        case leaf(eku: [String]?, usage: KeyUsage)
    }

    /// Issues one certificate valid from a year (CAs) or 30 days (leaves) before `time` for `validDays` after it.
    /// - Parameters:
    ///   - commonName: subject CN; the subject also gets `C=US` and `O=<the CN's first word> Trust Network`.
    ///   - issuer: the issuer, or nil for a self-signed certificate.
    ///   - algorithm: the subject key's algorithm.
    ///   - configure: last changes to the builder before signing.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public static func issue(
        _ commonName: String, by issuer: Issued? = nil, algorithm: KeyAlgorithm = .ecP256, at time: Date,
        validDays: Double, kind: Profile, configure: (inout CertificateBuilder) -> Void = { _ in }
    ) throws(X509Error) -> Issued {
        let organization = "\(commonName.split(separator: " ").first ?? "Demo") Trust Network"
        let isCA: Bool
        if case .ca = kind { isCA = true } else { isCA = false }
        return try issue(
            subject: [.country("US"), .organization(organization), .commonName(commonName)], by: issuer,
            algorithm: algorithm, notBefore: time - (isCA ? 365 : 30) * day, notAfter: time + validDays * day
        ) { builder in
            switch kind {
            case .ca(let pathLength):
                builder.basicConstraints = BasicConstraints(isCA: true, pathLength: pathLength)
                builder.keyUsage = [.keyCertSign, .cRLSign]
            case .leaf(let eku, let usage):
                builder.keyUsage = usage
                builder.extendedKeyUsage = eku
                builder.extendedKeyUsageIsCritical = true
            }
            configure(&builder)
        }
    }

    /// Issues one certificate with a fresh key: self-signed when `issuer` is nil.
    /// - Parameters:
    ///   - subject: the subject Name.
    ///   - configure: extensions and other changes to the builder before signing.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public static func issue(
        subject: [CertificateBuilder.NameAttribute], by issuer: Issued?, algorithm: KeyAlgorithm, notBefore: Date,
        notAfter: Date, configure: (inout CertificateBuilder) -> Void
    ) throws(X509Error) -> Issued {
        let key = try PrivateKey.generate(algorithm)
        var builder = CertificateBuilder(
            subject: subject, publicKey: key.publicKey, notBefore: notBefore, notAfter: notAfter)
        configure(&builder)
        let certificate =
            if let issuer {
                try builder.signed(by: issuer.certificate, key: issuer.key)
            } else {
                try builder.selfSigned(with: key)
            }
        return Issued(certificate: certificate, key: key)
    }

    /// The VICAL: every IACA with its docTypes, dated `time`, next update a day later.
    public func vicalContent(issueID: UInt64? = 1, date: Date? = nil) -> ListContent {
        let date = date ?? time
        return ListContent(
            kind: .vical, provider: "\(providerName)", date: date, issueID: issueID, nextUpdate: date + Self.day,
            entries: iacas.map { ListContent.Entry(certificate: $0.iaca.certificate, docTypes: $0.docTypes) })
    }

    /// The RICAL: the reader CA, dated `time`, next update a day later.
    public func ricalContent(issueID: UInt64? = 1, date: Date? = nil) -> ListContent {
        let date = date ?? time
        return ListContent(
            kind: .rical, provider: providerName, date: date, issueID: issueID, nextUpdate: date + Self.day,
            entries: [
                ListContent.Entry(certificate: readerCA.certificate, name: readerCA.certificate.subject.commonName)
            ])
    }

    /// The provider name the lists carry: the first word of the root's CN.
    public var providerName: String {
        String((root.certificate.subject.commonName ?? "Demo").split(separator: " ").first ?? "Demo")
    }

    /// The signer of `kind`'s lists and its x5chain (signer, issuing CA).
    public func signer(for kind: ListKind) -> (key: PrivateKey, chain: [Certificate]) {
        let signer = kind == .vical ? vicalSigner : ricalSigner
        return (signer.key, [signer.certificate, issuingCA.certificate])
    }

    /// A list signed the way ISO/IEC 18013-5 says, by the network's signer of its kind.
    /// - Throws: ``X509Error`` when OpenSSL cannot sign.
    public func signed(_ content: ListContent) throws -> [UInt8] {
        let signer = signer(for: content.kind)
        return try ListPublisher.sign(content, signerKey: signer.key, signerChain: signer.chain)
    }
}
