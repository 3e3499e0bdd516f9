import Foundation

/// A snapshot row's certificate column, standard base64 (RFC 4648 §4) with padding: the text a row was made or
/// decoded with, or the certificate's DER, encoded when read (docs/architecture.md, The snapshot).
///
/// The column is read by the snapshot's JSON (once per generation, after it is installed) and when a credential's
/// anchor is looked up; encoding every listed certificate at install was a fifth of building a generation. The DER is
/// the certificate's own storage, shared, not copied. Equal and hashed by the text.
struct Base64Text: Sendable, Hashable {
    private let given: String?
    private let der: [UInt8]

    /// A column given as text.
    init(_ text: String) {
        given = text
        der = []
    }

    /// A column encoded from `der` when read.
    init(der: [UInt8]) {
        given = nil
        self.der = der
    }

    /// The base64 text.
    var text: String { given ?? Data(der).base64EncodedString() }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
