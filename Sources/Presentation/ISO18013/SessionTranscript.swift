import COSE

/// The transcript of one mdoc session (ISO/IEC 18013-5 §9.1.5.1):
/// `SessionTranscript = [DeviceEngagementBytes, EReaderKeyBytes, Handover]`, received bare or as
/// `SessionTranscriptBytes = #6.24(bstr .cbor SessionTranscript)`.
///
/// The transcript is kept as the encoding received, never re-encoded: ReaderAuthentication (§9.1.4) embeds it as a
/// data item, and the reader signed the bytes it sent. DeviceEngagementBytes and EReaderKeyBytes are tag 24 over a
/// byte string, or null where no device engagement took place (ISO/IEC 18013-7 and OpenID4VP handovers); the
/// Handover is any item (null for QR, an array for NFC and the 18013-7 handovers).
public struct SessionTranscript: Sendable {
    /// The SessionTranscript array as decoded; its ``CBORNode/encodedBytes`` are the bytes received.
    public let node: CBORNode
    /// Whether it came as SessionTranscriptBytes (tag 24 over a byte string) rather than the bare array.
    public let wasTagged: Bool
    /// The encoded DeviceEngagement (the content of DeviceEngagementBytes); nil when that item is null.
    public let deviceEngagementBytes: [UInt8]?
    /// The encoded EReaderKey.Pub (the content of EReaderKeyBytes); nil when that item is null.
    public let eReaderKeyBytes: [UInt8]?
    /// The Handover item.
    public let handover: CBOR

    /// The SessionTranscript's encoding exactly as received (for SessionTranscriptBytes, the tag-24 content).
    public var encodedBytes: [UInt8] { Array(node.encodedBytes) }

    /// Decodes a SessionTranscript, bare or as SessionTranscriptBytes.
    /// - Parameters:
    ///   - bytes: the encoded SessionTranscript or SessionTranscriptBytes.
    ///   - limits: the decoding limits (also for the tag-24 content).
    /// - Throws: ``PresentationError`` `malformed_cbor` or `limits_exceeded` from the decoder;
    ///   `malformed_session_transcript` for any other shape than the one above.
    public init(
        cborEncoded bytes: [UInt8], limits: CBORDecoder.Limits = DeviceRequest.defaultLimits
    )
        throws(PresentationError)
    {
        let outer = try ISO18013Decoding.decode(bytes[...], limits: limits, context: "")
        if case .tagged = outer.content {
            let embedded = try ISO18013Decoding.embedded(
                CBORReader(outer, path: "SessionTranscriptBytes"), shapeCode: .malformedSessionTranscript,
                limits: limits)
            node = embedded.reader.node
            wasTagged = true
        } else {
            node = outer
            wasTagged = false
        }
        guard case .array(let items) = node.content else {
            throw PresentationError(
                .malformedSessionTranscript,
                "SessionTranscript: expected an array of 3 items, found \(ISO18013Decoding.kind(node))")
        }
        guard items.count == 3 else {
            throw PresentationError(
                .malformedSessionTranscript, "SessionTranscript: expected an array of 3 items, found \(items.count)")
        }
        deviceEngagementBytes = try Self.encodedOrNull(items[0], path: "SessionTranscript[0] DeviceEngagementBytes")
        eReaderKeyBytes = try Self.encodedOrNull(items[1], path: "SessionTranscript[1] EReaderKeyBytes")
        handover = items[2].value
    }

    /// The content of tag 24 over a byte string, or nil for null.
    private static func encodedOrNull(_ item: CBORNode, path: String) throws(PresentationError) -> [UInt8]? {
        switch item.content {
        case .null:
            return nil
        case .tagged(24, let content):
            guard case .byteString(let bytes) = content.content else { break }
            return Array(bytes)
        default:
            break
        }
        throw PresentationError(
            .malformedSessionTranscript,
            "\(path): expected tag 24 over a byte string, or null, found \(ISO18013Decoding.kind(item))")
    }
}
