import COSE
import X509

/// Shared steps of decoding the ISO/IEC 18013-5 response structures, mapping the COSE module's errors to
/// ``CredentialError``: any CBOR or shape failure is `malformed_mdoc` with the decoder's message and the path, a
/// limit is `limits_exceeded`.
enum MDocDecoding {
    /// Decodes one data item spanning all of `bytes` (RFC 8949 §5.3.1).
    /// - Parameters:
    ///   - context: what the bytes are, put before the decoder's message (made only for a message); empty at the top.
    /// - Throws: `malformed_mdoc` (not well-formed: truncated, duplicate map key, trailing bytes) or `limits_exceeded`.
    static func decode(
        _ bytes: ArraySlice<UInt8>, limits: CBORDecoder.Limits, context: @autoclosure () -> String
    ) throws(CredentialError) -> CBORNode {
        do {
            return try CBORDecoder(limits: limits).decode(bytes)
        } catch let error as COSEError where error.code == .limitsExceeded {
            throw CredentialError(.limitsExceeded, prefixed(error.reason, context()))
        } catch let error as COSEError {
            throw CredentialError(.malformedMDoc, prefixed("\(error.code.rawValue): \(error.reason)", context()))
        } catch {
            throw CredentialError(.malformedMDoc, prefixed("\(error)", context()))
        }
    }

    /// Runs `body`, turning the COSE module's shape errors (whose messages name the path) into `malformed_mdoc`.
    static func field<T>(_ body: () throws -> T) throws(CredentialError) -> T {
        do {
            return try body()
        } catch let error as CredentialError {
            throw error
        } catch let error as COSEError {
            throw CredentialError(.malformedMDoc, error.reason)
        } catch {
            throw CredentialError(.malformedMDoc, "\(error)")
        }
    }

    /// The content of `#6.24(bstr .cbor X)` (RFC 8949 §3.4.5.1) at `reader`, decoded with `limits`.
    /// - Returns: the reader over the embedded item, at the path of `reader`.
    /// - Throws: `malformed_mdoc` when the item is not tag 24 over a byte string or the bytes are not one CBOR item;
    ///   `limits_exceeded`.
    static func embedded(_ reader: CBORReader, limits: CBORDecoder.Limits) throws(CredentialError) -> CBORReader {
        guard case .tagged(24, let content) = reader.node.content, case .byteString(let bytes) = content.content else {
            throw CredentialError(
                .malformedMDoc,
                "\(display(reader.path)): expected tag 24 over a byte string (encoded CBOR, RFC 8949 §3.4.5.1), found "
                    + kind(reader.node))
        }
        let node = try decode(bytes, limits: limits, context: "\(display(reader.path)) (tag 24 content)")
        return CBORReader(node, path: reader.path)
    }

    /// The entries of a map whose keys must be text, in order, with readers at `path.key`.
    static func textKeyedEntries(_ reader: CBORReader) throws(CredentialError) -> [(key: String, value: CBORReader)] {
        let map = try field { try reader.map() }
        var entries: [(key: String, value: CBORReader)] = []
        entries.reserveCapacity(map.count)
        for entry in map.entries {
            guard case .textString(let key) = entry.key.content else {
                throw CredentialError(
                    .malformedMDoc, "\(display(reader.path)): expected text keys, found \(kind(entry.key))")
            }
            entries.append((key, CBORReader(entry.value, path: reader.path.isEmpty ? key : "\(reader.path).\(key)")))
        }
        return entries
    }

    /// The path as shown in messages: `(top level)` for the top item.
    static func display(_ path: String) -> String { path.isEmpty ? "(top level)" : path }

    /// A short name of the kind of item, for messages.
    static func kind(_ node: CBORNode) -> String { node.kindDescription }

    private static func prefixed(_ reason: String, _ context: String) -> String {
        context.isEmpty ? reason : "\(context): \(reason)"
    }
}
