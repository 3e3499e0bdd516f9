import Foundation
import HTTPServer
import TrustAPI
import TrustLists
import TrustListsService

/// The daemon's HTTP API and static export.
extension Daemon {
    /// Starts the HTTP API when the configuration has a `server` object or systemd passed sockets.
    /// - Returns: false after logging why when it cannot listen (the daemon then exits 1).
    func startServer() -> Bool {
        guard configuration.server != nil || !passedSockets.isEmpty else { return true }
        let settings = configuration.server ?? ServerSettings()
        let logger = logger
        var access: RefreshNowAccess?
        if let admin = settings.admin {
            do {
                let control = control
                let requests = RefreshNow(minimumInterval: admin.minIntervalSeconds, runner: .loop { control.wake() })
                access = RefreshNowAccess(token: try AdminToken.load(admin), requests: requests)
                refreshRequests = requests
            } catch {
                logger.log(.error, "cannot start", [("reason", error.code.rawValue), ("message", error.reason)])
                return false
            }
        }
        do {
            let holder = holder
            let log = APILog(
                admin: { Self.log($0, to: logger) },
                accessEnabled: { holder.service.configuration.log.access },
                access: { Self.log($0, to: logger) })
            let server = try APIServer(
                api: TrustAPI(holder: holder, refreshNow: access, log: log), settings: settings,
                passedSockets: passedSockets,
                logger: { line in logger.log(.warning, "http notice", [("reason", "http_notice"), ("message", line)]) })
            apiServer = server
            let listeners =
                passedSockets.isEmpty
                ? zip(settings.listen, server.ports).map { address, port in
                    address.hasSuffix(":0") ? String(address.dropLast(2)) + ":\(port)" : address
                }
                : passedSockets.map { "fd \($0)" }
            logger.log(
                .info, "http serving",
                [
                    ("listen", listeners.joined(separator: ",")),
                    ("source", passedSockets.isEmpty ? "configuration" : "systemd"),
                    ("threads", String(settings.threads)), ("max.connections", String(settings.maxConnections)),
                    ("max.request.bytes", String(settings.maxRequestBytes)),
                    ("connection.timeout.seconds", String(settings.connectionTimeoutSeconds)),
                    ("refresh.now", settings.admin == nil ? "off" : "on"),
                ])
            return true
        } catch {
            logger.log(.error, "cannot start", [("reason", error.code.rawValue), ("message", error.reason)])
            return false
        }
    }

    /// One admin action over HTTP: `admin action` with its outcome and the client's address (never the token); a
    /// warning when refused or failed.
    static func log(_ record: AdminActionRecord, to logger: Logger) {
        logger.log(
            record.succeeded ? .info : .warning, "admin action",
            [
                ("action", record.action), ("outcome", record.outcome), ("reason", record.reason),
                ("status", String(record.status)), ("remote", record.remote ?? "unknown"),
                ("forwarded.for", record.forwardedFor),
            ])
    }

    /// One request of the access log (`log.access`): `http request`.
    static func log(_ record: AccessRecord, to logger: Logger) {
        logger.log(
            .info, "http request",
            [
                ("method", record.method), ("path", record.path), ("status", String(record.status)),
                ("bytes", String(record.bytes)), ("duration.seconds", String(format: "%.6f", record.durationSeconds)),
                ("client", record.client ?? "unknown"),
            ])
    }

    /// Brings the static export up to date with the current generation (``ExportDirectory``); logs a failure once
    /// until it changes.
    func export(at time: Date) {
        guard let exportDirectory else { return }
        let service = service
        guard let document = service.snapshotDocument else { return }
        do {
            let result = try ExportDirectory(directory: exportDirectory).write(
                document, lists: ExportDirectory.items(of: service, at: time), crls: service.signedCRLs,
                statusLists: Array(service.statusLists.published.values), at: time)
            if result.pointerChanged || !result.written.isEmpty || !result.pruned.isEmpty {
                logger.log(
                    .info, "export written",
                    [
                        ("dir", exportDirectory.path), ("snapshot.generation", String(document.snapshot.generation)),
                        ("files.written", String(result.written.count)), ("files.removed", String(result.pruned.count)),
                    ])
            }
            exportProblem = nil
        } catch {
            if error.reason != exportProblem {
                logger.log(.error, "export not written", [("reason", error.code.rawValue), ("message", error.reason)])
            }
            exportProblem = error.reason
        }
    }
}
