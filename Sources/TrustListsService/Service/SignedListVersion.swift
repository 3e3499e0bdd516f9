import Foundation
import TrustLists

/// The current version of one list as its publisher signed it, verified by this process: what a mirror serves at
/// `GET /v1/lists/{network}/{kind}` and what an export writes. Others verify the signature themselves.
public struct SignedListVersion: Sendable {
    /// The signed bytes (COSE_Sign1), exactly as published.
    public let bytes: [UInt8]
    /// SHA-256 of ``bytes``, lowercase hex: the version's content address.
    public let sha256Hex: String
    /// The list's `date` (when the publisher issued it), UTC.
    public let date: Date
    /// The list's `nextUpdate`, if it has one.
    public let nextUpdate: Date?
    /// When this process verified it.
    public let verifiedAt: Date

    /// The published form of a verified list.
    /// - Parameter verified: the list as verified by this process.
    public init(_ verified: VerifiedList) {
        bytes = verified.signedBytes
        sha256Hex = verified.sha256Hex
        date = verified.list.date
        nextUpdate = verified.list.nextUpdate
        verifiedAt = verified.verifiedAt
    }
}
