/// The key usage bits of RFC 5280 §4.2.1.3, as OpenSSL reads them from the extension's BIT STRING.
public struct KeyUsage: OptionSet, Sendable, Hashable {
    /// The bits; bit n of RFC 5280's `KeyUsage` is `1 << n`.
    public let rawValue: UInt16
    /// Wraps the bits.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// `digitalSignature` (0).
    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    /// `nonRepudiation`, renamed `contentCommitment` (1).
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    /// `keyEncipherment` (2).
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    /// `dataEncipherment` (3).
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    /// `keyAgreement` (4).
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    /// `keyCertSign` (5).
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    /// `cRLSign` (6).
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)
    /// `encipherOnly` (7).
    public static let encipherOnly = KeyUsage(rawValue: 1 << 7)
    /// `decipherOnly` (8).
    public static let decipherOnly = KeyUsage(rawValue: 1 << 8)

    /// RFC 5280's names of the bits that are set, in bit order.
    public var names: [String] {
        let all = [
            "digitalSignature", "nonRepudiation", "keyEncipherment", "dataEncipherment", "keyAgreement",
            "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly",
        ]
        return all.indices.filter { rawValue & (1 << $0) != 0 }.map { all[$0] }
    }
}

/// The basic constraints extension of RFC 5280 §4.2.1.9.
public struct BasicConstraints: Sendable, Hashable {
    /// Whether the subject is a CA.
    public var isCA: Bool
    /// The maximum number of non-self-issued intermediates that may follow; nil when unlimited.
    public var pathLength: Int?

    /// Creates basic constraints.
    public init(isCA: Bool, pathLength: Int? = nil) {
        self.isCA = isCA
        self.pathLength = pathLength
    }
}
