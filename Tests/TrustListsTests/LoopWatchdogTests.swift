import Testing
import TrustLists
import TrustListsService

/// The daemon's stall rule (docs/operations.md: "a step stuck longer than one fetch's deadlines plus two minutes stops
/// the pings"), with the configuration defaults of docs/configuration.md (connect 10 s, total 60 s).
@Suite("Loop watchdog")
struct LoopWatchdogTests {
    @Test("defaults: stalled from 10 + 60 + 120 = 190 s of silence, not before")
    func defaults() {
        let rule = LoopWatchdog(http: HTTPSettings())
        #expect(rule.stallLimitSeconds == 190)
        #expect(!rule.isStalled(silenceSeconds: 0))
        #expect(!rule.isStalled(silenceSeconds: 189.9))
        #expect(rule.isStalled(silenceSeconds: 190))
        #expect(rule.isStalled(silenceSeconds: 3600))
    }

    @Test("short fetch deadlines still leave two minutes: 0.1 + 0.1 + 120 = 120.2 s")
    func shortDeadlines() {
        let rule = LoopWatchdog(http: HTTPSettings(connectTimeoutSeconds: 0.1, totalTimeoutSeconds: 0.1))
        #expect(!rule.isStalled(silenceSeconds: 120.1))
        #expect(rule.isStalled(silenceSeconds: 120.2))
    }
}
