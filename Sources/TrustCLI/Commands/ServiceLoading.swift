import Foundation
import TrustLists
import TrustListsService

/// What the reading commands (`status`, `snapshot`, `query`) share: a read-only ``TrustService`` over the configured
/// cache, loaded (every cached list verified again) at the time asked, with messages that tell the operator what to
/// do when it cannot be.
enum ServiceLoading {
    /// Why the configuration or the cache cannot be used, for `Error: …` or `UNKNOWN: …`.
    struct Failure: Error {
        let message: String
    }

    /// The loaded service of the configuration named by `--config`, `$TRUSTLISTS_CONFIG` or the default path.
    /// - Parameters:
    ///   - time: the time to verify the cached lists at and to answer at, UTC.
    ///   - memoCapacity: validated chains to memoize (0 for one-shot commands).
    static func load(
        _ arguments: ParsedArguments, context: CommandContext, at time: Date, memoCapacity: Int = 0
    ) -> Result<TrustService, Failure> {
        let configuration: Configuration
        do {
            configuration = try ConfigOption.load(arguments, context: context)
        } catch {
            return .failure(Failure(message: "\(error.code): \(error.description)"))
        }
        let service = TrustService(configuration: configuration, readOnly: true, memoCapacity: memoCapacity)
        do {
            try service.load(at: time)
        } catch {
            return .failure(Failure(message: "\(error.code): \(error.reason)"))
        }
        return .success(service)
    }

    /// The loaded service, or nil after printing `<prefix>: <why>` on standard error (the caller exits with its usage
    /// or UNKNOWN status).
    /// - Parameter prefix: `Error` for the query commands, `UNKNOWN` for the monitoring-style ones.
    static func loaded(
        _ arguments: ParsedArguments, context: CommandContext, at time: Date, prefix: String = "Error"
    ) -> TrustService? {
        switch load(arguments, context: context, at: time) {
        case .success(let service):
            return service
        case .failure(let failure):
            context.printError("\(prefix): \(failure.message)")
            return nil
        }
    }
}
