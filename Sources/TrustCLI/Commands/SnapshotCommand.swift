import Foundation
import TrustLists
import TrustListsService

/// `trustctl snapshot [--config FILE]`: prints the snapshot of the verified cached lists.
enum SnapshotCommand: Command {
    static let spec = CommandSpec(
        name: "snapshot",
        overview: "Print the snapshot that trust queries answer from, built from the cached lists verified again.",
        usage: "[--config <file>]",
        options: [
            ConfigOption.option
        ],
        discussion: """
            The snapshot is JSON (schemaVersion 2): generation, builtAt, sources (one per configured list, with the
            facts that decide its state), and three tables (fields + rows): issuers (IACAs, and the certificates of
            PID and mDL issuance services of LoTEs, with their docTypes), verifiers (RICAL entries, and the
            certificates of WRPAC issuance services) and services (every service of each usable LoTE: entity, name,
            type, status, statusStartingTime, listed, certificates, keyThumbprints, skis, source). Dates are RFC
            3339 UTC; certificates and DER names are base64, hashes and key identifiers hex. It is built from the
            lists cached by the last refresh, each verified again, never read from snapshot.json (which is written
            for other processes); its generation is the one the last refresh recorded. Before any refresh every list
            is no_trust.

            EXIT STATUS: 0 printed, 2 usage error, unreadable configuration or cache directory.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        guard let service = ServiceLoading.loaded(arguments, context: context, at: context.now()) else { return 2 }
        do {
            context.standardOutput(String(decoding: try service.snapshot.jsonEncoded(), as: UTF8.self))
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        return 0
    }
}
