import Foundation

/// The serial numbers a CRL lists with their revocation dates (RFC 5280 §5.1.2.6), indexed once at decode for
/// constant-time lookups.
///
/// Serials are keyed by their value, not their encoding: the sign and the big-endian magnitude without leading
/// zeros, so that a certificate's `serialNumber` content octets (`00 8F …`) and the CRL's (`8F …` after OpenSSL's
/// decoding) meet. Magnitudes of up to 24 bytes (RFC 5280 §4.1.2.2 allows 20 octets) are packed into a fixed-size
/// key with no allocation; longer ones, which only a non-conforming issuer writes, go to a second table.
struct RevokedSerials: Sendable {
    /// Revocation date by serial.
    private var packed: [SerialKey: Date] = [:]
    private var long: [[UInt8]: Date] = [:]

    init(capacity: Int) {
        packed.reserveCapacity(capacity)
    }

    /// Records the serial whose magnitude is `magnitude` (leading zeros allowed) as revoked at `date`. A serial
    /// listed twice keeps its earliest date.
    mutating func insert(magnitude: UnsafeBufferPointer<UInt8>, negative: Bool, date: Date) {
        // One hash per entry in the usual case (each serial once); a repeat puts the earlier date back.
        if let key = SerialKey(magnitude: magnitude, negative: negative) {
            if let earlier = packed.updateValue(date, forKey: key), earlier < date { packed[key] = earlier }
        } else {
            let key = SerialKey.longKey(magnitude: magnitude, negative: negative)
            if let earlier = long.updateValue(date, forKey: key), earlier < date { long[key] = earlier }
        }
    }

    /// The revocation date of a certificate's serial; nil when the CRL does not list it.
    /// - Parameter contentOctets: the INTEGER's DER content octets, two's complement (RFC 5280 §4.1.2.2): a leading
    ///   0x00 before a high bit, or a non-minimal encoding, is accepted; a high first bit is a negative serial.
    func revocationDate(serialContentOctets contentOctets: [UInt8]) -> Date? {
        guard let first = contentOctets.first else { return nil }
        if first & 0x80 == 0 {
            return contentOctets.withUnsafeBufferPointer { date(magnitude: $0, negative: false) }
        }
        // Two's complement negative: the magnitude is the negation (invert, add one).
        var magnitude = contentOctets.map { ~$0 }
        for position in magnitude.indices.reversed() {
            magnitude[position] &+= 1
            if magnitude[position] != 0 { break }
        }
        return magnitude.withUnsafeBufferPointer { date(magnitude: $0, negative: true) }
    }

    private func date(magnitude: UnsafeBufferPointer<UInt8>, negative: Bool) -> Date? {
        if let key = SerialKey(magnitude: magnitude, negative: negative) { return packed[key] }
        return long[SerialKey.longKey(magnitude: magnitude, negative: negative)]
    }
}

/// A serial's value packed into three words: the magnitude right-aligned in 24 bytes, plus its length and sign.
struct SerialKey: Hashable, Sendable {
    private var high: UInt64 = 0
    private var middle: UInt64 = 0
    private var low: UInt64 = 0
    /// Significant bytes, with bit 7 set for a negative serial.
    private var lengthAndSign: UInt8

    /// Nil when the magnitude, leading zeros dropped, is longer than 24 bytes.
    init?(magnitude: UnsafeBufferPointer<UInt8>, negative: Bool) {
        var start = 0
        while start < magnitude.count && magnitude[start] == 0 { start += 1 }
        let length = magnitude.count - start
        guard length <= 24 else { return nil }
        // Zero has no sign.
        lengthAndSign = UInt8(length) | (negative && length > 0 ? 0x80 : 0)
        for position in start..<magnitude.count {
            // Byte `position` lands at offset `fromEnd` counted from the last byte of the 24.
            let fromEnd = magnitude.count - 1 - position
            let value = UInt64(magnitude[position]) << UInt64((fromEnd % 8) * 8)
            switch fromEnd / 8 {
            case 0: low |= value
            case 1: middle |= value
            default: high |= value
            }
        }
    }

    /// The key of a magnitude longer than 24 bytes: a sign byte, then the magnitude without leading zeros.
    static func longKey(magnitude: UnsafeBufferPointer<UInt8>, negative: Bool) -> [UInt8] {
        [negative ? 1 : 0] + magnitude.drop { $0 == 0 }
    }
}
