import Foundation
import TrustLists

/// `trustctl snapshot [--config FILE]`: prints the stored snapshot.
enum SnapshotCommand: Command {
    static let spec = CommandSpec(
        name: "snapshot",
        overview: "Print the current snapshot (snapshot.json of the cache directory) that trust queries answer from.",
        usage: "[--config <file>]",
        options: [
            ConfigOption.option
        ],
        discussion: """
            The snapshot is JSON (schemaVersion 1): generation, builtAt, sources (one per configured list, with the
            facts that decide its state), issuers (IACAs with their docTypes) and verifiers (RICAL entries). Dates are
            RFC 3339 UTC; certificates and DER names are base64, hashes and key identifiers hex. The file is checked
            before it is printed.

            EXIT STATUS: 0 printed, 2 usage error, unreadable configuration, or no usable snapshot yet (run
            'trustctl refresh' to build one).
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let cache: URL
        switch SnapshotLoading.cacheDirectory(arguments, context: context) {
        case .success(let url): cache = url
        case .failure(let failure):
            context.printError("Error: \(failure.message)")
            return 2
        }
        switch SnapshotLoading.snapshot(in: cache) {
        case .success:
            // Checked above; print the stored bytes as they are.
            guard let data = try? Data(contentsOf: SnapshotFile.url(inCacheDirectory: cache)) else {
                context.printError("Error: \(SnapshotFile.url(inCacheDirectory: cache).path) cannot be read")
                return 2
            }
            context.standardOutput(String(decoding: data, as: UTF8.self))
            return 0
        case .failure(let failure):
            context.printError("Error: \(failure.message)")
            return 2
        }
    }
}
