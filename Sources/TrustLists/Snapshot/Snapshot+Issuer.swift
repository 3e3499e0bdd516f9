import Foundation

extension Snapshot {
    /// One IACA certificate of a VICAL (ISO/IEC 18013-5 Annex C.1.7), with the fields queries need, extracted once
    /// when the list was verified.
    ///
    /// One issuer per distinct certificate per list. Its ``docTypes`` are merged over its *SKI group*: the entries of
    /// the same list that carry the same certificate or the same (non-empty) SKI, joined transitively. So a
    /// certificate listed twice gets the union of both entries' docTypes, and two certificates for one key (an IACA
    /// re-issued with the same key pair, hence the same SKI) each stay an issuer of their own, each with the union of
    /// the whole group's docTypes. Lists are never merged with each other: the same IACA in two networks' VICALs is two
    /// issuers, one per ``source``.
    ///
    /// In `snapshot.json` an issuer is one row of the `issuers` table (see ``Snapshot``), its values in the order of
    /// the stored properties below.
    public struct Issuer: Sendable, Hashable {
        /// The certificate's DER, base64 (RFC 4648 §4).
        public var certificate: String {
            get { certificateText.text }
            set { certificateText = RowText(newValue) }
        }
        /// The certificate column as kept: encoded from the DER when first read (``RowText``).
        var certificateText: RowText
        /// SHA-256 of the DER, lower-case hex.
        public var sha256: String
        /// The subject key identifier, lower-case hex: the certificate's own, or the list's `ski` where the certificate
        /// has none.
        public var ski: String
        /// The authority key identifier's key id, lower-case hex; nil when the certificate has none.
        public var aki: String?
        /// The subject, RFC 4514.
        public var subject: String {
            get { subjectText.text }
            set { subjectText = RowText(newValue) }
        }
        /// The subject as kept: printed from the certificate's Name when first read (``RowText``).
        var subjectText: RowText
        /// The subject Name's DER, base64: the key of the subject index.
        public var subjectDER: String
        /// The issuer Name's DER, base64.
        public var issuerDER: String
        /// `issuingCountry` of the (first) entry; nil when absent.
        public var issuingCountry: String?
        /// `stateOrProvinceName` of the (first) entry; nil when absent.
        public var stateOrProvinceName: String?
        /// `issuingAuthority` of the (first) entry; nil when absent.
        public var issuingAuthority: String?
        /// The certificate's notBefore, UTC.
        public var notBefore: Date
        /// The certificate's notAfter, UTC.
        public var notAfter: Date
        /// The docTypes this IACA may sign for: the union over its SKI group (see the type's summary), sorted, unique.
        public var docTypes: [String]
        /// The VICAL it comes from.
        public var source: ListID

        /// Creates an issuer; see the properties for the meaning of each argument.
        public init(
            certificate: String, sha256: String, ski: String, aki: String?, subject: String, subjectDER: String,
            issuerDER: String, issuingCountry: String?, stateOrProvinceName: String?, issuingAuthority: String?,
            notBefore: Date, notAfter: Date, docTypes: [String], source: ListID
        ) {
            self.init(
                certificateText: RowText(certificate), sha256: sha256, ski: ski, aki: aki,
                subjectText: RowText(subject),
                subjectDER: subjectDER, issuerDER: issuerDER, issuingCountry: issuingCountry,
                stateOrProvinceName: stateOrProvinceName, issuingAuthority: issuingAuthority, notBefore: notBefore,
                notAfter: notAfter, docTypes: docTypes, source: source)
        }

        /// Creates an issuer whose certificate and subject are kept as ``RowText``.
        init(
            certificateText: RowText, sha256: String, ski: String, aki: String?, subjectText: RowText,
            subjectDER: String,
            issuerDER: String, issuingCountry: String?, stateOrProvinceName: String?, issuingAuthority: String?,
            notBefore: Date, notAfter: Date, docTypes: [String], source: ListID
        ) {
            self.certificateText = certificateText
            self.sha256 = sha256
            self.ski = ski
            self.aki = aki
            self.subjectText = subjectText
            self.subjectDER = subjectDER
            self.issuerDER = issuerDER
            self.issuingCountry = issuingCountry
            self.stateOrProvinceName = stateOrProvinceName
            self.issuingAuthority = issuingAuthority
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.docTypes = docTypes
            self.source = source
        }

        /// Whether subject and issuer Names are the same (a self-issued certificate, RFC 5280 §3.2): only such an IACA
        /// can anchor a document-signer chain.
        public var isSelfIssued: Bool { subjectDER == issuerDER }
    }
}

extension Snapshot.Issuer: SnapshotRow, CertificateColumns {
    static let fields =
        certificateFields + [
            "issuingCountry",
            "stateOrProvinceName", "issuingAuthority", "notBefore", "notAfter", "docTypes", "source",
        ]

    init(row: inout any UnkeyedDecodingContainer) throws {
        let (certificate, subject): (String, String)
        (certificate, sha256, ski, aki, subject, subjectDER, issuerDER) = try Self.decodeCertificateColumns(&row)
        certificateText = RowText(certificate)
        subjectText = RowText(subject)
        issuingCountry = try row.decodeIfPresent(String.self)
        stateOrProvinceName = try row.decodeIfPresent(String.self)
        issuingAuthority = try row.decodeIfPresent(String.self)
        notBefore = try row.decodeSnapshotDate()
        notAfter = try row.decodeSnapshotDate()
        docTypes = try row.decode([String].self)
        source = try row.decodeListID()
    }

    func encode(row: inout any UnkeyedEncodingContainer) throws {
        try encodeCertificateColumns(&row)
        try row.encodeOptional(issuingCountry)
        try row.encodeOptional(stateOrProvinceName)
        try row.encodeOptional(issuingAuthority)
        try row.encode(Timestamp.text(notBefore))
        try row.encode(Timestamp.text(notAfter))
        try row.encode(docTypes)
        try row.encode(source.description)
    }
}
