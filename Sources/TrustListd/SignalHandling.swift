import Dispatch
import Foundation

/// SIGTERM and SIGINT stop the daemon, SIGHUP reloads it; handled by Dispatch signal sources on a queue of their
/// own, never by a C signal handler, and built here rather than in `main.swift` (closures there are isolated to the
/// main actor, which Dispatch's threads are not on).
struct SignalHandling {
    /// How long a stop may take before the process exits regardless, in seconds. A fetch in flight is abandoned
    /// within about a second, so this only bites when something else hangs (a stuck file system).
    static let stopDeadlineSeconds = 10

    private let sources: [any DispatchSourceSignal]

    /// Blocks the three signals in the calling thread (so that every thread started afterwards inherits the
    /// block and none takes the default action), ignores their default dispositions, and starts the sources.
    /// Call it from the main thread before anything starts other threads.
    /// - Parameters:
    ///   - control: where requests go.
    ///   - logger: for the lines a second stop signal or the stop deadline writes.
    init(control: DaemonControl, logger: Logger) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&mask, signal) }
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        for signal in [SIGTERM, SIGINT, SIGHUP] { Foundation.signal(signal, SIG_IGN) }

        let queue = DispatchQueue(label: "trustlistd.signals")
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if control.requestStop(signal: name, announce: { logger.log(.info, "stopping", [("signal", name)]) }) {
                    queue.asyncAfter(deadline: .now() + .seconds(Self.stopDeadlineSeconds)) {
                        logger.log(
                            .warning, "stop deadline passed, exiting",
                            [
                                ("signal", name), ("reason", "stop_deadline"),
                                ("deadline.seconds", String(Self.stopDeadlineSeconds)),
                            ])
                        _exit(0)
                    }
                } else {
                    logger.log(
                        .warning, "second stop signal, exiting at once",
                        [("signal", name), ("reason", "second_signal")])
                    _exit(0)
                }
            }
            sources.append(source)
        }
        let hangup = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
        hangup.setEventHandler { control.requestReload() }
        sources.append(hangup)
        for source in sources { source.resume() }
        self.sources = sources
    }

    /// Stops the sources.
    func cancel() {
        for source in sources { source.cancel() }
    }
}
