import Foundation
import X509

/// A snapshot row's text column kept as what it is made from, and spelled when read (docs/architecture.md, The
/// snapshot): the text a row was made or decoded with; a certificate's Name, printed by OpenSSL in RFC 4514 form
/// (the Name keeps its text once printed); or a certificate's DER, encoded in standard base64 (RFC 4648 §4) with
/// padding, the DER shared with the certificate, not copied.
///
/// The `subject` and `certificate` columns are read by a decision that names the row and by the snapshot's JSON, both
/// after the generation is installed; printing and encoding every listed certificate's into its row was about a third
/// of building a generation and a sixth of a daemon's start. Equal and hashed by the text.
struct RowText: Sendable, Hashable {
    private enum Source: Sendable {
        case text(String)
        case name(DistinguishedName)
        case base64(der: [UInt8])
    }

    private let source: Source

    /// A column given as text.
    init(_ text: String) {
        source = .text(text)
    }

    /// A column printed from `name` (RFC 4514) when read.
    init(name: DistinguishedName) {
        source = .name(name)
    }

    /// A column encoded from `der` (base64) when read.
    init(base64Of der: [UInt8]) {
        source = .base64(der: der)
    }

    /// The text.
    var text: String {
        switch source {
        case .text(let text): text
        case .name(let name): name.rfc4514
        case .base64(let der): Data(der).base64EncodedString()
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
