import X509

/// How a cRLNumber (RFC 5280 §5.2.3, a big-endian unsigned magnitude without leading zeros) is written for people
/// and in JSON: decimal up to 2^64 - 1, else `0x` and lower-case hex.
public enum CRLNumberText {
    /// The number's text: `"5"`, `"0x8000000000000000000000000000000000000007"`.
    public static func text(_ magnitude: [UInt8]) -> String {
        guard magnitude.count <= 8 else { return "0x" + hexString(magnitude) }
        return String(magnitude.reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }
}
