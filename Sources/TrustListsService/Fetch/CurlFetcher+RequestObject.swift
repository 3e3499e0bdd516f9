import Foundation
import Presentation
import TrustLists

extension CurlFetcher: RequestObjectFetching {
    /// Fetches an OpenID4VP request object (`request_uri`, OpenID4VP 1.0 §5.10) with this fetcher's limits: https
    /// only (http only where ``HTTPSettings/allowInsecureURLs`` is set, for tests and demos; never `file:`), redirects
    /// from https to https only, deadlines, the byte cap while streaming; GET, or POST of the form body; no `User-Agent`
    /// (OpenID4VP 1.0 §15.8: the wallet's software is not revealed to the verifier).
    /// - Returns: the body and the response's `Content-Type` (checked by the caller).
    /// - Throws: ``PresentationError`` `insecure_request_uri` for a URL whose scheme is not allowed,
    ///   `limits_exceeded` for a body over the cap, `request_fetch_failed` for any other failure (its message is the
    ///   fetch's: status, timeout, TLS, network).
    public func fetchRequestObject(
        url: String, method: RequestObjectFetchMethod, accept: String
    ) throws -> (body: [UInt8], contentType: String?) {
        let policy: URLPolicy
        do {
            policy = try URLPolicy.parsedByCurl(url, allowInsecureURLs: settings.allowInsecureURLs)
        } catch {
            throw PresentationError(.insecureRequestURI, error.reason)
        }
        // A request object comes from the verifier's web server (OpenID4VP 1.0 §5.10), never from a local file, which
        // a caller of the HTTP API must not make this server read.
        guard policy.scheme != .file else {
            throw PresentationError(
                .insecureRequestURI,
                "refusing \(url): a request_uri is an https:// URL (http:// with allowInsecureURLs)")
        }
        var formBody: [UInt8]?
        if case .post(let body) = method { formBody = body }
        do {
            let response = try transfer(
                FetchRequest(url: url, accept: accept, formBody: formBody, identifiesSoftware: false), cancellation: nil
            )
            return (response.body, response.contentType)
        } catch  where error.code == .tooLarge {
            throw PresentationError(.limitsExceeded, error.reason)
        } catch {
            throw PresentationError(.requestFetchFailed, "\(error.code): \(error.reason)")
        }
    }
}
