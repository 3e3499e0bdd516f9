import COSE
import Foundation
import X509

/// The parts every VICAL and RICAL entry shares (ISO/IEC 18013-5 Annex C.1.7 CertificateInfo; Annex F): the
/// certificate, parsed by OpenSSL (its Names and most extensions when first read, ``Certificate/init(listedDER:)``),
/// with its serial number and SKI taken from the certificate itself, and the descriptive fields the list states about
/// it.
public struct ListedCertificate: Sendable, Hashable {
    /// The listed certificate.
    public let certificate: Certificate
    /// The certificate's own serial number (content octets of its DER INTEGER); the list's copy is only compared.
    public var serialNumber: [UInt8] { certificate.serialNumber }
    /// The certificate's SKI, or the list's `ski` when the certificate has none.
    public let ski: [UInt8]
    /// `issuingCountry`, when present and not empty.
    public let issuingCountry: String?
    /// `stateOrProvinceName`, when present and not empty.
    public let stateOrProvinceName: String?
    /// `notBefore` as the list states it; the certificate's own is ``Certificate/notBefore``.
    public let listedNotBefore: Date?
    /// `notAfter` as the list states it; the certificate's own is ``Certificate/notAfter``.
    public let listedNotAfter: Date?
    /// `extensions` (or `Extensions`), kept as CBOR; nil when absent.
    public let extensions: CBOR?

    /// The keys every entry kind knows besides its own.
    static let sharedKeys: Set<String> = [
        "certificate", "serialNumber", "ski", "issuingCountry", "stateOrProvinceName", "issuer", "subject",
        "notBefore", "notAfter", "extensions",
    ]

    /// Decodes the shared keys of one entry; oddities go to `warnings` with the entry's path.
    /// - Throws: ``COSEError`` `unexpectedType` naming the path for a missing or mistyped key; ``X509Error`` for a
    ///   certificate OpenSSL cannot parse. The caller drops the entry on either.
    init(_ map: CBORMapReader, warnings: inout ListWarnings) throws {
        let path = map.path
        certificate = try Certificate(listedDER: try map.required("certificate").bytes())

        let listedSerial = try map.required("serialNumber")
        if case .tagged(2, let content) = listedSerial.node.content, case .byteString(let raw) = content.content,
            raw.first == 0, raw.count > 1
        {
            warnings.add("serialNumber bignum has a leading zero byte", at: path)
        }
        if try listedSerial.biguint() != Array(certificate.serialNumber.drop { $0 == 0 }) {
            warnings.add("serialNumber differs from the certificate's; the certificate's is used", at: path)
        }

        let listedSKI = try map.required("ski").bytes()
        if let own = certificate.subjectKeyIdentifier {
            ski = own
            if listedSKI != own {
                let wrapped = [0x04, UInt8(own.count)] + own
                let message =
                    listedSKI.count > own.count && listedSKI.suffix(wrapped.count).elementsEqual(wrapped)
                    ? "ski is DER-wrapped (extension value, not the key id); the certificate's SKI is used"
                    : "ski differs from the certificate's SKI; the certificate's is used"
                warnings.add(message, at: path)
            }
        } else {
            ski = listedSKI
            warnings.add("certificate has no SKI extension; the list's ski is used", at: path)
        }

        issuingCountry = try map.optional("issuingCountry")?.text().nonEmpty
        stateOrProvinceName = try map.optional("stateOrProvinceName")?.text().nonEmpty
        for key in ["issuer", "subject"] {
            if let listed = try map.optional(key)?.bytes() {
                let own = key == "issuer" ? certificate.issuer.derEncoded : certificate.subject.derEncoded
                if listed != own {
                    warnings.add("\(key) differs from the certificate's; the certificate's is used", at: path)
                }
            }
        }
        listedNotBefore = try map.optional("notBefore")?.date()
        listedNotAfter = try map.optional("notAfter")?.date()
        extensions = (map.optional("extensions") ?? map.optional("Extensions"))?.value
    }
}

extension String {
    /// nil for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
