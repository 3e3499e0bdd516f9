import Foundation
internal import JSONText

extension DemoNetwork {
    /// The configuration file of this network published as files: one network `id` whose root, VICAL and RICAL are
    /// read from `published` over `file://` URLs (so `allowInsecureURLs` is on), pinned by the root's SHA-256, with
    /// the cache in `../cache` beside the configuration's folder.
    /// - Parameters:
    ///   - id: the network id.
    ///   - published: the folder holding `root.pem`, `vical.cose` and `rical.cose`.
    ///   - crlFiles: CRL files under `published` to name as the network's extra CRL sources (`revocation.crls`).
    ///   - lotes: LoTE files under `published` to configure (`lotes`), each with its id and `LoTEType`.
    ///   - statusList: a status list URI (`file://localhost/…`) for the network's `statusLists`: mode `require`,
    ///     `allowedHosts` localhost, the URI prefetched; nil for no `statusLists` object.
    /// - Returns: the JSON text, ending with a newline.
    public func offlineConfiguration(
        id: String, published: URL, crlFiles: [String] = [], lotes: [(id: String, file: String, type: String)] = [],
        statusList: String? = nil
    ) -> String {
        // Every string through the one JSON string writer: a folder's path may hold a quote or a backslash.
        let quoted = JSONString.quoted
        let base = "file://\(published.path)/"
        let crls = crlFiles.map { "{ \"url\": \(quoted(base + $0)) }" }.joined(separator: ", ")
        let revocation = crlFiles.isEmpty ? "" : ",\n    \"revocation\": { \"crls\": [ \(crls) ] }"
        let loteEntries = lotes.map {
            "{ \"id\": \(quoted($0.id)), \"url\": \(quoted(base + $0.file)), \"loteType\": \(quoted($0.type)) }"
        }
        // The demo's status list is a file:// URI with the host localhost, the one host its credentials may make the
        // service fetch from; mode require, so a credential whose list cannot be had is refused, never waved through.
        let statusLists = statusList.map { uri in
            ",\n    \"statusLists\": { \"mode\": \"require\", \"allowedHosts\": [\"localhost\"], "
                + "\"prefetch\": [\(quoted(uri))] }"
        } ?? ""
        let loteList =
            lotes.isEmpty ? "" : ",\n    \"lotes\": [\n      " + loteEntries.joined(separator: ",\n      ") + "\n    ]"
        return """
            {
              "cacheDirectory": "../cache",
              "allowInsecureURLs": true,
              "networks": [ {
                "id": \(quoted(id)),
                "root": { "url": \(quoted(base + "root.pem")), "sha256": [\(quoted(root.certificate.sha256Hex))] },
                "vical": { "url": \(quoted(base + "vical.cose")), "provider": \(quoted(providerName)) },
                "rical": { "url": \(quoted(base + "rical.cose")), "provider": \(quoted(providerName)) }\(loteList)\(revocation)\(statusLists)
              } ]
            }

            """
    }

    /// Publishes the network in `folder` for a service to refresh from, offline: `published/root.pem`,
    /// `published/vical.cose` and `published/rical.cose` (signed by the network's signers), and
    /// `config/trustlists.json` (``offlineConfiguration(id:published:)``).
    /// - Parameters:
    ///   - folder: where to write; created when missing.
    ///   - id: the network id.
    ///   - vical: the VICAL's content; the network's default one when nil.
    ///   - rical: the RICAL's content; the network's default one when nil.
    /// - Returns: the configuration file.
    /// - Throws: when OpenSSL cannot sign or a file cannot be written.
    public func publishOffline(
        in folder: URL, id: String, vical: ListContent? = nil, rical: ListContent? = nil
    ) throws -> URL {
        let published = folder.appendingPathComponent("published")
        let config = folder.appendingPathComponent("config")
        for url in [published, config] {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        try Data(root.certificate.pemEncoded.utf8).write(to: published.appendingPathComponent("root.pem"))
        for content in [vical ?? vicalContent(), rical ?? ricalContent()] {
            try Data(try signed(content)).write(to: published.appendingPathComponent("\(content.kind.rawValue).cose"))
        }
        let file = config.appendingPathComponent("trustlists.json")
        try Data(offlineConfiguration(id: id, published: published).utf8).write(to: file)
        return file
    }
}
