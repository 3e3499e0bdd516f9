import COSE
import JOSE

/// The `status_list` of a status list token as sent (draft-ietf-oauth-status-list §4.2 JSON, §4.3 CBOR): `bits`, the
/// compressed byte array `lst` (DEFLATE in the ZLIB format, RFC 1950/1951; base64url-decoded for a JWT) and the
/// optional `aggregation_uri` (§9.2). Decoded, not yet inflated: ``inflate(limits:)`` makes the ``StatusList``.
public struct CompressedStatusList: Sendable, Hashable {
    /// The bits per credential.
    public let bits: StatusListBits
    /// `lst`: the ZLIB stream, as bytes.
    public let compressed: [UInt8]
    /// `aggregation_uri` (§9.2); nil when absent.
    public let aggregationURI: String?

    /// A `status_list` from its members.
    public init(bits: StatusListBits, compressed: [UInt8], aggregationURI: String? = nil) {
        self.bits = bits
        self.compressed = compressed
        self.aggregationURI = aggregationURI
    }

    /// Inflates `lst` (draft-ietf-oauth-status-list §8.3 step 5) within the caps of `limits`.
    /// - Parameter limits: ``StatusListLimits/inflatedByteCap(for:)`` bounds the output.
    /// - Returns: the status list.
    /// - Throws: ``TrustListError`` `limits_exceeded` when `lst` would inflate past the cap (inflating stops there);
    ///   `malformed_status_list` when `lst` is not one complete ZLIB stream (another format, a corrupt or truncated
    ///   stream, a wrong checksum, bytes after the stream, a preset dictionary) or inflates to nothing.
    public func inflate(limits: StatusListLimits = StatusListLimits()) throws(TrustListError) -> StatusList {
        let cap = limits.inflatedByteCap(for: bits)
        let bytes = try StatusListInflater.inflate(compressed, cap: cap) { inflated in
            "status_list.lst inflates to more than \(inflated) bytes: over the cap of \(cap) bytes, "
                + "\(cap * bits.entriesPerByte) credentials at \(bits) bit(s) each (limits: \(limits.maxEntries) "
                + "credentials, \(limits.maxInflatedBytes) bytes)"
        }
        guard !bytes.isEmpty else {
            throw TrustListError(
                .malformedStatusList, "status_list.lst inflates to 0 bytes: a status list holds at least one byte")
        }
        return StatusList(bits: bits, bytes: bytes)
    }
}

extension CompressedStatusList {
    /// A `status_list` in its JSON form (draft-ietf-oauth-status-list §4.2): `bits` 1, 2, 4 or 8, `lst` base64url,
    /// optional `aggregation_uri`.
    /// - Throws: ``TrustListError`` `malformed_status_list` naming the member.
    public init(jsonValue: JOSE.JSONValue) throws(TrustListError) {
        self = try StatusListToken.jsonStatusList(jsonValue)
    }

    /// A `StatusList` in its CBOR form (§4.3): a map of `bits` (uint), `lst` (bstr), optional `aggregation_uri`.
    /// - Throws: ``TrustListError`` `malformed_status_list` naming the member.
    public init(cborNode: CBORNode) throws(TrustListError) {
        self = try StatusListToken.cborStatusList(CBORReader(cborNode, path: "status_list"))
    }
}
