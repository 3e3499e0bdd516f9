internal import COpenSSL
import Foundation

/// A message digest of the SHA-2 family (FIPS 180-4), computed by OpenSSL.
public enum Digest: String, Sendable, Hashable, CaseIterable {
    /// SHA-256: 32 bytes.
    case sha256
    /// SHA-384: 48 bytes.
    case sha384
    /// SHA-512: 64 bytes.
    case sha512

    /// The algorithm, fetched from OpenSSL's default provider once per process: `EVP_sha256()` and friends would
    /// look it up again on every digest (OpenSSL 3 implicit fetch), which costs about as much as hashing a
    /// certificate.
    var evp: OpaquePointer? {
        switch self {
        case .sha256: FetchedDigests.shared.sha256
        case .sha384: FetchedDigests.shared.sha384
        case .sha512: FetchedDigests.shared.sha512
        }
    }

    /// The digest of `bytes`.
    /// - Parameter bytes: the message, any length.
    /// - Returns: the digest (32, 48 or 64 bytes).
    public func hash(_ bytes: some ContiguousBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { input in
            EVP_Digest(input.baseAddress, input.count, &output, &length, evp, nil)
        }
        // EVP_Digest fails only when OpenSSL cannot allocate; an empty digest then never matches a pin.
        return ok == 1 ? Array(output.prefix(Int(length))) : []
    }

    /// The digest of `first` followed by `second`, without joining them: for a message made of a short head and a
    /// long body that lies in a larger buffer (a COSE `Sig_structure`, whose payload is megabytes in a list).
    /// - Parameters:
    ///   - first: the message's first part, any length.
    ///   - second: the rest of the message, any length.
    /// - Returns: the digest (32, 48 or 64 bytes); empty when OpenSSL cannot allocate.
    public func hash(_ first: some ContiguousBytes, then second: some ContiguousBytes) -> [UInt8] {
        guard let context = EVP_MD_CTX_new() else { return [] }
        defer { EVP_MD_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestInit_ex(context, evp, nil) == 1,
            first.withUnsafeBytes({ EVP_DigestUpdate(context, $0.baseAddress, $0.count) }) == 1,
            second.withUnsafeBytes({ EVP_DigestUpdate(context, $0.baseAddress, $0.count) }) == 1,
            EVP_DigestFinal_ex(context, &output, &length) == 1
        else { return [] }
        return Array(output.prefix(Int(length)))
    }

    /// The digests of the first `count` bytes of `bytes` and of all of them, in one pass: the state after the prefix
    /// is copied (`EVP_MD_CTX_copy_ex`) and finished, and the original goes on through the rest. For a signed
    /// document whose signed part is a prefix of it (the signing input of a compact JWS), where two separate digests
    /// would read the signed part twice.
    /// - Parameters:
    ///   - bytes: the message, any length.
    ///   - count: the length of the prefix, from 0 to `bytes.count` (clamped to that range).
    /// - Returns: the prefix's digest and the whole message's; empty when OpenSSL cannot allocate.
    public func hash(_ bytes: some ContiguousBytes, prefix count: Int) -> (prefix: [UInt8], whole: [UInt8]) {
        bytes.withUnsafeBytes { input in
            let split = min(max(count, 0), input.count)
            guard let whole = EVP_MD_CTX_new(), let part = EVP_MD_CTX_new() else { return ([], []) }
            defer {
                EVP_MD_CTX_free(whole)
                EVP_MD_CTX_free(part)
            }
            var prefixDigest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var wholeDigest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var prefixLength: UInt32 = 0
            var wholeLength: UInt32 = 0
            let base = input.baseAddress
            guard EVP_DigestInit_ex(whole, evp, nil) == 1, EVP_DigestUpdate(whole, base, split) == 1,
                EVP_MD_CTX_copy_ex(part, whole) == 1, EVP_DigestFinal_ex(part, &prefixDigest, &prefixLength) == 1,
                EVP_DigestUpdate(whole, base.map { $0 + split }, input.count - split) == 1,
                EVP_DigestFinal_ex(whole, &wholeDigest, &wholeLength) == 1
            else { return ([], []) }
            return (Array(prefixDigest.prefix(Int(prefixLength))), Array(wholeDigest.prefix(Int(wholeLength))))
        }
    }
}

/// The SHA-2 `EVP_MD`s, fetched once (`EVP_MD_fetch(3)`) and kept for the life of the process.
///
/// `@unchecked Sendable`: the pointers are set once at init and OpenSSL's fetched `EVP_MD` objects are immutable and
/// safe to share between threads.
private final class FetchedDigests: @unchecked Sendable {
    static let shared = FetchedDigests()
    let sha256: OpaquePointer?
    let sha384: OpaquePointer?
    let sha512: OpaquePointer?

    private init() {
        // A failed fetch (no default provider) falls back to the legacy getters, which fetch on each use.
        sha256 = EVP_MD_fetch(nil, "SHA256", nil) ?? EVP_sha256()
        sha384 = EVP_MD_fetch(nil, "SHA384", nil) ?? EVP_sha384()
        sha512 = EVP_MD_fetch(nil, "SHA512", nil) ?? EVP_sha512()
    }
}

/// Lower-case hexadecimal text of bytes (`"3b5456…"`), as pins are written in configuration and JSON. Contiguous
/// bytes (an array, a slice, `Data`) are written straight into the string's storage; building a generation writes
/// one for every listed certificate.
public func hexString(_ bytes: some Sequence<UInt8>) -> String {
    if let text = bytes.withContiguousStorageIfAvailable({ hexString(buffer: $0) }) { return text }
    return Array(bytes).withUnsafeBufferPointer { hexString(buffer: $0) }
}

/// The hexadecimal text of `buffer`, written into a new string's storage.
private func hexString(buffer: UnsafeBufferPointer<UInt8>) -> String {
    String(unsafeUninitializedCapacity: buffer.count * 2) { text in
        let digits: StaticString = "0123456789abcdef"
        let table = digits.utf8Start
        var offset = 0
        for byte in buffer {
            text[offset] = table[Int(byte >> 4)]
            text[offset + 1] = table[Int(byte & 0x0f)]
            offset += 2
        }
        return offset
    }
}

/// Bytes from hexadecimal text (either case, no separators), or nil when the text is not an even number of hex
/// digits.
public func bytes(fromHex text: String) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count.isMultiple(of: 2) else { return nil }
    var result: [UInt8] = []
    result.reserveCapacity(utf8.count / 2)
    func value(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var index = 0
    while index < utf8.count {
        guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
        result.append(high << 4 | low)
        index += 2
    }
    return result
}
