import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

/// The daemon's refresh schedule: due times from the last success, `nextUpdate` and failures, with jitter, backoff
/// and the cap by healthy lists; a fixed clock and seeded generators.
@Suite("Refresh schedule")
struct RefreshScheduleTests {
    let now = TestPKI.referenceTime
    let policy = RefreshSchedule.Policy(refreshInterval: 21_600)
    let vical = SourceID.list(ListID(network: "sim", kind: .vical))
    let rical = SourceID.list(ListID(network: "sim", kind: .rical))

    /// Plans `history` with `count` seeds and returns the delays from `origin`, in seconds.
    func delays(
        _ history: RefreshHistory, from origin: Date, policy: RefreshSchedule.Policy? = nil, count: Int = 500
    ) -> [(delay: TimeInterval, reason: RefreshSchedule.Reason)] {
        (0..<count).map { seed in
            var generator = SplitMix64(seed: UInt64(seed))
            let plan = RefreshSchedule.plan(history, now: now, policy: policy ?? self.policy, using: &generator)
            return (plan.due.timeIntervalSince(origin), plan.reason)
        }
    }

    @Test("a list never tried, or never refreshed without a failure, is due at once")
    func firstAttempt() {
        var generator = SplitMix64(seed: 1)
        for history in [
            RefreshHistory(lastAttempt: nil, lastSuccess: nil),
            RefreshHistory(lastAttempt: now - 60, lastSuccess: nil),
        ] {
            let plan = RefreshSchedule.plan(history, now: now, policy: policy, using: &generator)
            #expect(plan == RefreshSchedule.Plan(due: now, reason: .firstAttempt))
        }
    }

    @Test("a healthy list is due a refresh interval after its last success, within ±10%, spread over that range")
    func intervalWithJitter() {
        let last = now - 100
        let history = RefreshHistory(lastAttempt: last, lastSuccess: last, freshUntil: last + 10 * TestPKI.day)
        let results = delays(history, from: last)
        #expect(results.allSatisfy { $0.reason == .interval })
        let values = results.map(\.delay)
        #expect(values.allSatisfy { (19_440...23_760).contains($0) }, "\(values.min() ?? -1)...\(values.max() ?? -1)")
        // Spread: the draws reach into both outer fifths of the ±10% range.
        #expect(values.contains { $0 < 19_440 + 864 } && values.contains { $0 > 23_760 - 864 })
        // Without nextUpdate (nor date + maxAge) the same holds.
        let bare = delays(RefreshHistory(lastAttempt: last, lastSuccess: last), from: last)
        #expect(bare.allSatisfy { $0.reason == .interval && (19_440...23_760).contains($0.delay) })
    }

    @Test("when nextUpdate comes before the interval, the list is due in the last tenth of an interval before it")
    func nextUpdateNear() {
        let last = now
        let nextUpdate = last + 7_200
        let results = delays(
            RefreshHistory(lastAttempt: last, lastSuccess: last, freshUntil: nextUpdate), from: nextUpdate)
        #expect(results.allSatisfy { $0.reason == .nextUpdate })
        // 10% of 6 h = 2160 s before nextUpdate, at the latest at nextUpdate.
        #expect(results.allSatisfy { (-2_160...0).contains($0.delay) })
        #expect(results.contains { $0.delay < -1_800 } && results.contains { $0.delay > -360 })
    }

    @Test("past (or inside the window before) nextUpdate the list is polled every tenth of an interval, ±10%")
    func awaitingIssue() {
        for freshUntil in [now - 3_600, now + 600] {
            let results = delays(RefreshHistory(lastAttempt: now, lastSuccess: now, freshUntil: freshUntil), from: now)
            #expect(results.allSatisfy { $0.reason == .awaitingIssue })
            #expect(results.allSatisfy { (1_944...2_376).contains($0.delay) }, "\(freshUntil)")
        }
    }

    @Test("the backoff bound doubles from 30 s per failure up to the 1 h cap, and never exceeds the refresh interval")
    func backoffBounds() {
        let bounds = (1...9).map { policy.backoffBound(afterFailures: $0) }
        #expect(bounds == [30, 60, 120, 240, 480, 960, 1_920, 3_600, 3_600])
        #expect(policy.backoffBound(afterFailures: 10_000) == 3_600)
        #expect(policy.backoffBound(afterFailures: 0) == 30)
        let short = RefreshSchedule.Policy(refreshInterval: 60)
        #expect((1...4).map { short.backoffBound(afterFailures: $0) } == [30, 60, 60, 60])
    }

    @Test("after failures the retry delay is uniform between 0 and the bound (full jitter), from the last failure")
    func fullJitter() {
        for failures in [1, 3, 8] {
            let failedAt = now - 5
            let history = RefreshHistory(
                lastAttempt: failedAt, lastSuccess: now - 40_000, consecutiveFailures: failures, lastFailure: failedAt,
                freshUntil: now + TestPKI.day)
            let bound = policy.backoffBound(afterFailures: failures)
            let results = delays(history, from: failedAt)
            #expect(results.allSatisfy { $0.reason == .backoff })
            #expect(results.allSatisfy { (0...bound).contains($0.delay) })
            #expect(results.contains { $0.delay < bound * 0.1 } && results.contains { $0.delay > bound * 0.9 })
            let mean = results.map(\.delay).reduce(0, +) / Double(results.count)
            #expect(abs(mean - bound / 2) < bound * 0.1, "mean \(mean), bound \(bound)")
        }
    }

    @Test("a list that never succeeded backs off too")
    func backoffWithoutSuccess() {
        let history = RefreshHistory(lastAttempt: now, lastSuccess: nil, consecutiveFailures: 2, lastFailure: now)
        #expect(delays(history, from: now).allSatisfy { $0.reason == .backoff && (0...60).contains($0.delay) })
    }

    @Test("a LoTE service's withdrawal ahead makes the list due then when it comes first, healthy or failing")
    func statusChange() {
        let change = now + 600
        let healthy = RefreshHistory(lastAttempt: now, lastSuccess: now, statusChange: change)
        #expect(delays(healthy, from: now).allSatisfy { $0.delay == 600 && $0.reason == .statusChange })
        // Backing off after 9 failures waits up to an hour: the withdrawal in 10 minutes comes first.
        let failing = RefreshHistory(
            lastAttempt: now, lastSuccess: now - 100, consecutiveFailures: 9, lastFailure: now, statusChange: change)
        let plans = delays(failing, from: now)
        #expect(plans.allSatisfy { $0.delay <= 600 })
        #expect(plans.contains { $0.reason == .statusChange } && plans.contains { $0.reason == .backoff })
        // A withdrawal after the regular due time changes nothing: the interval comes first.
        let far = RefreshHistory(lastAttempt: now, lastSuccess: now, statusChange: now + 30 * 86_400)
        #expect(delays(far, from: now).allSatisfy { $0.reason == .interval })
    }

    @Test("a failing list is never due later than a healthy list's next due time; sooner backoff stays")
    func healthyCap() throws {
        var schedule = RefreshSchedule(policy: policy)
        var generator = SplitMix64(seed: 7)
        // The healthy list is overdue for its interval: due before the failing list's last failure.
        let healthy = RefreshHistory(lastAttempt: now - 30_000, lastSuccess: now - 30_000)
        let failing = RefreshHistory(
            lastAttempt: now, lastSuccess: now - 30_000, consecutiveFailures: 9, lastFailure: now)
        schedule.update([vical: healthy, rical: failing], now: now, using: &generator)
        let healthyPlan = try #require(schedule.plan(of: vical))
        #expect(healthyPlan.reason == .interval)
        #expect(schedule.plan(of: rical) == RefreshSchedule.Plan(due: healthyPlan.due, reason: .withHealthyList))
        #expect(schedule.due(at: now) == [vical, rical])

        // A first failure retried within 30 s keeps its own time: the healthy list is due hours later.
        var later = RefreshSchedule(policy: policy)
        later.update(
            [
                vical: RefreshHistory(lastAttempt: now, lastSuccess: now),
                rical: RefreshHistory(
                    lastAttempt: now, lastSuccess: now - 100, consecutiveFailures: 1, lastFailure: now),
            ], now: now, using: &generator)
        let plan = later.plan(of: rical)
        #expect(plan?.reason == .backoff)
        #expect(plan.map { (0...30).contains($0.due.timeIntervalSince(now)) } == true)
        #expect(later.nextDue == plan?.due)
        #expect(later.due(at: now + 31) == [rical])
    }

    @Test("due times are drawn once per history: an unchanged history keeps its time, a new attempt redraws")
    func stablePlans() {
        var schedule = RefreshSchedule(policy: policy)
        var generator = SplitMix64(seed: 3)
        let history = RefreshHistory(lastAttempt: now, lastSuccess: now)
        schedule.update([vical: history], now: now, using: &generator)
        let first = schedule.plan(of: vical)
        for step in 1...20 {
            schedule.update([vical: history], now: now + Double(step) * 900, using: &generator)
            #expect(schedule.plan(of: vical) == first)
        }
        schedule.update(
            [vical: RefreshHistory(lastAttempt: now + 100, lastSuccess: now + 100)], now: now + 100,
            using: &generator)
        #expect(schedule.plan(of: vical) != first)
        // Lists that are no longer configured are forgotten.
        schedule.update([rical: history], now: now, using: &generator)
        #expect(schedule.plan(of: vical) == nil)
        #expect(schedule.plan(of: rical) != nil)
    }

    @Test("the same seed gives the same plan whatever order the lists come in")
    func deterministic() {
        let histories = [
            vical: RefreshHistory(lastAttempt: now, lastSuccess: now),
            rical: RefreshHistory(lastAttempt: now, lastSuccess: now - 50),
        ]
        var a = RefreshSchedule(policy: policy)
        var b = RefreshSchedule(policy: policy)
        var generatorA = SplitMix64(seed: 11)
        var generatorB = SplitMix64(seed: 11)
        a.update(histories, now: now, using: &generatorA)
        b.update(Dictionary(uniqueKeysWithValues: histories.reversed()), now: now, using: &generatorB)
        #expect(a.plan(of: vical) == b.plan(of: vical))
        #expect(a.plan(of: rical) == b.plan(of: rical))
    }

    @Test("the policy follows the configuration; a cap below the base is a configuration error")
    func policyFromConfiguration() throws {
        let folder = try TemporaryDirectory()
        let pin = String(repeating: "a", count: 64)
        let configuration = try RefreshHarness.configuration(
            in: folder.url, pin: pin, extraNetwork: "", bootstrap: (nil, nil),
            urls: ("https://x/root", "https://x/vical", "https://x/rical"),
            extraTop: "\"refreshIntervalSeconds\": 600, \"backoffBaseSeconds\": 2, \"backoffCapSeconds\": 5")
        let policy = RefreshSchedule.Policy(configuration)
        #expect(policy.refreshInterval == 600)
        #expect((1...4).map { policy.backoffBound(afterFailures: $0) } == [2, 4, 5, 5])
        let defaults = RefreshSchedule.Policy(
            try RefreshHarness.configuration(
                in: folder.url, pin: pin, extraNetwork: "", bootstrap: (nil, nil),
                urls: ("https://x/root", "https://x/vical", "https://x/rical")))
        #expect(defaults == RefreshSchedule.Policy(refreshInterval: 21_600, backoffBase: 30, backoffCap: 3_600))
        #expect(throws: (any Error).self) {
            try RefreshHarness.configuration(
                in: folder.url, pin: pin, extraNetwork: "", bootstrap: (nil, nil),
                urls: ("https://x/root", "https://x/vical", "https://x/rical"),
                extraTop: "\"backoffBaseSeconds\": 60, \"backoffCapSeconds\": 30")
        }
    }
}

@Suite("Refresh history from status")
struct RefreshHistoryTests {
    @Test("a version stops being fresh at the earliest of nextUpdate, notAfter and its signer chain's expiry")
    func freshUntilTakesExpiryIntoAccount() throws {
        let harness = try RefreshHarness()
        var content = harness.sim.vicalContent(issueID: 1)
        content.nextUpdate = TestPKI.referenceTime + 3 * 365 * TestPKI.day
        try harness.publish(content)
        let now = TestPKI.referenceTime + 3600
        _ = try harness.refresh(at: now)
        let status = try #require(harness.status(at: now).lists.first { $0.id == harness.vicalID })
        let list = try #require(harness.configuration.list(harness.vicalID))
        // The signer (a year after the reference time) expires long before nextUpdate (three years after).
        #expect(RefreshHistory(status, list: list).freshUntil == harness.sim.vicalSigner.certificate.notAfter)
        content.nextUpdate = now + 600
        content.issueID = 2
        try harness.publish(content)
        _ = try harness.refresh(at: now + 60)
        let soon = try #require(harness.status(at: now + 60).lists.first { $0.id == harness.vicalID })
        #expect(RefreshHistory(soon, list: list).freshUntil == now + 600)
    }
}
