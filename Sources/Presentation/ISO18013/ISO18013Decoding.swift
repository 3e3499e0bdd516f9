import COSE
import X509

/// Shared steps of decoding the ISO/IEC 18013-5 request structures, mapping the COSE module's errors to
/// ``PresentationError`` codes with the same strings.
enum ISO18013Decoding {
    /// Decodes one data item spanning all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - bytes: the input.
    ///   - limits: the decoding limits.
    ///   - context: what the bytes are, put before the decoder's message (`docRequests[0].itemsRequest`); empty at
    ///     the top.
    /// - Throws: `malformed_cbor` or `limits_exceeded`.
    static func decode(
        _ bytes: ArraySlice<UInt8>, limits: CBORDecoder.Limits, context: String
    ) throws(PresentationError) -> CBORNode {
        do {
            return try CBORDecoder(limits: limits).decode(bytes)
        } catch let error as COSEError {
            throw PresentationError(
                error.code, prefixed(error.reason, context))
        } catch {
            throw PresentationError(.malformedCBOR, prefixed("\(error)", context))
        }
    }

    /// Runs `body`, turning a CBOR shape error (`unexpected_type`, whose message names the path) into `shapeCode`;
    /// other COSE codes keep their strings.
    static func field<T>(
        _ shapeCode: PresentationError.Code, _ body: () throws -> T
    ) throws(PresentationError) -> T {
        do {
            return try body()
        } catch let error as PresentationError {
            throw error
        } catch let error as COSEError where error.code == .unexpectedType {
            throw PresentationError(shapeCode, error.reason)
        } catch let error as COSEError {
            throw PresentationError(error.code, error.reason)
        } catch {
            throw PresentationError(shapeCode, "\(error)")
        }
    }

    /// The content of `#6.24(bstr .cbor X)` (RFC 8949 §3.4.5.1) under `reader`, decoded, with the path of `reader`.
    /// - Returns: the reader over the embedded item, and the embedded bytes exactly as received.
    /// - Throws: `shapeCode` when the item is not tag 24 over a byte string; `malformed_cbor` or `limits_exceeded`
    ///   for the embedded bytes.
    static func embedded(
        _ reader: CBORReader, shapeCode: PresentationError.Code, limits: CBORDecoder.Limits
    ) throws(PresentationError) -> (reader: CBORReader, bytes: [UInt8]) {
        guard case .tagged(24, let content) = reader.node.content, case .byteString(let bytes) = content.content else {
            throw PresentationError(
                shapeCode,
                "\(display(reader.path)): expected tag 24 over a byte string (encoded CBOR), found \(kind(reader.node))"
            )
        }
        let node = try decode(bytes, limits: limits, context: "\(display(reader.path)) (tag 24 content)")
        return (CBORReader(node, path: reader.path), Array(bytes))
    }

    /// Adds one warning per key of `map` that is not in `known`.
    static func reportUnknownKeys(_ map: CBORMapReader, known: Set<String>, warnings: inout [String]) {
        for key in map.keys(notIn: known) {
            warnings.append("\(display(map.path)): unknown key '\(key)' ignored")
        }
    }

    /// The path as shown in messages: `(top level)` for the top item.
    static func display(_ path: String) -> String { path.isEmpty ? "(top level)" : path }

    /// A short name of the kind of item, for messages.
    static func kind(_ node: CBORNode) -> String { node.kindDescription }

    private static func prefixed(_ reason: String, _ context: String) -> String {
        context.isEmpty ? reason : "\(context): \(reason)"
    }
}
