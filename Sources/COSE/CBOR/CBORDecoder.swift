import Foundation

/// Decodes one CBOR data item (RFC 8949) from untrusted bytes into a tree of ``CBORNode``s, within ``Limits``.
///
/// The decoder accepts every well-formed item (RFC 8949 §5.3.1): any argument width, indefinite lengths, any tag,
/// half, single and double floats. It rejects, with `malformed_cbor` (``COSEError/Code/malformedCBOR``):
/// truncated input, reserved additional information 28 ... 30, additional information 31 on major types 0, 1 and 6,
/// a break outside an indefinite-length item, indefinite-length string chunks of another type or of indefinite
/// length, two-byte simple values below 32, invalid UTF-8 in a text string, a duplicate map key (data-model
/// equality, RFC 8949 §5.6) and bytes after the top item. Over a limit, it fails with `limits_exceeded`
/// (``COSEError/Code/limitsExceeded``). Messages give what was expected, what was found and the byte offset from
/// the start of the input.
///
/// Every length and count is checked against the bytes left before anything is allocated for it: a string needs
/// its length in bytes, an array of `n` items at least `n` bytes, a map of `n` entries at least `2n`.
public struct CBORDecoder: Sendable {
    /// The limits this decoder enforces.
    public var limits: Limits

    /// Creates a decoder.
    /// - Parameter limits: the bounds to enforce; the defaults are safe for untrusted input.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes exactly one data item that spans all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameter bytes: the input; the nodes' slices keep its indices.
    /// - Returns: the top node; its ``CBORNode/encodedBytes`` is all of `bytes`.
    /// - Throws: ``COSEError`` `malformed_cbor` for input that is not one well-formed item, `limits_exceeded` for
    ///   well-formed input over a limit.
    public func decode(_ bytes: ArraySlice<UInt8>) throws -> CBORNode {
        guard bytes.count <= limits.maxInputBytes else {
            throw COSEError(
                .limitsExceeded, "input is \(bytes.count) bytes, over the limit of \(limits.maxInputBytes) bytes")
        }
        let limits = self.limits
        return try bytes.withUnsafeBufferPointer { buffer in
            var parser = CBORParser(source: bytes, bytes: buffer, limits: limits)
            let node = try parser.item(depth: 1)
            guard parser.position == buffer.count else {
                throw COSEError(
                    .malformedCBOR,
                    "expected end of input after the top item at offset \(parser.position), found "
                        + "\(buffer.count - parser.position) more bytes")
            }
            return node
        }
    }

    /// Decodes exactly one data item that spans all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameter bytes: the input.
    /// - Returns: the top node.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`, as for a slice.
    public func decode(_ bytes: [UInt8]) throws -> CBORNode {
        try decode(bytes[...])
    }

    /// Decodes exactly one data item that spans all of `data` (RFC 8949 §5.3.1); the bytes are copied once.
    /// - Parameter data: the input.
    /// - Returns: the top node; its slices index a copy of `data` from 0.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`, as for a slice.
    public func decode(_ data: Data) throws -> CBORNode {
        guard data.count <= limits.maxInputBytes else {
            throw COSEError(
                .limitsExceeded, "input is \(data.count) bytes, over the limit of \(limits.maxInputBytes) bytes")
        }
        return try decode([UInt8](data)[...])
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - bytes: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ bytes: [UInt8], limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(bytes[...]).value
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - bytes: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ bytes: ArraySlice<UInt8>, limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(bytes).value
    }

    /// Decodes exactly one data item into a ``CBOR`` value (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - data: the input.
    ///   - limits: the bounds to enforce.
    /// - Returns: the value of the item.
    /// - Throws: ``COSEError`` `malformed_cbor` or `limits_exceeded`.
    public static func decodeValue(_ data: Data, limits: Limits = Limits()) throws -> CBOR {
        try CBORDecoder(limits: limits).decode(data).value
    }
}
