import Foundation
import X509

extension DemoNetwork {
    /// The CRL URL of a CA: `<base>/<common name, lower case, spaces as dashes>.crl`; nil without a base.
    static func crlURL(base: String?, commonName: String) -> String? {
        base.map { "\($0)/\(commonName.lowercased().replacingOccurrences(of: " ", with: "-")).crl" }
    }

    /// Where `ca` publishes its CRL; nil when the network has no CRL base URL.
    public func crlURL(of ca: Issued) -> String? {
        Self.crlURL(base: crlBaseURL, commonName: ca.certificate.subject.commonName ?? "ca")
    }

    /// The file name of a CA's CRL under the base URL (`demo-iaca-utopia.crl`).
    public func crlFileName(of ca: Issued) -> String {
        "\((ca.certificate.subject.commonName ?? "ca").lowercased().replacingOccurrences(of: " ", with: "-")).crl"
    }

    /// A CRL of `ca` in the profile of ISO/IEC 18013-5 Table B.10 (v2, issuer = the CA's subject, AKI = its key,
    /// cRLNumber, nextUpdate), signed with OpenSSL (``CRLBuilder``).
    /// - Parameters:
    ///   - ca: the CA (an IACA or the reader CA).
    ///   - revoking: the certificates it lists, each revoked a day before `thisUpdate`.
    ///   - number: the cRLNumber.
    ///   - thisUpdate: default the network's time.
    ///   - nextUpdate: default a week after `thisUpdate`.
    /// - Returns: the DER CertificateList.
    /// - Throws: ``X509Error`` when OpenSSL cannot sign.
    public func crl(
        of ca: Issued, revoking: [Issued], number: UInt64 = 1, thisUpdate: Date? = nil, nextUpdate: Date? = nil
    ) throws(X509Error) -> [UInt8] {
        let thisUpdate = thisUpdate ?? time
        var builder = CRLBuilder(
            thisUpdate: thisUpdate, nextUpdate: nextUpdate ?? thisUpdate + 7 * Self.day, crlNumber: number)
        builder.entries = revoking.map {
            CRLBuilder.Entry(serialNumber: $0.certificate.serialNumber, revocationDate: thisUpdate - Self.day)
        }
        return try builder.signed(by: ca.certificate, key: ca.key)
    }

    /// The CAs that publish CRLs: the IACAs and the reader CA.
    public var crlIssuers: [Issued] { iacas.map(\.iaca) + [readerCA] }

    /// The demo's CRLs, one per CA in ``crlIssuers`` order: the first IACA's lists ``revokedDocumentSigner``, the
    /// reader CA's lists ``revokedReader``, the others list nothing.
    public func demoCRLs(number: UInt64 = 1) throws(X509Error) -> [(ca: Issued, crl: [UInt8])] {
        var crls: [(ca: Issued, crl: [UInt8])] = []
        for ca in crlIssuers {
            let revoking =
                ca.certificate == iacas[0].iaca.certificate
                ? [revokedDocumentSigner] : ca.certificate == readerCA.certificate ? [revokedReader] : []
            crls.append((ca, try crl(of: ca, revoking: revoking, number: number)))
        }
        return crls
    }
}
