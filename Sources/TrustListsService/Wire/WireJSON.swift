import Foundation
internal import JSONText
import TrustLists

/// The wire vocabulary's JSON (docs/architecture.md, The command line and the daemon: declared once in the library):
/// every object `trustctl … --json` prints and the HTTP API answers is a typed value of this folder (`WireStatus`,
/// `WireDecision`, …), built once from the library's values and used by both, and written here by the project's one
/// JSON writer.
///
/// The text is pretty-printed with sorted keys and ends in a newline, byte for byte what Foundation's `JSONEncoder`
/// writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`; dates are RFC 3339 UTC
/// (``Timestamp/text(_:)``); a documented member without a value is `null`, never left out. An object whose members depend on the case (an
/// issuer decision adds `docType`, `docTypes` and `trustedBy` to a reader decision's) is made of parts, each encoded
/// into the same object; a part that does not apply adds no member.
public enum WireJSON {
    /// The writer of the wire: dates as ``Timestamp/text(_:)``.
    static let encoder = PrettyJSONEncoder(dateText: { Timestamp.text($0) })

    /// `value` as the wire's JSON text, ending in a newline.
    /// - Throws: `EncodingError` for a value JSON cannot hold (a number that is not finite); the wire values of this
    ///   folder hold none.
    public static func render(_ value: some Encodable) throws -> String {
        String(decoding: try renderedBytes(value), as: UTF8.self)
    }

    /// ``render(_:)`` as UTF-8 bytes, for a response body (no copy through a `String`).
    /// - Throws: as ``render(_:)``.
    public static func renderedBytes(_ value: some Encodable) throws -> [UInt8] {
        try encoder.encode(value)
    }
}
