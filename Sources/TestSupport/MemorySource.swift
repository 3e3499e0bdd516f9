import Foundation
import Publishing
import Synchronization
import TrustLists
import TrustListsService

/// A list source in memory for refresh tests: each URL answers with bytes (with an ETag, honouring
/// `If-None-Match`), an HTTP status, or a fetch error, as the test sets it.
public final class MemorySource: ListFetching, Sendable {
    /// What a URL answers.
    public enum Response: Sendable {
        /// 200 with these bytes; the ETag is derived from them, and a matching `If-None-Match` gets 304.
        case bytes([UInt8])
        /// 200 with these bytes and no ETag (so every fetch returns them).
        case bytesWithoutValidators([UInt8])
        /// A fetch failure, e.g. `http_status` 404 or `timeout`.
        case failure(TrustListError)
    }

    private let state = Mutex<(responses: [String: Response], requests: [FetchRequest])>(([:], []))

    /// An empty source: every URL fails with `network_error` until set.
    public init() {}

    /// Sets what `url` answers.
    public func set(_ url: String, _ response: Response) {
        state.withLock { $0.responses[url] = response }
    }

    /// Every request made so far, in order.
    public var requests: [FetchRequest] { state.withLock { $0.requests } }

    /// Answers from the table.
    public func fetch(_ request: FetchRequest, cancellation: CancellationToken?) throws(TrustListError) -> FetchResult {
        let response = state.withLock { state in
            state.requests.append(request)
            return state.responses[request.url]
        }
        switch response {
        case .bytes(let bytes):
            let etag =
                "\"\(bytes.count)-\(bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 })\""
            if request.etag == etag { return .notModified }
            return .fetched(body: bytes, etag: etag, lastModified: nil, effectiveURL: request.url)
        case .bytesWithoutValidators(let bytes):
            return .fetched(body: bytes, etag: nil, lastModified: nil, effectiveURL: request.url)
        case .failure(let error):
            throw error
        case nil:
            throw TrustListError(.networkError, "nothing at \(request.url)")
        }
    }
}
