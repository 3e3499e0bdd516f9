internal import CCurl
import TrustLists

/// What one libcurl transfer accumulates, and the C callbacks that feed it.
///
/// libcurl calls the callbacks on the thread that runs `curl_easy_perform`, one at a time, so the mutable state is
/// only ever touched from that thread; the instance is never shared.
final class CurlTransferState {
    /// The body cap in bytes (``HTTPSettings/maxBytes``).
    let maxBytes: Int
    /// The token that asks the transfer to stop, if any.
    let cancellation: CancellationToken?
    /// The body received so far, at most `maxBytes` bytes.
    private(set) var body: [UInt8] = []
    /// Body bytes libcurl delivered, including a chunk refused for passing the cap.
    private(set) var bytesDelivered = 0
    /// Set when the body passed `maxBytes` and the write callback aborted the transfer.
    private(set) var capExceeded = false
    /// Set when a callback saw the cancellation token set and aborted the transfer.
    private(set) var cancelled = false

    init(maxBytes: Int, cancellation: CancellationToken?) {
        self.maxBytes = maxBytes
        self.cancellation = cancellation
    }

    /// Takes one chunk of the body; false when the transfer must stop (cap passed or cancelled).
    fileprivate func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if cancellation?.isCancelled == true {
            cancelled = true
            return false
        }
        bytesDelivered += chunk.count
        guard chunk.count <= maxBytes - body.count else {
            capExceeded = true
            return false
        }
        body.append(contentsOf: chunk)
        return true
    }

    /// Checks the cancellation token; false when the transfer must stop.
    fileprivate func keepGoing() -> Bool {
        if cancellation?.isCancelled == true {
            cancelled = true
            return false
        }
        return true
    }

    /// The `CURLOPT_WRITEFUNCTION` callback; `userdata` is an `Unmanaged<CurlTransferState>` (`CURLOPT_WRITEDATA`).
    /// Returning anything but `size * count` makes libcurl stop with `CURLE_WRITE_ERROR` without reading more.
    static let writeCallback: @convention(c) (UnsafeMutablePointer<CChar>?, Int, Int, UnsafeMutableRawPointer?) -> Int =
        { data, size, count, userdata in
            let (length, overflow) = size.multipliedReportingOverflow(by: count)
            guard let userdata, !overflow else { return Int(CURL_WRITEFUNC_ERROR) }
            let state = Unmanaged<CurlTransferState>.fromOpaque(userdata).takeUnretainedValue()
            let chunk = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
            return state.receive(chunk) ? length : Int(CURL_WRITEFUNC_ERROR)
        }

    /// The `CURLOPT_XFERINFOFUNCTION` callback, which libcurl calls about once a second even while no data
    /// flows; `userdata` is an `Unmanaged<CurlTransferState>` (`CURLOPT_XFERINFODATA`). Non-zero aborts the
    /// transfer with `CURLE_ABORTED_BY_CALLBACK`.
    static let progressCallback:
        @convention(c) (UnsafeMutableRawPointer?, curl_off_t, curl_off_t, curl_off_t, curl_off_t) -> Int32 = {
            userdata, _, _, _, _ in
            guard let userdata else { return 1 }
            let state = Unmanaged<CurlTransferState>.fromOpaque(userdata).takeUnretainedValue()
            return state.keepGoing() ? 0 : 1
        }
}
