import Foundation
internal import JSONText

extension Snapshot {
    /// The snapshot as JSON (the form of `snapshot.json`, described at ``Snapshot``): pretty-printed with sorted
    /// keys, so that two equal snapshots give the same bytes, by the project's one JSON writer (`PrettyJSONEncoder`,
    /// the bytes Foundation's `JSONEncoder` writes with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`).
    /// - Returns: UTF-8 JSON text ending in a newline.
    /// - Throws: ``SnapshotError`` `snapshot_encoding` when a value cannot be written (a number that is not finite).
    public func jsonEncoded() throws(SnapshotError) -> [UInt8] {
        do {
            return try Self.encoder.encode(self)
        } catch {
            throw SnapshotError(.snapshotEncoding, "cannot encode the snapshot as JSON: \(error)")
        }
    }

    /// The writer of `snapshot.json`: dates (the snapshot writes its own as text) as ``Timestamp/text(_:)``.
    private static let encoder = PrettyJSONEncoder(dateText: { Timestamp.text($0) })

    /// Reads a snapshot from its JSON form and checks that it is one this build can query.
    ///
    /// Checks, in order: the text is JSON with every key of schema ``currentSchemaVersion`` of the right type, and the
    /// issuer and verifier tables have this build's `fields`;
    /// `schemaVersion` is that version; every source's `network` and `kind` agree with its `list`; every issuer comes
    /// from a configured VICAL and every verifier from a configured RICAL. Certificates stay base64 text: nothing is
    /// parsed here.
    /// - Parameter bytes: the file's content.
    /// - Throws: ``SnapshotError`` `snapshot_schema` for another schema version, `snapshot_corrupt` for anything
    ///   else, naming the JSON path of the first problem.
    public init(jsonEncoded bytes: [UInt8]) throws(SnapshotError) {
        try self.init(jsonData: Data(bytes))
    }

    /// Reads a snapshot from its JSON form held in `Data` (as read from a file, without a copy); see
    /// ``init(jsonEncoded:)``.
    /// - Throws: the ``SnapshotError`` codes of ``init(jsonEncoded:)``.
    public init(jsonData data: Data) throws(SnapshotError) {
        let decoder = JSONDecoder()
        let decoded: Snapshot
        do {
            decoded = try decoder.decode(Snapshot.self, from: data)
        } catch {
            // A newer schema may fail to decode as this one: say so rather than calling it corrupt.
            if let probe = try? JSONDecoder().decode(SchemaProbe.self, from: data), let version = probe.schemaVersion,
                version != Self.currentSchemaVersion
            {
                throw Self.unsupported(version)
            }
            throw SnapshotError(.snapshotCorrupt, "not a valid snapshot: \(Self.describe(error))")
        }
        guard decoded.schemaVersion == Self.currentSchemaVersion else { throw Self.unsupported(decoded.schemaVersion) }
        try decoded.checkReferences()
        self = decoded
    }

    private struct SchemaProbe: Decodable {
        var schemaVersion: Int?
    }

    private static func unsupported(_ version: Int) -> SnapshotError {
        SnapshotError(
            .snapshotSchema,
            "schemaVersion is \(version); this build reads schemaVersion \(currentSchemaVersion) (rebuild it with this build)"
        )
    }

    private func checkReferences() throws(SnapshotError) {
        var kinds: [ListID: ListKind] = [:]
        for (index, source) in sources.enumerated() {
            guard source.network == source.list.network, source.kind == source.list.kind else {
                throw SnapshotError(
                    .snapshotCorrupt,
                    "sources[\(index)]: network/kind \(source.network)/\(source.kind) differ from list \(source.list)")
            }
            guard kinds.updateValue(source.kind, forKey: source.list) == nil else {
                throw SnapshotError(.snapshotCorrupt, "sources[\(index)]: list \(source.list) appears twice")
            }
        }
        // Rows come grouped by list: look a list up only when it changes.
        func check(
            _ count: Int, _ list: (Int) -> ListID, _ allowed: Set<ListKind>, _ table: String
        ) throws(SnapshotError) {
            var previous: ListID?
            for index in 0..<count {
                let source = list(index)
                guard source != previous else { continue }
                guard let kind = kinds[source], allowed.contains(kind) else {
                    throw SnapshotError(
                        .snapshotCorrupt,
                        "\(table).rows[\(index)]: source \(source) is not a "
                            + allowed.sorted().map(\.displayName).joined(separator: " or ") + " of sources")
                }
                previous = source
            }
        }
        try check(issuers.count, { issuers[$0].source }, [.vical, .lote], "issuers")
        try check(verifiers.count, { verifiers[$0].source }, [.rical, .lote], "verifiers")
        try check(services.count, { services[$0].source }, [.lote], "services")
    }

    /// A decoding error as `path: what`, e.g. `issuers[3].notAfter: expected an RFC 3339 time, found "x"`.
    private static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text.isEmpty ? "(top level)" : text
        }
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context)
            return "\(parent == "(top level)" ? "" : parent + ".")\(key.stringValue): missing"
        case .typeMismatch(let type, let context):
            return "\(path(context)): expected \(type), found another type"
        case .valueNotFound(let type, let context):
            return "\(path(context)): expected \(type), found null"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return "\(path(context)): \(context.debugDescription)\(underlying)"
        @unknown default:
            return "\(error)"
        }
    }
}
