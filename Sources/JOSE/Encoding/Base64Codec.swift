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
        if let result = text.withContiguousStorageIfAvailable({ decode($0, variant) }) { return result }
        return Array(text).withUnsafeBufferPointer { decode($0, variant) }
    }

    /// ``decode(_:_:)`` over contiguous bytes: one pass that checks and decodes four characters at a time into the
    /// output's storage, and a second look only when a character is refused, to say why.
    static func decode(_ input: UnsafeBufferPointer<UInt8>, _ variant: Variant) -> Result<[UInt8], Failure> {
        let equals = UInt8(ascii: "=")

        // Find the data characters: all of them for base64url; for standard base64 the text before at most two
        // '=' at the very end.
        var dataCount = input.count
        if variant == .standard {
            while dataCount > 0, input.count - dataCount < 2, input[dataCount - 1] == equals { dataCount -= 1 }
        }
        switch variant {
        case .url:
            guard input.count % 4 != 1 else {
                return refusal(input, dataCount, variant) ?? .failure(.badLength(input.count))
            }
        case .standard:
            // A multiple of 4 with the '=' counted, and padding only where a partial group needs it.
            guard input.count % 4 == 0, dataCount % 4 != 1 else {
                return refusal(input, dataCount, variant) ?? .failure(.badLength(input.count))
            }
        }
        let whole = dataCount / 4
        let rest = dataCount % 4
        let outputCount = whole * 3 + (rest == 0 ? 0 : rest - 1)
        return (variant == .url ? urlValues : standardValues).withUnsafeBufferPointer { values in
            var failed = false
            let output = [UInt8](unsafeUninitializedCapacity: outputCount) { buffer, count in
                // 0xff marks a byte outside the alphabet; OR-ing the sextets finds one without a branch per byte.
                var invalid: UInt8 = 0
                var source = 0
                var target = 0
                for _ in 0..<whole {
                    let a = values[Int(input[source])]
                    let b = values[Int(input[source + 1])]
                    let c = values[Int(input[source + 2])]
                    let d = values[Int(input[source + 3])]
                    invalid |= a | b | c | d
                    let chunk = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[target] = UInt8(truncatingIfNeeded: chunk >> 16)
                    buffer[target + 1] = UInt8(truncatingIfNeeded: chunk >> 8)
                    buffer[target + 2] = UInt8(truncatingIfNeeded: chunk)
                    source += 4
                    target += 3
                }
                switch rest {
                case 2:
                    let a = values[Int(input[source])]
                    let b = values[Int(input[source + 1])]
                    invalid |= a | b
                    buffer[target] = a << 2 | b >> 4
                    if b & 0x0f != 0 { invalid |= 0x40 }
                case 3:
                    let a = values[Int(input[source])]
                    let b = values[Int(input[source + 1])]
                    let c = values[Int(input[source + 2])]
                    invalid |= a | b | c
                    buffer[target] = a << 2 | b >> 4
                    buffer[target + 1] = b << 4 | c >> 2
                    if c & 0x03 != 0 { invalid |= 0x40 }
                default:
                    break
                }
                // Valid sextets are below 0x40; any bit at or above it is an invalid character or trailing bits.
                failed = invalid >= 0x40
                count = outputCount
            }
            guard failed else { return .success(output) }
            return refusal(input, dataCount, variant) ?? .failure(.nonZeroTrailingBits(offset: dataCount - 1))
        }
    }

    /// The first character of the data that is outside the alphabet, as a failure; nil when every one is inside.
    private static func refusal(
        _ input: UnsafeBufferPointer<UInt8>, _ dataCount: Int, _ variant: Variant
    ) -> Result<[UInt8], Failure>? {
        let values = variant == .url ? urlValues : standardValues
        let otherValues = variant == .url ? standardValues : urlValues
        for offset in 0..<dataCount where values[Int(input[offset])] == 0xff {
            let byte = input[offset]
            if byte == UInt8(ascii: "=") { return .failure(.misplacedPadding(offset: offset)) }
            if otherValues[Int(byte)] != 0xff { return .failure(.otherAlphabet(offset: offset, byte: byte)) }
            return .failure(.notInAlphabet(offset: offset, byte: byte))
        }
        return nil
    }
}
