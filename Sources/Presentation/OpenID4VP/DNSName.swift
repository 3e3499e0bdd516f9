/// DNS names as certificates and client identifiers carry them: a dNSName SAN is an IA5String (RFC 5280 §4.2.1.6),
/// compared case-insensitively in ASCII only (RFC 4343 §3). Not Swift's `==` or `lowercased()`, which would match
/// `K` (U+212A KELVIN SIGN) with `k`: a name with a byte outside ASCII matches nothing.
public enum DNSName {
    /// Whether `first` and `second` are the same DNS name.
    public static func same(_ first: String, _ second: String) -> Bool {
        guard let first = lowercased(first), let second = lowercased(second) else { return false }
        return first.utf8.elementsEqual(second.utf8)
    }

    /// `name` with ASCII letters lower-cased; nil when it holds a byte outside ASCII.
    public static func lowercased(_ name: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
