/// The `Sig_structure` that a COSE_Sign1 signature covers (RFC 9052 §4.4):
/// `["Signature1", body_protected, external_aad, payload]`, encoded deterministically.
public enum SigStructure {
    /// The bytes to be signed.
    /// - Parameters:
    ///   - protectedBytes: the protected header exactly as sent (empty bstr for an empty header).
    ///   - externalAAD: application-supplied associated data; empty when there is none.
    ///   - payload: the attached or detached payload.
    /// - Returns: the encoded `Sig_structure`.
    public static func signature1(protectedBytes: [UInt8], externalAAD: [UInt8], payload: [UInt8]) -> [UInt8] {
        signature1(protectedBytes: protectedBytes, externalAAD: externalAAD, payload: payload[...])
    }

    /// The bytes to be signed, for a payload that is a slice of a larger buffer (copied once, into the result).
    public static func signature1(
        protectedBytes: [UInt8], externalAAD: [UInt8], payload: ArraySlice<UInt8>
    ) -> [UInt8] {
        var out = signature1Head(
            protectedBytes: protectedBytes, externalAAD: externalAAD, payloadCount: payload.count,
            reserving: payload.count)
        out.append(contentsOf: payload)
        return out
    }

    /// The bytes to be signed that come before the payload's own bytes: the array's head, the context, both byte
    /// strings and the payload's byte-string head. Followed by the payload, they are the `Sig_structure`; a digest
    /// of the two parts in turn is the `Sig_structure`'s, without a copy of the payload.
    /// - Parameters:
    ///   - protectedBytes: the protected header exactly as sent (empty bstr for an empty header).
    ///   - externalAAD: application-supplied associated data; empty when there is none.
    ///   - payloadCount: the payload's length, in bytes.
    ///   - reserving: capacity to reserve beyond the head, in bytes.
    public static func signature1Head(
        protectedBytes: [UInt8], externalAAD: [UInt8], payloadCount: Int, reserving: Int = 0
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(32 + protectedBytes.count + externalAAD.count + reserving)
        CBOREncoder.appendHead(4, 4, to: &out)
        for item in [CBOR.textString("Signature1"), .byteString(protectedBytes), .byteString(externalAAD)] {
            CBOREncoder.append(item, to: &out)
        }
        CBOREncoder.appendHead(2, UInt64(payloadCount), to: &out)
        return out
    }
}
