/// Bytes as a dictionary key, hashed in one pass over them and compared in full.
///
/// An `[UInt8]` key hashes element by element, a call per byte: for SHA-256s and key identifiers looked up per
/// certificate (a generation's SKI groups, the validation memo's chains) that is most of the lookup.
struct ByteKey: Hashable, Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
