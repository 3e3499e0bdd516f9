internal import CZlib
import Foundation

/// Inflates a status list's `lst` (DEFLATE in the ZLIB format, RFC 1950 and RFC 1951; draft-ietf-oauth-status-list
/// §4.1 step 4) with zlib, streaming into an output that grows by doubling and never past the cap: a `lst` that would
/// inflate to gigabytes stops at the cap, in time and memory bounded by it.
enum StatusListInflater {
    /// The first output buffer: enough for most lists in one step, small enough for a hostile one not to matter.
    static let initialCapacity = 64 << 10

    /// Inflates one complete ZLIB stream.
    /// - Parameters:
    ///   - compressed: the ZLIB stream (RFC 1950: header, DEFLATE data, Adler-32).
    ///   - cap: the most output bytes accepted.
    ///   - overCap: the message for an output past the cap, given the bytes inflated when inflating stopped.
    /// - Returns: the inflated bytes, at most `cap`.
    /// - Throws: ``TrustListError`` `limits_exceeded` past the cap; `malformed_status_list` for anything that is not
    ///   exactly one complete, correct ZLIB stream (the message says which: zlib's own text where it gives one).
    static func inflate(
        _ compressed: [UInt8], cap: Int, overCap: (Int) -> String
    ) throws(TrustListError) -> [UInt8] {
        guard !compressed.isEmpty else {
            throw TrustListError(.malformedStatusList, "status_list.lst is empty: expected a ZLIB stream (RFC 1950)")
        }
        var stream = z_stream()
        // windowBits 15: the ZLIB wrapper only (not raw DEFLATE, not gzip), as the draft requires.
        guard shim_inflateInit2(&stream, 15) == Z_OK else {
            throw TrustListError(.malformedStatusList, "zlib could not start inflating (inflateInit2 failed)")
        }
        defer { inflateEnd(&stream) }
        // One byte more than the cap may be produced: that byte is how "past the cap" is told from "exactly at it".
        // The output is a malloc'd buffer grown with realloc (no zero-filling, no element-wise copies), copied once
        // into the array returned.
        let limit = cap + 1
        var capacity = min(limit, max(initialCapacity, compressed.count * 4))
        guard var output = malloc(capacity) else {
            throw TrustListError(.limitsExceeded, "no memory for \(capacity) bytes while inflating status_list.lst")
        }
        defer { free(output) }
        var produced = 0
        var result: Int32 = Z_OK
        var remaining = 0
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            // A token is at most StatusListLimits.maxTokenBytes, far below 4 GiB: avail_in holds it whole.
            stream.avail_in = uInt(min(input.count, Int(UInt32.max)))
            while true {
                if produced == capacity {
                    guard capacity < limit else { break }
                    let grown = min(capacity * 2, limit)
                    guard let moved = realloc(output, grown) else {
                        result = Z_MEM_ERROR
                        break
                    }
                    output = moved
                    capacity = grown
                }
                stream.next_out = output.assumingMemoryBound(to: UInt8.self) + produced
                stream.avail_out = uInt(capacity - produced)
                result = CZlib.inflate(&stream, Z_NO_FLUSH)
                produced = capacity - Int(stream.avail_out)
                // Z_BUF_ERROR, or Z_OK with output space left and no input: the input ended inside the stream.
                if result != Z_OK || (stream.avail_in == 0 && produced < capacity) { break }
            }
            remaining = Int(stream.avail_in)
        }
        if produced > cap { throw TrustListError(.limitsExceeded, overCap(produced)) }
        switch result {
        case Z_STREAM_END:
            guard remaining == 0 else {
                throw TrustListError(
                    .malformedStatusList,
                    "status_list.lst has \(remaining) byte(s) after the end of its ZLIB stream: expected one stream")
            }
            let source = UnsafeRawPointer(output)
            return [UInt8](unsafeUninitializedCapacity: produced) { bytes, count in
                if let base = bytes.baseAddress { memcpy(base, source, produced) }
                count = produced
            }
        case Z_NEED_DICT:
            throw TrustListError(
                .malformedStatusList, "status_list.lst asks for a preset dictionary (RFC 1950 FDICT), which it cannot")
        case Z_DATA_ERROR:
            let text = stream.msg.map { String(cString: $0) } ?? "invalid data"
            throw TrustListError(
                .malformedStatusList,
                "status_list.lst is not a valid ZLIB stream (RFC 1950/1951; zlib: \(text)) after \(produced) "
                    + "inflated byte(s)")
        case Z_MEM_ERROR:
            throw TrustListError(.limitsExceeded, "zlib could not allocate memory while inflating status_list.lst")
        default:
            throw TrustListError(
                .malformedStatusList,
                "status_list.lst ends before its ZLIB stream does (truncated after \(produced) inflated byte(s))")
        }
    }
}
