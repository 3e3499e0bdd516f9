import TrustLists

/// The anchor a decision found, and the list that names it: `anchorSHA256`, `anchorSubject`, `list`, `provider`,
/// `issueID`, `listState` and `name` (the entity's or service's name, when the list gives one).
public struct WireAnchor: Encodable, Sendable {
    public let anchorSHA256: String
    public let anchorSubject: String
    public let list: String
    public let provider: String
    public let issueID: UInt64?
    public let listState: String
    public let name: String?

    /// The wire form of `anchor`.
    public init(_ anchor: TrustDecision.Anchor) {
        anchorSHA256 = anchor.sha256
        anchorSubject = anchor.subject
        list = anchor.list.description
        provider = anchor.provider
        issueID = anchor.issueID
        listState = anchor.listState.rawValue
        name = anchor.name
    }
}
