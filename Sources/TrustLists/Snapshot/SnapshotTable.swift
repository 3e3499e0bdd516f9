import Foundation

/// A type stored as one row of a snapshot table: its values in a fixed order, no keys.
protocol SnapshotRow: SendableMetatype {
    /// The field names, in row order: the table's `fields` header.
    static var fields: [String] { get }
    /// Reads one row.
    init(row: inout any UnkeyedDecodingContainer) throws
    /// Writes one row.
    func encode(row: inout any UnkeyedEncodingContainer) throws
}

/// The columns every issuer and verifier row starts with: the listed certificate and what chain building indexes it
/// by (`certificate`, `sha256`, `ski`, `aki`, `subject`, `subjectDER`, `issuerDER`). One coding for both tables.
protocol CertificateColumns {
    var certificate: String { get }
    var sha256: String { get }
    var ski: String { get }
    var aki: String? { get }
    var subject: String { get }
    var subjectDER: String { get }
    var issuerDER: String { get }
}

extension CertificateColumns {
    /// The columns' names, in row order.
    static var certificateFields: [String] {
        ["certificate", "sha256", "ski", "aki", "subject", "subjectDER", "issuerDER"]
    }

    /// Reads the leading certificate columns of a row, in ``certificateFields`` order.
    static func decodeCertificateColumns(
        _ row: inout any UnkeyedDecodingContainer
    ) throws -> (String, String, String, String?, String, String, String) {
        (
            try row.decode(String.self), try row.decode(String.self), try row.decode(String.self),
            try row.decodeIfPresent(String.self), try row.decode(String.self), try row.decode(String.self),
            try row.decode(String.self)
        )
    }

    /// Writes the leading certificate columns of a row.
    func encodeCertificateColumns(_ row: inout any UnkeyedEncodingContainer) throws {
        try row.encode(certificate)
        try row.encode(sha256)
        try row.encode(ski)
        try row.encodeOptional(aki)
        try row.encode(subject)
        try row.encode(subjectDER)
        try row.encode(issuerDER)
    }
}

/// How the snapshot stores its issuers and verifiers: a table, `{"fields": [names…], "rows": [[values…], …]}`, one
/// row per entry with its values in the order of `fields`; `null` for an absent optional value.
///
/// Why rows rather than one object per entry: Foundation's `JSONDecoder` builds a key dictionary for every object and
/// looks each key up in it, which about doubles the decode time of 10,000 issuers (measured: ~75 ms as rows against
/// ~130-190 ms as objects for the same 12 MB); the `fields` header keeps the file self-describing, and a header that
/// differs from this build's is rejected, so a row can never be read with the wrong column meanings.
struct SnapshotTable<Row: SnapshotRow>: Codable {
    var rows: [Row]

    init(_ rows: [Row]) {
        self.rows = rows
    }

    private enum Keys: String, CodingKey {
        case fields
        case rows
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let fields = try container.decode([String].self, forKey: .fields)
        guard fields == Row.fields else {
            throw DecodingError.dataCorruptedError(
                forKey: .fields, in: container,
                debugDescription:
                    "expected [\(Row.fields.joined(separator: ", "))], found [\(fields.joined(separator: ", "))]")
        }
        // Rows are read through nested containers straight into the array: no wrapper values to copy out.
        var list = try container.nestedUnkeyedContainer(forKey: .rows)
        var rows: [Row] = []
        rows.reserveCapacity(list.count ?? 0)
        while !list.isAtEnd {
            var row: any UnkeyedDecodingContainer = try list.nestedUnkeyedContainer()
            rows.append(try Row(row: &row))
            guard row.isAtEnd else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: row.codingPath, debugDescription: "more values than the \(Row.fields.count) fields")
                )
            }
        }
        self.rows = rows
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Row.fields, forKey: .fields)
        var list = container.nestedUnkeyedContainer(forKey: .rows)
        for value in rows {
            var row: any UnkeyedEncodingContainer = list.nestedUnkeyedContainer()
            try value.encode(row: &row)
        }
    }
}

extension UnkeyedDecodingContainer {
    /// The next value as an RFC 3339 date (``SnapshotTime``).
    mutating func decodeSnapshotDate() throws -> Date {
        let index = currentIndex
        let text = try decode(String.self)
        guard let date = SnapshotTime.parse(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [RowIndex(index)],
                    debugDescription: "expected an RFC 3339 time, found \"\(text)\""))
        }
        return date
    }

    /// The next value as a list id `network/name`.
    mutating func decodeListID() throws -> ListID {
        let index = currentIndex
        let text = try decode(String.self)
        // `network/name`, split at the last "/" by hand (ListID(_:) splits into an array, which shows at 10,000 rows).
        let utf8 = text.utf8
        if let slash = utf8.lastIndex(of: UInt8(ascii: "/")) {
            let network = text[..<slash]
            let name = text[text.index(after: slash)...]
            if ListID.isValidName(network), ListID.isValidName(name) {
                return ListID(network: String(network), name: String(name))
            }
        }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath + [RowIndex(index)],
                debugDescription: "expected a list id network/name (such as aamva/vical), found \"\(text)\""))
    }
}

extension UnkeyedEncodingContainer {
    /// Writes the value, or `null` when it is absent (rows keep every position).
    mutating func encodeOptional(_ value: String?) throws {
        if let value { try encode(value) } else { try encodeNil() }
    }
}

/// A position in a row, for error paths (`issuers.rows[3][10]`).
private struct RowIndex: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
