import Foundation
import TrustLists
import X509

/// A status list this process keeps verified, as its issuer published it (docs/architecture.md, Status lists): what
/// the mirror serves at `GET /v1/status-lists/{uriSHA256}` and what an export writes under `status-lists/`. The token's
/// bytes are the issuer's, unchanged, so a replica verifies them itself (signer, `sub`, `exp`).
public struct PublishedStatusList: Sendable {
    /// The URI the list was fetched from (its `sub`).
    public let uri: String
    /// SHA-256 of the URI's UTF-8 bytes, lowercase hex: the list's name in the mirror and the export.
    public let uriSHA256: String
    /// `jwt` or `cwt`.
    public let format: StatusListTokenFormat
    /// The token's bytes, SHA-256, `iat` (as ``SignedListVersion/date``) and `exp` (as
    /// ``SignedListVersion/nextUpdate``).
    public let version: SignedListVersion

    /// The published form of a kept list.
    /// - Parameters:
    ///   - uri: the URI it is kept under.
    ///   - list: the verified list.
    public init(uri: String, _ list: VerifiedStatusList) {
        self.uri = uri
        uriSHA256 = Self.name(of: uri)
        format = list.token.format
        version = SignedListVersion(list)
    }

    /// The media type it is served with: `application/statuslist+jwt` or `application/statuslist+cwt`
    /// (draft-ietf-oauth-status-list §14).
    public var mediaType: String { format.mediaType }

    /// The name of a URI in the mirror and the export: SHA-256 of its UTF-8 bytes, lowercase hex.
    public static func name(of uri: String) -> String { hexString(Digest.sha256.hash(Array(uri.utf8))) }
}

extension SignedListVersion {
    /// The published form of a verified status list: the token as fetched; `date` its `iat`, `nextUpdate` its `exp`.
    /// - Parameter verified: the list as verified by this process.
    public init(_ verified: VerifiedStatusList) {
        self.init(
            bytes: verified.signedBytes, sha256Hex: hexString(verified.sha256), date: verified.issuedAt,
            nextUpdate: verified.expires, verifiedAt: verified.verifiedAt)
    }
}

extension ServiceStatusLists {
    /// Every kept verified list as published, by ``PublishedStatusList/uriSHA256`` (read through ``snapshot``);
    /// URIs with no verified list (prefetched or fetched without success) are not in it.
    public var published: [String: PublishedStatusList] {
        var result: [String: PublishedStatusList] = [:]
        for (uri, entry) in snapshot {
            guard let list = entry.list else { continue }
            let item = PublishedStatusList(uri: uri, list)
            result[item.uriSHA256] = item
        }
        return result
    }
}
