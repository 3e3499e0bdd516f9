import Foundation

/// How a request's body is framed (RFC 9112 §6): read once from its header fields when the header is read.
extension ServerCore {
    /// How a request says its body is framed: its `Content-Length` and `Transfer-Encoding` lines, read in one pass
    /// over the header fields.
    struct Framing {
        /// `Content-Length` lines.
        var lengthLines = 0
        /// The value of the first `Content-Length` line.
        var contentLength: String?
        /// Whether a `Content-Length` value is a list (holds a comma).
        var lengthIsList = false
        /// The `Transfer-Encoding` values, in order.
        var codings: [String] = []

        init(_ headers: HTTPHeaders) {
            for field in headers.fields {
                if HTTPHeaders.sameName(field.name, "Content-Length") {
                    lengthLines += 1
                    if contentLength == nil { contentLength = field.value }
                    if field.value.utf8.contains(UInt8(ascii: ",")) { lengthIsList = true }
                } else if HTTPHeaders.sameName(field.name, "Transfer-Encoding") {
                    codings.append(field.value)
                }
            }
        }
    }

    /// A `Content-Length` value as a number, as `UInt64` reads the value without its surrounding spaces and tabs;
    /// plain digits (every request that has a body) are read without making a text first.
    static func declaredLength(_ value: String) -> UInt64? {
        var length: UInt64 = 0
        var digits = 0
        for byte in value.utf8 {
            guard byte >= 0x30 && byte <= 0x39, digits < 19 else { return UInt64(value.trimmingASCIIWhitespace) }
            length = length * 10 + UInt64(byte - 0x30)
            digits += 1
        }
        return digits > 0 ? length : UInt64(value.trimmingASCIIWhitespace)
    }

    /// The answer to a request whose length cannot be read one way only (RFC 9112 §6.1, §6.3): `Content-Length`
    /// beside `Transfer-Encoding`, or several `Content-Length` fields or values, is 400; a transfer coding other
    /// than `chunked` is 501. Both close the connection. Nil for a request framed one way.
    func framingRefusal(_ framing: Framing) -> HTTPResponse? {
        var response: HTTPResponse
        if !framing.codings.isEmpty && framing.lengthLines > 0 {
            response = router.errorResponder(
                400, .ambiguousRequestLength, "Bad Request: Content-Length and Transfer-Encoding together")
        } else if framing.lengthLines > 1 || framing.lengthIsList {
            response = router.errorResponder(400, .ambiguousRequestLength, "Bad Request: several Content-Length values")
        } else if !framing.codings.isEmpty
            && (framing.codings.count > 1 || framing.codings[0].trimmingASCIIWhitespace.lowercased() != "chunked")
        {
            response = router.errorResponder(
                501, .unsupportedTransferCoding, "Not Implemented: the only transfer coding accepted is chunked")
        } else {
            return nil
        }
        response.headers["Connection"] = "close"
        return response
    }
}
