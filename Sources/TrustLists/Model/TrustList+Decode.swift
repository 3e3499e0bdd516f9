import COSE
import Foundation

extension TrustList {
    /// Decodes a VICAL or RICAL payload (docs/architecture.md, The pipeline: step 8) from its bytes, as the verifier
    /// does after the signature and chain have been checked; nothing here is verified.
    /// - Parameters:
    ///   - payload: the COSE_Sign1 payload: a CBOR map (ISO/IEC 18013-5 Annex C.1.7; second-edition draft Annex F).
    ///   - kind: `vical` or `rical`.
    ///   - limits: CBOR decoding limits, checked before anything is allocated.
    /// - Returns: the list, and what was tolerated while decoding it (unknown keys, dropped entries, ...), one line
    ///   per kind of warning.
    /// - Throws: ``TrustListError`` `malformed_cbor` or `limits_exceeded` from the decoder, `malformed_payload`
    ///   naming the key path, `wrong_list_type` for the other kind, another RICAL `type`, an unsupported version, or
    ///   a kind that is not a CBOR list.
    public static func decode(
        payload: [UInt8], kind: ListKind, limits: CBORDecoder.Limits
    ) throws(TrustListError) -> (list: TrustList, warnings: [String]) {
        var findings = SourceFindings(at: Date())
        guard let decode = kind.cborPayloadDecoder else {
            throw TrustListError(.wrongListType, "a \(kind.displayName) is not a COSE_Sign1 payload")
        }
        let list = try decode(payload[...], limits, &findings)
        return (list, findings.warnings.lines)
    }

    /// The root map of a VICAL or RICAL payload, decoded with limits.
    /// - Throws: ``TrustListError`` `malformed_cbor`, `limits_exceeded`, `malformed_payload`.
    static func payloadMap(_ payload: ArraySlice<UInt8>, limits: CBORDecoder.Limits) throws(TrustListError)
        -> CBORMapReader
    {
        let node = try COSEListEnvelope.cose { try CBORDecoder(limits: limits).decode(payload) }
        let root = try PayloadDecoding.field { try CBORReader(node, path: "payload").map() }
        return CBORMapReader(entries: root.entries, path: "")
    }
}
