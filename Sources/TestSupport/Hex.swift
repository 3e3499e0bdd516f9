import X509

/// Bytes from hex, ignoring white space (`hex("a1 00 ff")`); traps on a malformed literal (test data only).
public func hex(_ text: String) -> [UInt8] {
    guard let bytes = bytes(fromHex: text.filter { !$0.isWhitespace }) else {
        fatalError("malformed hex literal in a test")
    }
    return bytes
}
