import Foundation
import X509

/// The facts every kind of list has, whatever its format: what the store, the states, the snapshot and the reports
/// read (docs/architecture.md, Signed sources). ``Vical``, ``Rical`` and ``LoTE`` conform.
public protocol ListDocument: Sendable {
    /// The provider for display: `vicalProvider`, `provider`, or a LoTE's `SchemeOperatorName` (English, else the
    /// first).
    var provider: String { get }
    /// Every name the provider goes by (a LoTE's `SchemeOperatorName` in each of its languages).
    var providerNames: [String] { get }
    /// The signed issue time: `date`, or a LoTE's `ListIssueDateTime` (UTC).
    var date: Date { get }
    /// The issue id: `vicalIssueID`, `id`, or a LoTE's `LoTESequenceNumber`; nil when the list has none.
    var issueID: UInt64? { get }
    /// `nextUpdate` (a LoTE's `NextUpdate`); nil when absent.
    var nextUpdate: Date? { get }
    /// `notAfter`; nil when absent (a LoTE has none).
    var notAfter: Date? { get }
    /// The listed certificates of the usable entries, in list order (a LoTE's: every service's).
    var certificates: [Certificate] { get }
    /// The number of usable entries (a LoTE's: its trusted entities).
    var entryCount: Int { get }
    /// The name of ``date`` in the kind's format, for messages: `date`, `ListIssueDateTime`.
    var dateName: String { get }
    /// The name of ``nextUpdate`` in the kind's format, for messages: `nextUpdate`, `NextUpdate`.
    var nextUpdateName: String { get }
}

extension ListDocument {
    public var providerNames: [String] { [provider] }
    public var dateName: String { "date" }
    public var nextUpdateName: String { "nextUpdate" }
}

/// A decoded list of any kind: its kind and its document (a ``Vical``, ``Rical`` or ``LoTE``), with the facts every
/// kind has.
public struct TrustList: Sendable {
    /// Which kind it is.
    public let kind: ListKind
    /// The decoded document.
    public let document: any ListDocument

    /// A list of `kind`.
    public init(_ document: any ListDocument, kind: ListKind) {
        self.document = document
        self.kind = kind
    }

    /// The VICAL, when it is one.
    public var vical: Vical? { document as? Vical }
    /// The RICAL, when it is one.
    public var rical: Rical? { document as? Rical }
    /// The LoTE, when it is one.
    public var lote: LoTE? { document as? LoTE }

    /// ``ListDocument/provider``.
    public var provider: String { document.provider }
    /// ``ListDocument/date``.
    public var date: Date { document.date }
    /// ``ListDocument/issueID``.
    public var issueID: UInt64? { document.issueID }
    /// ``ListDocument/nextUpdate``.
    public var nextUpdate: Date? { document.nextUpdate }
    /// ``ListDocument/notAfter``.
    public var notAfter: Date? { document.notAfter }
    /// ``ListDocument/certificates``.
    public var certificates: [Certificate] { document.certificates }
    /// ``ListDocument/entryCount``.
    public var entryCount: Int { document.entryCount }
}
