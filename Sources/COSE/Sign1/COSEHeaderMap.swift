/// One header bucket of a COSE message (RFC 9052 §3): a map from labels (int or text) to values, read from the
/// decoded nodes so that values such as certificates are not copied until asked for.
public struct COSEHeaderMap: Sendable {
    /// Header labels of RFC 9052 §3.1 and RFC 9360 §2 that this implementation reads.
    public enum Label {
        /// `alg` (1): the signature algorithm.
        public static let algorithm: Int64 = 1
        /// `crit` (2): labels the recipient must understand.
        public static let critical: Int64 = 2
        /// `content type` (3).
        public static let contentType: Int64 = 3
        /// `kid` (4): key identifier.
        public static let keyID: Int64 = 4
        /// `x5chain` (33): the signer's certificate chain, leaf first (RFC 9360 §2).
        public static let x5chain: Int64 = 33
    }

    /// The map's entries in the order received.
    public let entries: [CBORNode.MapEntry]
    /// Path used in error messages (`protected`, `unprotected`).
    let path: String

    init(entries: [CBORNode.MapEntry], path: String) throws(COSEError) {
        for entry in entries {
            switch entry.key.content {
            case .unsigned, .negative, .textString: continue
            default:
                throw COSEError(.notCOSESign1, "\(path): header label of the wrong type (RFC 9052 §3: int or tstr)")
            }
        }
        self.entries = entries
        self.path = path
    }

    /// An empty bucket.
    public static let empty = COSEHeaderMap(uncheckedEntries: [], path: "")

    private init(uncheckedEntries: [CBORNode.MapEntry], path: String) {
        self.entries = uncheckedEntries
        self.path = path
    }

    /// The value under an integer label; nil when absent.
    public subscript(label: Int64) -> CBORNode? {
        entries.first { $0.key.value == .int(label) }?.value
    }

    /// The labels present, as data items.
    public var labels: [CBOR] { entries.map(\.key.value) }

    /// A reader over the value of `label`, for typed access with a path.
    func reader(_ label: Int64) -> CBORReader? {
        self[label].map { CBORReader($0, path: "\(path)[\(label)]") }
    }
}
