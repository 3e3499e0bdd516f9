/// IEEE 754 binary16 ("half precision") conversions for CBOR's major type 7, additional information 25
/// (RFC 8949 §3.3 and Appendix D), written out so that they do not depend on the platform's `Float16`.
enum HalfFloat {
    /// The value of the half-precision bit pattern `bits`, exactly (every half is a double).
    static func double(fromBits bits: UInt16) -> Double {
        let negative = bits & 0x8000 != 0
        let exponent = Int((bits >> 10) & 0x1f)
        let mantissa = UInt64(bits & 0x03ff)
        let sign: FloatingPointSign = negative ? .minus : .plus
        switch exponent {
        case 0:
            // Zero or subnormal: mantissa × 2^-24.
            return Double(sign: sign, exponent: -24, significand: Double(mantissa))
        case 31:
            if mantissa == 0 { return negative ? -.infinity : .infinity }
            // NaN: keep the payload in the top bits of the double's significand, as a hardware widening would.
            let doubleBits = (negative ? UInt64(1) << 63 : 0) | (0x7ff << 52) | (mantissa << 42)
            return Double(bitPattern: doubleBits)
        default:
            // Normal: (1024 + mantissa) × 2^(exponent - 25).
            return Double(sign: sign, exponent: exponent - 25, significand: Double(1024 + mantissa))
        }
    }

    /// The half-precision bit pattern that represents `value` exactly, or `nil` when there is none (NaN included:
    /// the encoder writes every NaN as `0x7e00` itself).
    static func bits(exactly value: Double) -> UInt16? {
        let sign: UInt16 = value.sign == .minus ? 0x8000 : 0
        if value.isNaN { return nil }
        if value.isInfinite { return sign | 0x7c00 }
        if value == 0 { return sign }
        guard value.isNormal else { return nil }  // double subnormals are far below the half range
        let exponent = Int(value.exponent)
        let significand = value.significandBitPattern | (UInt64(1) << 52)  // 53 bits, implicit bit included
        if exponent >= -14 && exponent <= 15 {
            // Half normal: 10 mantissa bits, the lower 42 bits of the double's significand must be zero.
            guard significand & ((UInt64(1) << 42) - 1) == 0 else { return nil }
            let mantissa = UInt16((significand >> 42) & 0x03ff)
            return sign | (UInt16(exponent + 15) << 10) | mantissa
        }
        if exponent >= -24 && exponent < -14 {
            // Half subnormal: value = k × 2^-24 with k < 1024.
            let shift = UInt64(28 - exponent)  // 52 - (exponent + 24)
            guard significand & ((UInt64(1) << shift) - 1) == 0 else { return nil }
            return sign | UInt16(significand >> shift)
        }
        return nil
    }
}
