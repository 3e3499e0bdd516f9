/// Strict UTF-8 validation for CBOR text strings (RFC 8949 §3.1 requires valid UTF-8 as defined by RFC 3629).
///
/// Written out rather than using `String(validating:as:)`, which is not specialized for byte buffers and costs a
/// generic-metadata lookup per string; here an ASCII run is checked eight bytes at a time.
enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8: shortest forms only, no UTF-16 surrogates (U+D800 ... U+DFFF), nothing
    /// above U+10FFFF (RFC 3629 §4).
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawBufferPointer(bytes)
        while index < count {
            // ASCII fast path, a word at a time.
            while index &+ 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index &+= 8
            }
            guard index < count else { return true }
            let lead = bytes[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            // The allowed range of the second byte and the number of continuation bytes, by lead byte (RFC 3629 §4).
            let second: ClosedRange<UInt8>
            let length: Int
            switch lead {
            case 0xc2...0xdf:
                second = 0x80...0xbf
                length = 2
            case 0xe0:
                second = 0xa0...0xbf
                length = 3
            case 0xe1...0xec, 0xee...0xef:
                second = 0x80...0xbf
                length = 3
            case 0xed:
                second = 0x80...0x9f
                length = 3
            case 0xf0:
                second = 0x90...0xbf
                length = 4
            case 0xf1...0xf3:
                second = 0x80...0xbf
                length = 4
            case 0xf4:
                second = 0x80...0x8f
                length = 4
            default:
                return false  // a continuation byte, an overlong lead (C0, C1) or F5 ... FF
            }
            guard count &- index >= length, second.contains(bytes[index &+ 1]) else { return false }
            var next = index &+ 2
            while next < index &+ length {
                guard bytes[next] & 0xc0 == 0x80 else { return false }
                next &+= 1
            }
            index = next
        }
        return true
    }
}
