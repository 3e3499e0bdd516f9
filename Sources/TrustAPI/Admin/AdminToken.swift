import Foundation
import HTTPServer
import TrustLists
import X509

/// An error loading the admin token (`server.admin`): the daemon does not start with refresh now half-configured.
public typealias AdminTokenError = CodedError<AdminTokenErrorDomain>

/// The family of ``AdminTokenError``.
public enum AdminTokenErrorDomain {}

extension ReasonCode {
    /// `POST /v1/refresh` without `Authorization: Bearer …` (401).
    public static let adminTokenMissing = Self(rawValue: "admin_token_missing")
    /// `POST /v1/refresh` with a bearer token that is not the configured one (403).
    public static let adminTokenInvalid = Self(rawValue: "admin_token_invalid")
    /// `POST /v1/refresh` on a server whose configuration has no `server.admin` (403): refresh now is off.
    public static let refreshNowDisabled = Self(rawValue: "refresh_now_disabled")
}

/// The admin bearer token, kept only as its SHA-256, and the check of a request's `Authorization` against it
/// (RFC 6750 §2.1): the two digests are compared in constant time, so neither the token's length nor how many of its
/// leading bytes a guess got right shows in the time of an answer.
public struct AdminToken: Sendable {
    /// SHA-256 of the token.
    let digest: [UInt8]

    /// A token known by its SHA-256.
    /// - Parameter sha256: the token's SHA-256, 32 bytes.
    public init(sha256: [UInt8]) { digest = sha256 }

    /// The token the settings name: `tokenSHA256` as given, or the first line of `tokenFile` (surrounding white space
    /// removed) after checking that the file belongs to this process's user and nobody else may read or write it.
    /// - Parameter settings: the `server.admin` object.
    /// - Throws: ``AdminTokenError`` `admin_token_unusable`, the message naming the file and the fix.
    public static func load(_ settings: AdminSettings) throws(AdminTokenError) -> AdminToken {
        switch settings.token {
        case .sha256(let digest):
            return AdminToken(sha256: digest)
        case .file(let url):
            do throws(TrustListError) {
                return AdminToken(sha256: Digest.sha256.hash(try AdminSettings.readTokenFile(url)))
            } catch {
                throw AdminTokenError(error.code, error.reason)
            }
        }
    }

    /// Checks a request's `Authorization: Bearer <token>`.
    /// - Parameter request: the request.
    /// - Returns: nil when the token is this one; else the refusal: 401 `admin_token_missing` (with
    ///   `WWW-Authenticate: Bearer`) without a bearer token, 403 `admin_token_invalid` with another one.
    func refusal(of request: HTTPRequest) -> APIFailure? {
        guard let field = request.headers["Authorization"], field.count > 7,
            field.prefix(7).lowercased() == "bearer "
        else {
            return APIFailure(
                401, .adminTokenMissing,
                "refresh now needs the admin token: send Authorization: Bearer <token> (server.admin.tokenFile)")
        }
        let presented = field.dropFirst(7).trimmingCharacters(in: .whitespaces)
        guard constantTimeEqual(Digest.sha256.hash(Array(presented.utf8)), digest) else {
            return APIFailure(403, .adminTokenInvalid, "the bearer token is not the configured admin token")
        }
        return nil
    }
}
