import Foundation

/// The parser's errors and their wording.
extension CBORParser {
    // MARK: Errors

    func malformed(_ reason: String) -> COSEError {
        COSEError(.malformedCBOR, reason)
    }

    func tooManyItems(at offset: Int) -> COSEError {
        COSEError(.limitsExceeded, "expected at most \(maxItems) data items, found more at offset \(offset)")
    }

    static func majorName(_ major: UInt8) -> String {
        switch major {
        case 0: return "unsigned integer"
        case 1: return "negative integer"
        case 2: return "byte string"
        case 3: return "text string"
        case 4: return "array"
        case 5: return "map"
        case 6: return "tag"
        default: return "simple value or float"
        }
    }

    /// "0x5f (indefinite-length byte string)"-style description of an initial byte.
    static func headDescription(_ initial: UInt8) -> String {
        if initial == 0xff { return "a break (0xff)" }
        let indefinite = initial & 0x1f == 31 ? "indefinite-length " : ""
        return "0x\(CBOR.hex([initial])) (\(indefinite)\(majorName(initial >> 5)))"
    }
}
