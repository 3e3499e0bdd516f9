import Foundation
import TrustLists
import TrustListsService

/// `trustctl export DIR [--config FILE]`: writes the static export (snapshot and signed lists, content-addressed,
/// with a `current.json` pointer) of the verified cached lists into DIR, for nginx or a CDN.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export",
        overview: """
            Write the snapshot, the signed lists, the listed CAs' verified CRLs and the kept status lists as static \
            files for nginx or a CDN: content-addressed files, v1/ links at the HTTP API's paths, and a current.json \
            pointer, replaced atomically.
            """,
        usage: "<dir> [--config <file>]",
        options: [ConfigOption.option],
        discussion: """
            Exports from the lists cached by 'trustctl refresh' or trustlistd, each verified again first (as 'trustctl
            snapshot' does). Layout of <dir>:
              current.json                          generation, and the file of the snapshot, each list, CRL
                                                    and status list (with its URI)
              snapshot/<sha256>.json                the snapshot JSON, as GET /v1/snapshot serves it
              lists/<network>/<name>/<sha256>.cose  a list's signed bytes, as published (a LoTE's .jws)
              crls/<network>/<issuerSHA256>/<sha256>.crl  a listed CA's verified CRL (DER)
              status-lists/<uriSHA256>/<sha256>.cwt  a verified status list's token as published (.jwt: JWT),
                                                    named by the SHA-256 of its URI
              v1/snapshot, v1/lists/<network>/<name>, v1/crls/<network>/<issuerSHA256>,
              v1/status-lists/<uriSHA256>           links to the current files (the HTTP API's paths)
            New files are written first, then the links, then current.json, each atomically; files no longer current
            are removed an hour after they were superseded, the v1/crls/ link of a CA without a current CRL (it left
            its list) and the v1/status-lists/ link of a status list no longer kept right after current.json. Lists
            that are not trusted (no_trust, expired) are named in current.json without a file. trustlistd
            --export-dir keeps such a folder current after every refresh. The status lists are those of the store
            (prefetched, or fetched on demand for a decision).

            EXIT STATUS: 0 exported, 2 usage error, unreadable configuration or cache directory, or a file that
            cannot be written.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("missing the export folder <dir>") }
        if arguments.positionals.count > 1 { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        let time = context.now()
        guard let service = ServiceLoading.loaded(arguments, context: context, at: time) else { return 2 }
        let export = ExportDirectory(directory: URL(fileURLWithPath: path))
        do {
            let snapshot = service.snapshot
            let document = SnapshotDocument(snapshot: snapshot, json: try snapshot.jsonEncoded())
            let result = try export.write(
                document, lists: ExportDirectory.items(of: service, at: time), crls: service.signedCRLs,
                statusLists: Array(service.statusLists.published.values), at: time)
            context.print(
                "exported generation \(snapshot.generation) to \(export.directory.path): "
                    + "\(CountText.of(result.written.count, "file", "files")) written, \(result.pruned.count) removed"
                    + (result.pointerChanged ? "" : ", current.json unchanged"))
            return 0
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
    }
}
