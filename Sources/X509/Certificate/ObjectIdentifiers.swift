/// Dotted-decimal object identifiers this package names, as OpenSSL's `OBJ_obj2txt(3)` prints them.
public enum OID {
    /// ISO/IEC 18013-5 §B.1.1 (Table B.3): EKU of a document signer certificate, `1.0.18013.5.1.2`.
    public static let documentSignerEKU = "1.0.18013.5.1.2"
    /// ISO/IEC 18013-5 §B.1.7 (Table B.8): EKU of an mdoc reader authentication certificate, `1.0.18013.5.1.6`.
    public static let readerAuthenticationEKU = "1.0.18013.5.1.6"
    /// ISO/IEC 18013-5 Annex C.1.7: EKU of a VICAL signer certificate, `1.0.18013.5.1.8`.
    public static let vicalSignerEKU = "1.0.18013.5.1.8"
    /// RFC 5280 §4.2.1.2 subject key identifier, `2.5.29.14`.
    public static let subjectKeyIdentifier = "2.5.29.14"
    /// RFC 5280 §4.2.1.3 key usage, `2.5.29.15`.
    public static let keyUsage = "2.5.29.15"
    /// RFC 5280 §4.2.1.6 subject alternative name, `2.5.29.17`.
    public static let subjectAlternativeName = "2.5.29.17"
    /// RFC 5280 §4.2.1.9 basic constraints, `2.5.29.19`.
    public static let basicConstraints = "2.5.29.19"
    /// RFC 5280 §4.2.1.13 CRL distribution points, `2.5.29.31`.
    public static let crlDistributionPoints = "2.5.29.31"
    /// RFC 5280 §4.2.1.1 authority key identifier, `2.5.29.35`.
    public static let authorityKeyIdentifier = "2.5.29.35"
    /// RFC 5280 §4.2.1.12 extended key usage, `2.5.29.37`.
    public static let extendedKeyUsage = "2.5.29.37"
    /// RFC 5280 §4.2.1.12 anyExtendedKeyUsage, `2.5.29.37.0`: a certificate usable for any purpose.
    public static let anyExtendedKeyUsage = "2.5.29.37.0"
}
