import Foundation
import TrustLists
import TrustListsService

/// Reloading the configuration (SIGHUP, `systemctl reload`) and the settings of the daemon's own log.
extension Daemon {
    /// Reads the configuration file again; on success a new service (store, fetcher, schedule) takes over.
    /// - Returns: whether the new configuration is in use.
    func reload() -> Bool {
        notifier.reloading()
        logger.log(.info, "reloading", [("config", configuration.file.path)])
        let next: Configuration
        do {
            next = try Configuration.load(path: configuration.file.path, environment: [:])
        } catch {
            logger.log(.error, "reload failed", [("reason", error.code.rawValue), ("message", error.description)])
            logger.log(
                .warning, "admin action",
                [
                    ("action", "reload"), ("outcome", "failed"), ("reason", error.code.rawValue),
                    ("source", "SIGHUP"),
                ])
            return false
        }
        applyLogSettings(next.log)
        // The new service verifies the cache before it takes over, so that requests never meet an empty generation;
        // requests in flight finish on the old service.
        let replacement = Self.makeService(next, control: control, refreshLog: refreshLog)
        var waited = false
        do {
            let events = try replacement.load(
                at: Date(), lockTimeout: Self.lockTimeoutSeconds, cancellation: control.cancellation,
                waiting: {
                    waited = true
                    self.logWaitingForLock()
                }, heartbeat: { self.control.beat() })
            if waited {
                logger.log(.info, "cache lock taken", [("lock", StoreLayout(root: next.cacheDirectory).lock.path)])
            }
            logStoreEvents(events)
        } catch  where control.stopSignal != nil {
            // Stopping: the load was abandoned; the loop ends after the refresh gives up too.
        } catch {
            logger.log(
                .warning, "cache not loaded before the reload's refresh",
                [("reason", error.code.rawValue), ("message", error.reason)])
        }
        holder.replace(with: replacement)
        if next.server != startServerSettings {
            logger.log(
                .warning, "server settings changed, in use at the next start",
                [("reason", "restart_required"), ("config", next.file.path)])
        }
        let ids = Set(next.lists.map(\.id))
        knownStates = knownStates.filter { ids.contains($0.key) }
        logger.log(
            .info, "configuration reloaded",
            [
                ("cache", next.cacheDirectory.path),
                ("lists", next.lists.map(\.id.description).joined(separator: ",")),
                ("check.interval.seconds", Self.number(next.checkIntervalSeconds)),
                ("refresh.interval.seconds", Self.number(next.refreshIntervalSeconds)),
            ])
        logger.log(.info, "admin action", [("action", "reload"), ("outcome", "reloaded"), ("source", "SIGHUP")])
        return true
    }

    /// Takes the configuration's `log` settings: its level always, its format unless `--log-format` was given.
    func applyLogSettings(_ settings: LogSettings) {
        logger.configure(format: logFormatOverride ?? settings.format, level: settings.level)
    }
}
