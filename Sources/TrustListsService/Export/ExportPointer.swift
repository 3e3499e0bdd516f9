import Foundation
internal import JSONText
import TrustLists

/// `current.json` of an export (``ExportDirectory``, docs/cli.md, export): `schemaVersion` 1, the `generation` and
/// its `builtAt`, the `snapshot` file, and per list (`lists`, by id) and per CA's CRL (`crls`, by
/// `network/issuerSHA256`) the current file, and per kept status list (`statusLists`, by the SHA-256 of its URI, only
/// when there is one) its `uri`, `format`, file, `iat` and `exp`. Members without a value are left out, not `null`: a list without a
/// trusted version has only its `state`, a CRL without a nextUpdate no `nextUpdate`.
///
/// Written by the project's one JSON writer with dates as the wire has them, and members in the order of
/// `JSONSerialization`, which wrote this file before (numeric, case-insensitive: `net2/…` before `net10/…`), so that
/// a pointer stays byte for byte what it was.
struct ExportPointer: Encodable {
    /// A file of the export: its `path` (relative), `sha256` (hex) and size in `bytes`.
    struct File: Encodable {
        let path: String
        let sha256: String
        let bytes: Int
    }

    /// A list: its `state`; with a trusted version also that version's file, `date` and `nextUpdate`.
    struct List: Encodable {
        let state: String
        let file: File?
        let date: Date?
        let nextUpdate: Date?

        private enum Keys: String, CodingKey {
            case state, date, nextUpdate
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(state, forKey: .state)
            try file?.encode(to: encoder)
            if let date { try container.encode(date, forKey: .date) }
            if let nextUpdate { try container.encode(nextUpdate, forKey: .nextUpdate) }
        }
    }

    /// A CA's current CRL: its file, `thisUpdate` and `nextUpdate` (when it has one).
    struct CRL: Encodable {
        let file: File
        let thisUpdate: Date
        let nextUpdate: Date?

        private enum Keys: String, CodingKey {
            case thisUpdate, nextUpdate
        }

        func encode(to encoder: any Encoder) throws {
            try file.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(thisUpdate, forKey: .thisUpdate)
            if let nextUpdate { try container.encode(nextUpdate, forKey: .nextUpdate) }
        }
    }

    /// A kept status list: its `uri`, `format` (`jwt`, `cwt`), file, `iat` and `exp` (when it has one).
    struct StatusList: Encodable {
        let uri: String
        let format: String
        let file: File
        let iat: Date
        let exp: Date?

        private enum Keys: String, CodingKey {
            case uri, format, iat, exp
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(uri, forKey: .uri)
            try container.encode(format, forKey: .format)
            try file.encode(to: encoder)
            try container.encode(iat, forKey: .iat)
            if let exp { try container.encode(exp, forKey: .exp) }
        }
    }

    let schemaVersion = 1
    let generation: UInt64
    let builtAt: Date
    let snapshot: File
    let lists: [String: List]
    let crls: [String: CRL]
    let statusLists: [String: StatusList]

    private enum Keys: String, CodingKey {
        case schemaVersion, generation, builtAt, snapshot, lists, crls, statusLists
    }

    /// Every member; `statusLists` only when a status list is kept, so that a pointer without one stays what it was.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(generation, forKey: .generation)
        try container.encode(builtAt, forKey: .builtAt)
        try container.encode(snapshot, forKey: .snapshot)
        try container.encode(lists, forKey: .lists)
        try container.encode(crls, forKey: .crls)
        if !statusLists.isEmpty { try container.encode(statusLists, forKey: .statusLists) }
    }

    /// The pointer as `current.json` holds it, ending in a newline.
    /// - Throws: `EncodingError` (it holds nothing JSON cannot write).
    func jsonEncoded() throws -> [UInt8] {
        try Self.encoder.encode(self)
    }

    private static let encoder = PrettyJSONEncoder(dateText: { Timestamp.text($0) }, keyOrder: .serialization)
}
