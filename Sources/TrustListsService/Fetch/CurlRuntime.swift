internal import CCurl
import TrustLists

/// libcurl's process-wide initialisation, done once before the first transfer.
enum CurlRuntime {
    /// The result of `curl_global_init`. Swift initialises a static `let` lazily, exactly once and thread-safely
    /// (`swift_once`), so concurrent first fetches cannot run `curl_global_init` twice or race with each other.
    private static let globalInitResult: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    /// Initialises libcurl on first use.
    /// - Throws: ``TrustListError`` `.networkError` when `curl_global_init` failed (no transfer is possible).
    static func ensureInitialized() throws(TrustListError) {
        let result = globalInitResult
        guard result == CURLE_OK else {
            throw TrustListError(
                .networkError, "libcurl could not be initialised: \(String(cString: curl_easy_strerror(result)))")
        }
    }
}
