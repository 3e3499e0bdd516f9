import Foundation
import TrustLists

/// Finding the configured cache directory and its snapshot for `snapshot` and `query`, with messages that tell the
/// operator what to do.
enum SnapshotLoading {
    /// Why the snapshot or configuration cannot be used, for `Error: …`.
    struct Failure: Error {
        let message: String
    }

    /// The cache directory of the configuration named by `--config`, `$TRUSTLISTS_CONFIG` or the default path.
    static func cacheDirectory(_ arguments: ParsedArguments, context: CommandContext) -> Result<URL, Failure> {
        do {
            return .success(try ConfigOption.load(arguments, context: context).cacheDirectory)
        } catch {
            return .failure(Failure(message: error.description))
        }
    }

    /// The snapshot stored in `cache`, or what to do when there is none or it is damaged.
    static func snapshot(in cache: URL) -> Result<Snapshot, Failure> {
        do {
            return .success(try SnapshotFile.read(inCacheDirectory: cache))
        } catch {
            let advice: String
            switch error.code {
            case .missing:
                advice = "no snapshot yet in \(cache.path): run 'trustctl refresh' to fetch the lists and build one"
            case .unsupportedSchema, .corrupt:
                advice = "the snapshot cannot be used (\(error.reason)); run 'trustctl refresh' to rebuild it"
            default:
                advice = "the snapshot cannot be read (\(error.reason))"
            }
            return .failure(Failure(message: advice))
        }
    }
}
