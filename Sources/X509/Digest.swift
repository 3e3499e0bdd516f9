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

    var evp: OpaquePointer? {
        switch self {
        case .sha256: EVP_sha256()
        case .sha384: EVP_sha384()
        case .sha512: EVP_sha512()
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
}

/// Lower-case hexadecimal text of bytes (`"3b5456…"`), as pins are written in configuration and JSON.
public func hexString(_ bytes: some Sequence<UInt8>) -> String {
    let digits: [Character] = Array("0123456789abcdef")
    var text = ""
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0x0f)])
    }
    return text
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
