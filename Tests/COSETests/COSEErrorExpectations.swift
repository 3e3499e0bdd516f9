import COSE
import Testing

/// Bytes from hex, ignoring spaces: `hex("a1 00 ff")`.
func hex(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }.map { $0 }
    var bytes: [UInt8] = []
    var index = 0
    while index + 1 < digits.count {
        bytes.append(UInt8(String(digits[index...index + 1]), radix: 16) ?? 0)
        index += 2
    }
    return bytes
}

/// Lower-case hex of bytes.
func hexString<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}

/// The COSEError thrown by `body`, or nil when it returned.
func coseError<T>(_ body: () throws -> T) -> COSEError? {
    do {
        _ = try body()
        return nil
    } catch let error as COSEError {
        return error
    } catch {
        Issue.record("expected a COSEError, got \(error)")
        return nil
    }
}
