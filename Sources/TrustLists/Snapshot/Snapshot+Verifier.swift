import Foundation

extension Snapshot {
    /// One entry of a RICAL (ISO/IEC 18013-5 second-edition draft, Annex F): a reader CA, an intermediate or a reader
    /// certificate trusted directly, with the fields queries need, extracted once when the list was verified.
    ///
    /// In `snapshot.json` a verifier is one row of the `verifiers` table (see ``Snapshot``), its values in the order
    /// of the stored properties below.
    public struct Verifier: Sendable, Hashable {
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
        /// The entry's `name`; nil when absent.
        public var name: String?
        /// `isTrustAnchor` (absent in the list means true): whether a chain may end here. An entry with false only
        /// serves as an intermediate.
        public var isTrustAnchor: Bool
        /// The certificate's notBefore, UTC.
        public var notBefore: Date
        /// The certificate's notAfter, UTC.
        public var notAfter: Date
        /// The RICAL it comes from.
        public var source: ListID

        /// Creates a verifier; see the properties for the meaning of each argument.
        public init(
            certificate: String, sha256: String, ski: String, aki: String?, subject: String, subjectDER: String,
            issuerDER: String, name: String?, isTrustAnchor: Bool, notBefore: Date, notAfter: Date, source: ListID
        ) {
            self.init(
                certificateText: RowText(certificate), sha256: sha256, ski: ski, aki: aki,
                subjectText: RowText(subject),
                subjectDER: subjectDER, issuerDER: issuerDER, name: name, isTrustAnchor: isTrustAnchor,
                notBefore: notBefore, notAfter: notAfter, source: source)
        }

        /// Creates a verifier whose certificate and subject are kept as ``RowText``.
        init(
            certificateText: RowText, sha256: String, ski: String, aki: String?, subjectText: RowText,
            subjectDER: String,
            issuerDER: String, name: String?, isTrustAnchor: Bool, notBefore: Date, notAfter: Date, source: ListID
        ) {
            self.certificateText = certificateText
            self.sha256 = sha256
            self.ski = ski
            self.aki = aki
            self.subjectText = subjectText
            self.subjectDER = subjectDER
            self.issuerDER = issuerDER
            self.name = name
            self.isTrustAnchor = isTrustAnchor
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.source = source
        }
    }
}

extension Snapshot.Verifier: SnapshotRow, CertificateColumns {
    static let fields =
        certificateFields + [
            "name", "isTrustAnchor",
            "notBefore", "notAfter", "source",
        ]

    init(row: inout any UnkeyedDecodingContainer) throws {
        let (certificate, subject): (String, String)
        (certificate, sha256, ski, aki, subject, subjectDER, issuerDER) = try Self.decodeCertificateColumns(&row)
        certificateText = RowText(certificate)
        subjectText = RowText(subject)
        name = try row.decodeIfPresent(String.self)
        isTrustAnchor = try row.decode(Bool.self)
        notBefore = try row.decodeSnapshotDate()
        notAfter = try row.decodeSnapshotDate()
        source = try row.decodeListID()
    }

    func encode(row: inout any UnkeyedEncodingContainer) throws {
        try encodeCertificateColumns(&row)
        try row.encodeOptional(name)
        try row.encode(isTrustAnchor)
        try row.encode(Timestamp.text(notBefore))
        try row.encode(Timestamp.text(notAfter))
        try row.encode(source.description)
    }
}
