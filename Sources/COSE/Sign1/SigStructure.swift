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
        CBOR.array([
            .textString("Signature1"), .byteString(protectedBytes), .byteString(externalAAD), .byteString(payload),
        ]).encoded()
    }
}
