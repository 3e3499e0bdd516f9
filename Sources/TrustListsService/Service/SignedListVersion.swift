import Foundation
import TrustLists
import X509

/// The current version of one list, of one CA's CRL or of a status list, as its publisher signed it, verified by this
/// process: what a mirror serves at `GET /v1/lists/{network}/{kind}`, `GET /v1/crls/{network}/{issuerSHA256}` and
/// `GET /v1/status-lists/{uriSHA256}`, and what an export writes. Others verify the signature themselves.
public struct SignedListVersion: Sendable {
    /// The signed bytes (COSE_Sign1; a JWS for a LoTE or a JWT status list), exactly as published.
    public let bytes: [UInt8]
    /// SHA-256 of ``bytes``, lowercase hex: the version's content address.
    public let sha256Hex: String
    /// The list's `date` (a CRL's thisUpdate): when the publisher issued it, UTC.
    public let date: Date
    /// The list's `nextUpdate`, if it has one.
    public let nextUpdate: Date?
    /// When this process verified it.
    public let verifiedAt: Date

    /// A version from its parts (``init(_:)-(VerifiedStatusList)`` for a status list).
    init(bytes: [UInt8], sha256Hex: String, date: Date, nextUpdate: Date?, verifiedAt: Date) {
        self.bytes = bytes
        self.sha256Hex = sha256Hex
        self.date = date
        self.nextUpdate = nextUpdate
        self.verifiedAt = verifiedAt
    }

    /// The published form of a verified list.
    /// - Parameter verified: the list as verified by this process.
    public init(_ verified: VerifiedList) {
        bytes = verified.signedBytes
        sha256Hex = verified.sha256Hex
        date = verified.list.date
        nextUpdate = verified.list.nextUpdate
        verifiedAt = verified.verifiedAt
    }

    /// The published form of a verified CRL: its DER (a CRL fetched as PEM is served as the DER it holds).
    /// - Parameter verified: the CRL as verified by this process.
    public init(_ verified: VerifiedCRL) {
        bytes = verified.crl.derEncoded
        sha256Hex = hexString(verified.crl.sha256)
        date = verified.crl.thisUpdate
        nextUpdate = verified.crl.nextUpdate
        verifiedAt = verified.verifiedAt
    }
}
