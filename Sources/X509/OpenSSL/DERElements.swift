internal import COpenSSL

/// One TLV element of DER, as OpenSSL's `ASN1_get_object(3)` reads it: tag, class, and where its header and
/// content lie in the enclosing buffer (offsets in bytes).
struct DERElement {
    let tag: Int32
    let tagClass: Int32
    let isConstructed: Bool
    /// The whole element, header included.
    let range: Range<Int>
    /// The content octets.
    let contentRange: Range<Int>

    func isUniversal(_ universalTag: Int32) -> Bool { tagClass == V_ASN1_UNIVERSAL && tag == universalTag }
    func isContextSpecific(_ number: Int32) -> Bool { tagClass == V_ASN1_CONTEXT_SPECIFIC && tag == number }
}

/// Steps through consecutive DER elements of a byte range with OpenSSL's `ASN1_get_object(3)`.
///
/// This reads headers only; every value is decoded by OpenSSL's typed `d2i_*` functions. It exists so that a
/// certificate's fields can be decoded one by one (RFC 5280 §4.1 order) without `d2i_X509`, whose public-key
/// decoding costs ~150 µs per certificate on OpenSSL 3.0 (docs/architecture.md, The snapshot).
struct DERElements {
    private let bytes: UnsafeBufferPointer<UInt8>
    private(set) var offset: Int
    private let end: Int

    /// Elements of `bytes[range]`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        self.offset = range.lowerBound
        self.end = range.upperBound
    }

    var isAtEnd: Bool { offset >= end }

    /// The next element, without consuming it; nil at the end.
    func peek() throws(X509Error) -> DERElement? {
        guard offset < end, let base = bytes.baseAddress else { return nil }
        var pointer: UnsafePointer<UInt8>? = base + offset
        var length = 0
        var tag: Int32 = 0
        var tagClass: Int32 = 0
        let flags = ASN1_get_object(&pointer, &length, &tag, &tagClass, end - offset)
        guard flags & 0x80 == 0, let pointer else {
            throw OpenSSLErrorQueue.error(.malformedCertificate, "bad DER element header at byte \(offset)")
        }
        guard flags & 0x01 == 0 else {
            throw X509Error(.malformedCertificate, "indefinite length at byte \(offset) is not DER")
        }
        let contentStart = pointer - base
        guard length >= 0, contentStart + length <= end else {
            throw X509Error(.malformedCertificate, "element at byte \(offset) runs past its container")
        }
        return DERElement(
            tag: tag, tagClass: tagClass, isConstructed: flags & 0x20 != 0,
            range: offset..<(contentStart + length), contentRange: contentStart..<(contentStart + length))
    }

    /// The next element, consumed; throws at the end.
    mutating func next(_ what: @autoclosure () -> String) throws(X509Error) -> DERElement {
        guard let element = try peek() else { throw X509Error(.malformedCertificate, "\(what()) is missing") }
        offset = element.range.upperBound
        return element
    }

    /// The next element, consumed, which must be a constructed universal `tag` (`V_ASN1_SEQUENCE` or `V_ASN1_SET`).
    /// - Throws: `malformedCertificate` at the end or when the element is another one ("<what> is not a SET").
    mutating func next(_ what: @autoclosure () -> String, constructed tag: Int32) throws(X509Error) -> DERElement {
        let element = try next(what())
        guard element.isUniversal(tag), element.isConstructed else {
            throw X509Error(.malformedCertificate, "\(what()) is not a \(tag == V_ASN1_SET ? "SET" : "SEQUENCE")")
        }
        return element
    }

    /// The next element if it is `[number]` (context-specific), consumed; nil otherwise.
    mutating func nextIfContextSpecific(_ number: Int32) throws(X509Error) -> DERElement? {
        guard let element = try peek(), element.isContextSpecific(number) else { return nil }
        offset = element.range.upperBound
        return element
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Runs an OpenSSL `d2i_*` function over `range` and requires it to consume exactly that range.
    /// - Parameters:
    ///   - d2i: the decoder, called with a pointer to the start and the length.
    ///   - free: frees what `d2i` returned when it did not consume the whole range.
    func decode<T>(
        _ range: Range<Int>, as what: String,
        with d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> T?, free: (T) -> Void
    ) throws(X509Error) -> T {
        guard let base = baseAddress else { throw X509Error(.malformedCertificate, "\(what) is empty") }
        var pointer: UnsafePointer<UInt8>? = base + range.lowerBound
        guard let value = d2i(&pointer, range.count) else {
            throw OpenSSLErrorQueue.error(.malformedCertificate, "\(what) does not decode")
        }
        guard pointer == base + range.upperBound else {
            free(value)
            throw X509Error(.malformedCertificate, "\(what) has bytes its encoding does not account for")
        }
        return value
    }
}
