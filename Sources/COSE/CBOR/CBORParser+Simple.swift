import Foundation

/// Major type 7: simple values and floats (RFC 8949 §3.3).
extension CBORParser {
    // MARK: Major type 7

    mutating func majorSeven(_ info: UInt8, initial: UInt8, at start: Int) throws -> CBORNode.Content {
        switch info {
        case 0..<20:
            return .simple(info)
        case 20:
            return .boolean(false)
        case 21:
            return .boolean(true)
        case 22:
            return .null
        case 23:
            return .undefined
        case 24:
            let value = UInt8(try bigEndian(1, initial: initial, at: start))
            guard value >= 32 else {
                throw malformed(
                    "expected a simple value of at least 32 after 0xf8 at offset \(start), found \(value), which "
                        + "must be encoded in one byte (RFC 8949 §3.3)")
            }
            return .simple(value)
        case 25:
            return .float(HalfFloat.double(fromBits: UInt16(try bigEndian(2, initial: initial, at: start))))
        case 26:
            return .float(Double(Float(bitPattern: UInt32(try bigEndian(4, initial: initial, at: start)))))
        case 27:
            return .float(Double(bitPattern: try bigEndian(8, initial: initial, at: start)))
        case 31:
            throw malformed(
                "expected a data item at offset \(start), found a break (0xff) outside an indefinite-length "
                    + "array, map or string")
        default:
            throw malformed(
                "expected additional information 0-27 or 31 at offset \(start), found reserved value \(info) "
                    + "(initial byte 0x\(CBOR.hex([initial])))")
        }
    }
}
