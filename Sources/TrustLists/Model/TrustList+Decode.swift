import COSE
import Foundation

extension TrustList {
    /// Decodes a VICAL or RICAL payload (docs/architecture.md, The pipeline: step 8) from its bytes, as the verifier
    /// does after the signature and chain have been checked; nothing here is verified.
    /// - Parameters:
    ///   - payload: the COSE_Sign1 payload: a CBOR map (ISO/IEC 18013-5 Annex C.1.7; second-edition draft Annex F).
    ///   - kind: the kind expected.
    ///   - limits: CBOR decoding limits, checked before anything is allocated.
    /// - Returns: the list, and what was tolerated while decoding it (unknown keys, dropped entries, ...), one line
    ///   per kind of warning.
    /// - Throws: ``TrustListError`` `malformed_cbor` or `limits_exceeded` from the decoder, `malformed_payload`
    ///   naming the key path, `wrong_list_type` for the other kind, another RICAL `type` or an unsupported version.
    public static func decode(
        payload: [UInt8], kind: ListKind, limits: CBORDecoder.Limits
    ) throws(TrustListError) -> (list: TrustList, warnings: [String]) {
        var warnings = ListWarnings()
        let list = try decode(payload: payload[...], kind: kind, limits: limits, warnings: &warnings)
        return (list, warnings.lines)
    }

    /// Decodes a payload as ``decode(payload:kind:limits:)`` does, adding its warnings to `warnings`.
    static func decode(
        payload: ArraySlice<UInt8>, kind: ListKind, limits: CBORDecoder.Limits, warnings: inout ListWarnings
    ) throws(TrustListError) -> TrustList {
        let node = try COSEStructurePolicy.cose { try CBORDecoder(limits: limits).decode(payload) }
        let root = try PayloadDecoding.field { try CBORReader(node, path: "payload").map() }
        let rootMap = CBORMapReader(entries: root.entries, path: "")
        switch kind {
        case .vical: return .vical(try Vical(rootMap, warnings: &warnings))
        case .rical: return .rical(try Rical(rootMap, warnings: &warnings))
        case .lote:
            throw TrustListError(
                .wrongListType, "a LoTE is JSON signed as JAdES, not a COSE_Sign1 payload (use the LoTE verifier)")
        }
    }
}
