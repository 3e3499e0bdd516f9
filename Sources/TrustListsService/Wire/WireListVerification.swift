import Foundation
import TrustLists

/// `trustctl verify --kind vical|rical --json`: `valid`, `reason` (code or null), `message`, `kind`, the list's facts
/// (`provider`, `issueID`, `date`, `nextUpdate`, `notAfter`, `entries`), its `warnings`, `sha256`, `algorithm`,
/// `x5chain` (certificates sent), `verifiedAt`, the `signer` and the `anchor`. On rejection every member but `valid`,
/// `reason`, `message` and `kind` is null, `warnings` empty (docs/cli.md). A LoTE's verification has these members
/// too (``WireLoTEVerification``).
public struct WireListVerification: Encodable, Sendable {
    public let valid: Bool
    public let reason: String?
    public let message: String
    public let kind: String
    public let provider: String?
    public let issueID: UInt64?
    public let date: Date?
    public let nextUpdate: Date?
    public let notAfter: Date?
    public let entries: Int?
    public let warnings: [String]
    public let sha256: String?
    public let algorithm: String?
    public let x5chain: Int?
    public let verifiedAt: Date?
    public let signer: WireSigner?
    public let anchor: WireCertificate?

    /// A list that verified.
    public init(_ verified: VerifiedList) {
        let list = verified.list
        self.init(
            valid: true, reason: nil, message: "verified", kind: list.kind.rawValue, provider: list.provider,
            issueID: list.issueID, date: list.date, nextUpdate: list.nextUpdate, notAfter: list.notAfter,
            entries: list.entryCount, warnings: verified.warnings, sha256: verified.sha256Hex,
            algorithm: verified.algorithm, x5chain: verified.x5chainCount, verifiedAt: verified.verifiedAt,
            signer: WireSigner(verified.signer), anchor: WireCertificate(verified.anchor))
    }

    /// A list of `kind` that was rejected with `error`.
    public init(rejected error: TrustListError, kind: ListKind) {
        self.init(
            valid: false, reason: error.code.rawValue, message: error.reason, kind: kind.rawValue, provider: nil,
            issueID: nil, date: nil, nextUpdate: nil, notAfter: nil, entries: nil, warnings: [], sha256: nil,
            algorithm: nil, x5chain: nil, verifiedAt: nil, signer: nil, anchor: nil)
    }

    /// Every member given.
    init(
        valid: Bool, reason: String?, message: String, kind: String, provider: String?, issueID: UInt64?, date: Date?,
        nextUpdate: Date?, notAfter: Date?, entries: Int?, warnings: [String], sha256: String?, algorithm: String?,
        x5chain: Int?, verifiedAt: Date?, signer: WireSigner?, anchor: WireCertificate?
    ) {
        self.valid = valid
        self.reason = reason
        self.message = message
        self.kind = kind
        self.provider = provider
        self.issueID = issueID
        self.date = date
        self.nextUpdate = nextUpdate
        self.notAfter = notAfter
        self.entries = entries
        self.warnings = warnings
        self.sha256 = sha256
        self.algorithm = algorithm
        self.x5chain = x5chain
        self.verifiedAt = verifiedAt
        self.signer = signer
        self.anchor = anchor
    }
}
