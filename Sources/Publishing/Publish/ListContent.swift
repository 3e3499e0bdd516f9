import Foundation
import TrustLists
import X509

/// What a published VICAL or RICAL says, before it is encoded and signed (ISO/IEC 18013-5 Annex C.1.7;
/// second-edition draft Annex F).
public struct ListContent: Sendable {
    /// One listed certificate.
    public struct Entry: Sendable {
        /// The certificate; its own serial number, SKI, names and validity fill the entry's fields.
        public var certificate: Certificate
        /// VICAL: the docTypes this IACA may issue (at least one). Unused in a RICAL.
        public var docTypes: [String]
        /// VICAL: `issuingAuthority`; nil leaves it out.
        public var issuingAuthority: String?
        /// RICAL: `name`; nil leaves it out.
        public var name: String?
        /// RICAL: `isTrustAnchor`; nil leaves it out (meaning true).
        public var isTrustAnchor: Bool?

        /// Creates an entry.
        public init(
            certificate: Certificate, docTypes: [String] = [], issuingAuthority: String? = nil, name: String? = nil,
            isTrustAnchor: Bool? = nil
        ) {
            self.certificate = certificate
            self.docTypes = docTypes
            self.issuingAuthority = issuingAuthority
            self.name = name
            self.isTrustAnchor = isTrustAnchor
        }
    }

    /// Which kind of list.
    public var kind: ListKind
    /// `vicalProvider` / `provider`.
    public var provider: String
    /// `date`, UTC.
    public var date: Date
    /// `vicalIssueID` / `id`; nil leaves it out.
    public var issueID: UInt64?
    /// `nextUpdate`; nil leaves it out.
    public var nextUpdate: Date?
    /// `notAfter`; nil leaves it out.
    public var notAfter: Date?
    /// `vicalURL` / `latestRicalUrl`; nil leaves it out.
    public var url: String?
    /// The entries, in order.
    public var entries: [Entry]

    /// Creates list content.
    public init(
        kind: ListKind, provider: String, date: Date, issueID: UInt64?, nextUpdate: Date? = nil,
        notAfter: Date? = nil, url: String? = nil, entries: [Entry]
    ) {
        self.kind = kind
        self.provider = provider
        self.date = date
        self.issueID = issueID
        self.nextUpdate = nextUpdate
        self.notAfter = notAfter
        self.url = url
        self.entries = entries
    }
}
