import X509

/// The reason codes of trust decisions (docs/architecture.md, List states): why a chain is not
/// trusted. Decision policies run in order and each code implies that every earlier check passed: a list of the kind
/// asked about is usable (`trust_list_unavailable`, `trust_list_expired`), the chain relates to a listed entry
/// (`not_on_trust_list`), it validates to one (`chain_invalid`, declared with the list codes), the leaf carries the
/// EKU (`reader_eku`, `document_signer_eku`), and the IACA may issue the docType (`doctype_not_authorized`).
extension ReasonCode {
    /// No entry of any usable list is related to the chain: none is a chain certificate, its issuer (by Name) or its
    /// authority key (by SKI).
    public static let notOnTrustList = Self(rawValue: "not_on_trust_list")
    /// The reader chain validates, but its leaf lacks EKU 1.0.18013.5.1.6 (ISO/IEC 18013-5 Table B.8).
    public static let readerEKU = Self(rawValue: "reader_eku")
    /// The reader chain validates and its leaf carries the reader EKU (or need not), but its keyUsage does not allow
    /// digitalSignature, so it may not sign a request (RFC 5280 §4.2.1.3; ISO/IEC 18013-5 Table B.8: the reader
    /// certificate's keyUsage is digitalSignature): a CA certificate, or a key-encipherment certificate.
    public static let readerKeyUsage = Self(rawValue: "reader_key_usage")
    /// The document-signer chain validates, but its leaf lacks EKU 1.0.18013.5.1.2 (ISO/IEC 18013-5 Table B.3).
    public static let documentSignerEKU = Self(rawValue: "document_signer_eku")
    /// An mdoc's document signer chain validates, but the document signer does not meet its profile (ISO/IEC 18013-5
    /// Annex B.1.4): keyUsage without digitalSignature, or none of the EKUs its network's
    /// `credentials.documentSignerEKUs` allows (default 1.0.18013.5.1.2).
    public static let documentSignerProfile = Self(rawValue: "document_signer_profile")
    /// A credential issuer's chain (SD-JWT VC `x5c`) validates, but the leaf's keyUsage does not allow
    /// digitalSignature (RFC 5280 §4.2.1.3).
    public static let issuerKeyUsage = Self(rawValue: "issuer_key_usage")
    /// A warning of a trusted credential issuer: the leaf's EKUs exclude signing credentials (they allow neither any
    /// purpose nor a document signer EKU of the network; e.g. only the reader authentication EKU).
    public static let issuerEKU = Self(rawValue: "issuer_eku")
    /// A wallet provider's chain validates to a listed wallet provider certificate, but the leaf's keyUsage does not
    /// allow digitalSignature (RFC 5280 §4.2.1.3).
    public static let walletProviderKeyUsage = Self(rawValue: "wallet_provider_key_usage")
    /// The chain validates to an IACA whose docTypes do not include the one asked about.
    public static let docTypeNotAuthorized = Self(rawValue: "doctype_not_authorized")
    /// The lists that would decide are expired at the time asked (past notAfter, past nextUpdate or maxAge plus grace,
    /// or their signer expired): never answered as trusted.
    public static let trustListExpired = Self(rawValue: "trust_list_expired")
    /// No list of the kind asked about is configured or has ever been verified (`no_trust`): never answered as
    /// trusted.
    public static let trustListUnavailable = Self(rawValue: "trust_list_unavailable")
    /// A list past its `nextUpdate`, within the grace period: still trusted, flagged (logs and metrics).
    public static let trustListOverdue = Self(rawValue: "trust_list_overdue")
}
