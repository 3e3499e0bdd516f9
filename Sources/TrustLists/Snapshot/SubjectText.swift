import X509

/// A snapshot row's subject in RFC 4514 text: the text a row was made or decoded with, or the certificate's Name,
/// printed by OpenSSL when first read (docs/architecture.md, The snapshot).
///
/// Printing every listed certificate's Name into its row cost about a sixth of a daemon's start for a 10,000-entry
/// VICAL; a row's subject is read only by a decision that names the row and by the snapshot's JSON, both after the
/// generation is installed. The Name's text is kept by the certificate once printed. Equal and hashed by the text.
struct SubjectText: Sendable, Hashable {
    private let given: String?
    private let name: DistinguishedName?

    /// A subject given as text.
    init(_ text: String) {
        given = text
        name = nil
    }

    /// A subject printed from `name` when first read.
    init(name: DistinguishedName) {
        given = nil
        self.name = name
    }

    /// The RFC 4514 text.
    var text: String { given ?? name?.rfc4514 ?? "" }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
