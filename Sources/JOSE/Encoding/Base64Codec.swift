/// The one base64 engine behind ``Base64URL`` (RFC 4648 §5, unpadded) and ``Base64`` (RFC 4648 §4, padded):
/// encoding, and a strict decoder that accepts only the canonical form of each, so that one byte string has
/// exactly one accepted text (RFC 4648 §3.5: non-zero pad bits and characters outside the alphabet are refused).
enum Base64Codec {
    /// One of the two alphabets of RFC 4648, with its padding rule.
    enum Variant {
        /// `A–Z a–z 0–9 + /`, padded with `=` to a multiple of 4 characters (RFC 4648 §4).
        case standard
        /// `A–Z a–z 0–9 - _`, without padding (RFC 4648 §5, as RFC 7515 §2 uses it).
        case url

        /// The 64 characters, by value.
        var alphabet: [UInt8] {
            switch self {
            case .standard: Base64Codec.standardAlphabet
            case .url: Base64Codec.urlAlphabet
            }
        }
    }

    /// Why a text is refused, and at which character offset (from 0, in UTF-8 bytes).
    enum Failure: Error, Equatable {
        /// A byte outside both alphabets (whitespace, `%`, non-ASCII, …).
        case notInAlphabet(offset: Int, byte: UInt8)
        /// A character of the other alphabet: `-`/`_` in standard base64, `+`/`/` in base64url.
        case otherAlphabet(offset: Int, byte: UInt8)
        /// `=` where none may be: anywhere in base64url, or before the last two characters in standard base64.
        case misplacedPadding(offset: Int)
        /// A length no canonical text has: 1 mod 4 for base64url, not a multiple of 4 for standard base64.
        case badLength(Int)
        /// The last character carries bits beyond the encoded bytes that are not zero (not the canonical form).
        case nonZeroTrailingBits(offset: Int)

        /// The failure in words, for a message that names the input.
        func describe(_ variant: Variant) -> String {
            let name = variant == .url ? "base64url" : "base64"
            switch self {
            case .notInAlphabet(let offset, let byte):
                let shown =
                    (0x21...0x7e).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(hex(byte))"
                return "\(shown) at offset \(offset) is not in the \(name) alphabet"
            case .otherAlphabet(let offset, let byte):
                let shown = Character(Unicode.Scalar(byte))
                return variant == .url
                    ? "'\(shown)' at offset \(offset) belongs to standard base64; expected base64url (RFC 4648 §5)"
                    : "'\(shown)' at offset \(offset) belongs to base64url; expected standard base64 (RFC 4648 §4)"
            case .misplacedPadding(let offset):
                return variant == .url
                    ? "padding '=' at offset \(offset); base64url here is unpadded (RFC 7515 §2)"
                    : "padding '=' at offset \(offset) before the end"
            case .badLength(let length):
                return variant == .url
                    ? "length \(length) is 1 mod 4, which no base64url text has"
                    : "length \(length) is not a multiple of 4 (padding is required, RFC 4648 §4)"
            case .nonZeroTrailingBits(let offset):
                return "the character at offset \(offset) has non-zero bits past the data (not the canonical \(name))"
            }
        }

        private func hex(_ byte: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }
    }

    static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Sextet values by byte for each alphabet; 0xff for a byte outside it.
    private static let standardValues = values(of: standardAlphabet)
    private static let urlValues = values(of: urlAlphabet)

    private static func values(of alphabet: [UInt8]) -> [UInt8] {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }

    /// Encodes `bytes`; standard base64 is padded to a multiple of 4 characters, base64url is not.
    static func encode(_ bytes: some Sequence<UInt8>, _ variant: Variant) -> String {
        let input = Array(bytes)
        let alphabet = variant.alphabet
        var output: [UInt8] = []
        output.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= input.count {
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
            output.append(alphabet[Int(chunk >> 6 & 0x3f)])
            output.append(alphabet[Int(chunk & 0x3f)])
            index += 3
        }
        switch input.count - index {
        case 1:
            let chunk = UInt32(input[index]) << 16
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
            if variant == .standard { output.append(contentsOf: Array("==".utf8)) }
        case 2:
            let chunk = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8
            output.append(alphabet[Int(chunk >> 18 & 0x3f)])
            output.append(alphabet[Int(chunk >> 12 & 0x3f)])
            output.append(alphabet[Int(chunk >> 6 & 0x3f)])
            if variant == .standard { output.append(UInt8(ascii: "=")) }
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the canonical text of `variant`, refusing anything else.
    /// - Parameter text: the characters as UTF-8 bytes.
    /// - Returns: the bytes, or the first reason the text is refused.
    static func decode(_ text: some Collection<UInt8>, _ variant: Variant) -> Result<[UInt8], Failure> {
        let input = Array(text)
        let values = variant == .url ? urlValues : standardValues
        let otherValues = variant == .url ? standardValues : urlValues
        let equals = UInt8(ascii: "=")

        // Find the data characters: all of them for base64url; for standard base64 the text before at most two
        // '=' at the very end.
        var dataCount = input.count
        if variant == .standard {
            while dataCount > 0, input.count - dataCount < 2, input[dataCount - 1] == equals { dataCount -= 1 }
        }
        for offset in 0..<dataCount where values[Int(input[offset])] == 0xff {
            let byte = input[offset]
            if byte == equals { return .failure(.misplacedPadding(offset: offset)) }
            if otherValues[Int(byte)] != 0xff { return .failure(.otherAlphabet(offset: offset, byte: byte)) }
            return .failure(.notInAlphabet(offset: offset, byte: byte))
        }
        switch variant {
        case .url:
            guard input.count % 4 != 1 else { return .failure(.badLength(input.count)) }
        case .standard:
            // A multiple of 4 with the '=' counted, and padding only where a partial group needs it.
            guard input.count % 4 == 0, dataCount % 4 != 1 else { return .failure(.badLength(input.count)) }
        }

        var output: [UInt8] = []
        output.reserveCapacity(dataCount * 3 / 4)
        var index = 0
        while index + 4 <= dataCount {
            let chunk =
                UInt32(values[Int(input[index])]) << 18 | UInt32(values[Int(input[index + 1])]) << 12
                | UInt32(values[Int(input[index + 2])]) << 6 | UInt32(values[Int(input[index + 3])])
            output.append(UInt8(chunk >> 16 & 0xff))
            output.append(UInt8(chunk >> 8 & 0xff))
            output.append(UInt8(chunk & 0xff))
            index += 4
        }
        switch dataCount - index {
        case 2:
            let last = values[Int(input[index + 1])]
            guard last & 0x0f == 0 else { return .failure(.nonZeroTrailingBits(offset: index + 1)) }
            output.append(values[Int(input[index])] << 2 | last >> 4)
        case 3:
            let middle = values[Int(input[index + 1])]
            let last = values[Int(input[index + 2])]
            guard last & 0x03 == 0 else { return .failure(.nonZeroTrailingBits(offset: index + 2)) }
            output.append(values[Int(input[index])] << 2 | middle >> 4)
            output.append(middle << 4 | last >> 2)
        default:
            break
        }
        return .success(output)
    }
}
