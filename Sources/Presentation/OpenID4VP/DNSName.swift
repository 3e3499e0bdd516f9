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

    /// Whether `name` is a host name (RFC 1123 §2.1, RFC 952): dot-separated labels of 1 to 63 ASCII letters, digits
    /// and hyphens, not starting or ending with a hyphen, at most 253 characters in all. A wildcard (`*.example.com`),
    /// an empty label, a trailing dot, an underscore or any byte outside ASCII is not.
    public static func isHostName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...253).contains(bytes.count) else { return false }
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard (1...63).contains(label.count), label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
                label.allSatisfy({ byte in
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                        || byte == UInt8(ascii: "-")
                })
            else { return false }
        }
        return true
    }
}
