import Foundation
import X509

/// Typed, path-aware access to a decoded ``CBORNode``, for decoding a model in a few precise lines:
///
///     let info = try CBORReader(node, path: "certificateInfos[3]").map()
///     let docTypes = try info.required("docType").array().map { try $0.text() }
///
/// Every accessor checks the kind of item and throws ``COSEError`` `unexpected_type`
/// (``COSEError/Code/unexpectedType``) with the path first, then what was expected and what was found:
/// `certificateInfos[3].docType: expected array, found map`. Array elements get the path `name[3]`, map values
/// `name.key`; the top reader's path is empty unless given, and shows as `(top level)`.
public struct CBORReader: Sendable {
    /// The node read.
    public let node: CBORNode
    /// The path of the enclosing item, and this item's step from it. The full path is only joined when asked
    /// for (an error message), so that decoding thousands of entries builds no strings.
    private let parentPath: String
    private let step: Step

    /// One step down from an item.
    enum Step: Sendable {
        case none
        case key(String)
        case index(Int)
    }

    /// Where the node sits in the document, for messages (`certificateInfos[3].docType`).
    public var path: String {
        switch step {
        case .none: parentPath
        case .key(let key): parentPath.isEmpty ? key : "\(parentPath).\(key)"
        case .index(let index): "\(parentPath)[\(index)]"
        }
    }

    /// Creates a reader over a node.
    /// - Parameters:
    ///   - node: the decoded item.
    ///   - path: its path for messages; empty for the top item.
    public init(_ node: CBORNode, path: String = "") {
        self.init(node, parentPath: path, step: .none)
    }

    /// A reader one step below the item at `parentPath`.
    init(_ node: CBORNode, parentPath: String, step: Step) {
        self.node = node
        self.parentPath = parentPath
        self.step = step
    }

    /// The node as a ``CBOR`` value.
    public var value: CBOR { node.value }

    /// Whether the item is `null` (RFC 8949 §3.3).
    public var isNull: Bool {
        if case .null = node.content { return true }
        return false
    }

    /// The string of a text string (RFC 8949 §3.1, major type 3).
    /// - Returns: the string.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func text() throws -> String {
        guard case .textString(let text) = node.content else { throw mismatch(expected: "text string") }
        return text
    }

    /// A copy of the bytes of a byte string (RFC 8949 §3.1, major type 2); ``node`` has them without a copy.
    /// - Returns: the bytes.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func bytes() throws -> [UInt8] {
        guard case .byteString(let bytes) = node.content else { throw mismatch(expected: "byte string") }
        return Array(bytes)
    }

    /// The value of an unsigned integer (RFC 8949 §3.1, major type 0).
    /// - Returns: the value.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item, a negative integer included.
    public func unsigned() throws -> UInt64 {
        guard case .unsigned(let value) = node.content else { throw mismatch(expected: "unsigned integer") }
        return value
    }

    /// The value of an integer of major type 0 or 1 that fits `Int64` (RFC 8949 §3.1); COSE labels and algorithm
    /// identifiers are such integers (RFC 9052 §1.5).
    /// - Returns: the value.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item or an integer out of the `Int64` range.
    public func int() throws -> Int64 {
        switch node.content {
        case .unsigned(let n) where n <= UInt64(Int64.max): return Int64(n)
        case .negative(let n) where n <= UInt64(Int64.max): return ~Int64(n)
        case .unsigned, .negative: throw mismatch(expected: "integer in the 64-bit signed range")
        default: throw mismatch(expected: "integer")
        }
    }

    /// The value of `true` or `false` (RFC 8949 §3.3).
    /// - Returns: the boolean.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func bool() throws -> Bool {
        guard case .boolean(let value) = node.content else { throw mismatch(expected: "boolean") }
        return value
    }

    /// The value of a float of any width (RFC 8949 §3.3).
    /// - Returns: the value.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func float() throws -> Double {
        guard case .float(let value) = node.content else { throw mismatch(expected: "float") }
        return value
    }

    /// The elements of an array (RFC 8949 §3.1, major type 4), each with the path `path[index]`.
    /// - Returns: one reader per element.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func array() throws -> [CBORReader] {
        guard case .array(let items) = node.content else { throw mismatch(expected: "array") }
        let path = path
        return items.enumerated().map { CBORReader($1, parentPath: path, step: .index($0)) }
    }

    /// The entries of a map (RFC 8949 §3.1, major type 5).
    /// - Returns: a reader that looks keys up.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func map() throws -> CBORMapReader {
        guard case .map(let entries) = node.content else { throw mismatch(expected: "map") }
        return CBORMapReader(entries: entries, path: path)
    }

    /// The content of a tag with the given number (RFC 8949 §3.4), read at the same path.
    /// - Parameter tag: the tag number expected, e.g. 24 for encoded CBOR (RFC 8949 §3.4.5.1).
    /// - Returns: a reader over the tag's content.
    /// - Throws: ``COSEError`` `unexpected_type` for an untagged item or another tag.
    public func tagged(_ tag: UInt64) throws -> CBORReader {
        guard case .tagged(let number, let content) = node.content, number == tag else {
            throw mismatch(expected: "tag \(tag)")
        }
        return CBORReader(content, parentPath: parentPath, step: step)
    }

    /// The magnitude of an unsigned big integer: a bignum (tag 2 over a byte string, RFC 8949 §3.4.3) or an
    /// unsigned integer (major type 0), as big-endian bytes without leading zero bytes (zero is `[]`).
    ///
    /// Leading zeros are allowed in the encoding (RFC 8949 §3.4.3) and removed here, so equal numbers give equal
    /// bytes; `biguint` is the type of a trust list's `serialNumber` (ISO/IEC 18013-5 Annex C).
    /// - Returns: the magnitude.
    /// - Throws: ``COSEError`` `unexpected_type` for any other item.
    public func biguint() throws -> [UInt8] {
        switch node.content {
        case .unsigned(let value):
            var bytes: [UInt8] = []
            var rest = value
            while rest > 0 {
                bytes.insert(UInt8(truncatingIfNeeded: rest), at: 0)
                rest >>= 8
            }
            return bytes
        case .tagged(2, let content):
            guard case .byteString(let magnitude) = content.content else {
                throw COSEError(
                    .unexpectedType,
                    "\(displayPath): expected byte string in tag 2 (bignum), found \(content.kindDescription)")
            }
            return Array(magnitude.drop(while: { $0 == 0 }))
        default:
            throw mismatch(expected: "unsigned bignum (tag 2) or unsigned integer")
        }
    }

    /// The instant of a date: tag 0 over an RFC 3339 `date-time` (RFC 8949 §3.4.1, the `tdate` of ISO/IEC 18013-5),
    /// or tag 1 over epoch seconds as an integer or a float (RFC 8949 §3.4.2).
    /// - Returns: the instant (a `Date` is UTC).
    /// - Throws: ``COSEError`` `unexpected_type` for any other item, a malformed date string or a non-finite or
    ///   out-of-range epoch value.
    public func date() throws -> Date {
        switch node.content {
        case .tagged(0, let content):
            guard case .textString(let text) = content.content else {
                throw COSEError(
                    .unexpectedType,
                    "\(displayPath): expected text string in tag 0 (date-time), found \(content.kindDescription)")
            }
            switch RFC3339.parse(text) {
            case .success(let date):
                return date
            case .failure(let failure):
                var shown = text
                if shown.count > 40 { shown = String(shown.prefix(37)) + "..." }
                throw COSEError(
                    .unexpectedType,
                    "\(displayPath): expected RFC 3339 date-time, found \(CBOR.quoted(shown)) (\(failure.reason))")
            }
        case .tagged(1, let content):
            let seconds: Double
            switch content.content {
            case .unsigned(let n): seconds = Double(n)
            case .negative(let n): seconds = -1 - Double(n)
            case .float(let value): seconds = value
            default:
                throw COSEError(
                    .unexpectedType,
                    "\(displayPath): expected integer or float in tag 1 (epoch date), found \(content.kindDescription)")
            }
            // ±1e14 s is about ±3 million years: far beyond any real date, and well inside Date's precision.
            guard seconds.isFinite, abs(seconds) < 1e14 else {
                throw COSEError(.unexpectedType, "\(displayPath): expected epoch seconds in range, found \(seconds)")
            }
            return Date(timeIntervalSince1970: seconds)
        default:
            throw mismatch(expected: "date (tag 0 or tag 1)")
        }
    }

    /// The path as shown in messages.
    public var displayPath: String { path.isEmpty ? "(top level)" : path }

    /// `path: expected X, found Y`.
    func mismatch(expected: String) -> COSEError {
        COSEError(.unexpectedType, "\(displayPath): expected \(expected), found \(node.kindDescription)")
    }
}
