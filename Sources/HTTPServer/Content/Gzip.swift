internal import CZlib

/// gzip content coding (RFC 9110 §8.4.1.3, RFC 1952) with zlib.
public enum Gzip {
    /// Compresses bytes into one gzip member (RFC 1952): header, DEFLATE data (RFC 1951), CRC-32 and length.
    /// - Parameters:
    ///   - bytes: the content to compress, any length.
    ///   - level: zlib's compression level, 1 (fastest) … 9 (smallest); default 6.
    /// - Returns: the gzip bytes, which any gzip decoder (`gzip -d`, browsers, libcurl) restores to `bytes`.
    /// - Precondition: zlib can allocate its state (it needs about 256 KiB); failing that is treated like any
    ///   other failed allocation in Swift, a crash.
    public static func compress(_ bytes: [UInt8], level: Int = 6) -> [UInt8] {
        precondition((1...9).contains(level), "gzip level must be 1…9, got \(level)")
        var stream = z_stream()
        // windowBits 15 + 16: a 32 KiB window with the gzip wrapper instead of the zlib one (zlib.h, deflateInit2).
        let initialised = shim_deflateInit2(&stream, Int32(level), Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY)
        precondition(initialised == Z_OK, "zlib deflateInit2 failed with \(initialised)")
        defer { deflateEnd(&stream) }

        var output: [UInt8] = []
        output.reserveCapacity(Int(deflateBound(&stream, uLong(min(bytes.count, Int(UInt32.max))))) + 32)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        bytes.withUnsafeBufferPointer { input in
            var offset = 0
            var result: Int32 = Z_OK
            repeat {
                // avail_in is 32 bits: feed at most 1 GiB at a time, finishing with the last piece.
                let piece = min(input.count - offset, 1 << 30)
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress.map { $0 + offset })
                stream.avail_in = uInt(piece)
                offset += piece
                let flush = offset == input.count ? Z_FINISH : Z_NO_FLUSH
                repeat {
                    chunk.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = uInt(out.count)
                        result = deflate(&stream, flush)
                        precondition(result != Z_STREAM_ERROR, "zlib deflate reported a stream error")
                        output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                    }
                } while stream.avail_out == 0
            } while offset < input.count
            precondition(result == Z_STREAM_END, "zlib deflate did not finish: \(result)")
        }
        return output
    }

    /// Whether an `Accept-Encoding` field value (RFC 9110 §12.5.3) accepts gzip.
    ///
    /// `gzip` or `x-gzip` (RFC 9110 §8.4.1.3 makes them one coding) with a weight above 0 accepts; `gzip;q=0`
    /// refuses, even beside `*`; without either name, `*` with a weight above 0 accepts. Names and the `q`
    /// parameter are case-insensitive (§12.4.2); an element with a malformed weight counts as absent.
    /// - Parameter acceptEncoding: the field value, or nil when the request has no `Accept-Encoding`. RFC 9110
    ///   would allow any coding then; this answers false, since clients that decode gzip say so.
    /// - Returns: true when a gzip response is acceptable.
    public static func isAccepted(byAcceptEncoding acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var gzipWeight: Int?
        var anyWeight: Int?
        for element in acceptEncoding.split(separator: ",") {
            var parts = element.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
            let coding = parts.removeFirst().lowercased()
            guard let weight = weightInThousandths(parameters: parts) else { continue }
            switch coding {
            case "gzip", "x-gzip": gzipWeight = max(gzipWeight ?? 0, weight)
            case "*": anyWeight = max(anyWeight ?? 0, weight)
            default: continue
            }
        }
        return (gzipWeight ?? anyWeight ?? 0) > 0
    }

    /// The weight of an element in thousandths (0…1000), 1000 when it has none, or nil when malformed
    /// (RFC 9110 §12.4.2: `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`).
    static func weightInThousandths(parameters: [Substring]) -> Int? {
        var weight = 1000
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(trimmed)
            guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
            let value = Array(pair[1].utf8)
            guard let first = value.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else {
                return nil
            }
            var digits: ArraySlice<UInt8> = []
            if value.count > 1 {
                guard value[1] == UInt8(ascii: "."), value.count - 2 <= 3 else { return nil }
                digits = value[2...]
                guard digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            }
            var thousandths = 0
            var scale = 100
            for digit in digits {
                thousandths += Int(digit - UInt8(ascii: "0")) * scale
                scale /= 10
            }
            if first == UInt8(ascii: "1") {
                guard thousandths == 0 else { return nil }
                weight = 1000
            } else {
                weight = thousandths
            }
        }
        return weight
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }) else { return text[text.endIndex...] }
        let end = text.lastIndex(where: { !isSpace($0) })!
        return text[start...end]
    }
}

extension HTTPRequest {
    /// Whether the request's `Accept-Encoding` accepts gzip (``Gzip/isAccepted(byAcceptEncoding:)``).
    public var acceptsGzip: Bool { Gzip.isAccepted(byAcceptEncoding: headers["Accept-Encoding"]) }
}

extension HTTPResponse {
    /// This response gzip-coded for `request` when it accepts gzip (RFC 9110 §8.4), else unchanged; either way
    /// with `Vary: Accept-Encoding` (§12.5.5), since the choice depends on that field.
    ///
    /// An empty body, or one that already has a `Content-Encoding`, stays as it is. A strong `ETag` names one
    /// representation (RFC 9110 §8.8.3): give the gzip-coded one its own tag, or serve a weak one.
    /// - Parameters:
    ///   - request: the request being answered.
    ///   - level: zlib's compression level, 1…9.
    /// - Returns: the response to send.
    public func gzipped(for request: HTTPRequest, level: Int = 6) -> HTTPResponse {
        var response = self
        if !response.headers.values(for: "Vary").contains(where: { $0.lowercased().contains("accept-encoding") }) {
            response.headers.add("Vary", "Accept-Encoding")
        }
        guard request.acceptsGzip, !body.isEmpty, !headers.contains("Content-Encoding") else { return response }
        response.body = Gzip.compress(body, level: level)
        response.headers["Content-Encoding"] = "gzip"
        return response
    }
}
