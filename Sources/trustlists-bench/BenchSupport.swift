import Foundation
import Synchronization
import TrustLists

/// What every benchmark group shares: timing with warm-up and repetitions (median reported), peak memory, the
/// failure flag, and number formatting.
enum Bench {
    /// The per-iteration times of one measured operation, in seconds, one value per repetition.
    struct Timing {
        /// Iterations run back to back in each repetition.
        let iterations: Int
        /// Wall seconds per iteration, one value per repetition, in the order measured.
        let samples: [Double]
        /// Process CPU seconds per iteration (all threads), one value per repetition; empty when not measured.
        var cpuSamples: [Double] = []

        /// The repetitions of several timings of the same operation (with the same iteration count) as one.
        static func merged(_ timings: [Timing]) -> Timing {
            Timing(
                iterations: timings.first?.iterations ?? 0, samples: timings.flatMap(\.samples),
                cpuSamples: timings.flatMap(\.cpuSamples))
        }

        /// The median of ``samples``: the figure reported.
        var median: Double { Bench.median(samples) }
        /// The median of ``cpuSamples``: above ``median`` when several cores worked, close to it otherwise.
        var cpuMedian: Double { Bench.median(cpuSamples) }

        /// The fastest repetition's seconds per iteration.
        var minimum: Double { samples.min() ?? 0 }
        /// The slowest repetition's seconds per iteration.
        var maximum: Double { samples.max() ?? 0 }

        /// `R reps x N iter`: how many calls the figure rests on.
        var counts: String { "\(samples.count) reps x \(iterations) iter" }

        /// `median of R reps x N iter, range a..b, cpu c`: how the figure was obtained, for the printed line.
        var method: String {
            let cpu = cpuSamples.isEmpty ? "" : ", cpu \(duration(cpuMedian))"
            return
                "median of \(counts), range \(duration(minimum))..\(duration(maximum))\(cpu)"
        }
    }

    /// The median of `values` (0 for none).
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// CPU seconds the process has used so far, all threads (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`).
    static func processCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// Seconds of a `Duration` as a `Double`.
    static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// Measures `body`: one warm-up call (also used to pick the iteration count so that a repetition lasts about
    /// `targetSeconds`), then `repetitions` repetitions of that many calls, each timed with `ContinuousClock` (wall)
    /// and the process CPU clock.
    /// - Parameters:
    ///   - repetitions: timed repetitions; the median over them is reported.
    ///   - targetSeconds: wall time aimed at per repetition.
    ///   - maximumIterations: cap on the calls per repetition.
    ///   - iterations: calls per repetition, instead of calibrating (the warm-up call still happens).
    ///   - body: the operation; its result is kept alive so that it cannot be optimised away.
    /// - Returns: seconds per call, per repetition.
    static func measure<T>(
        repetitions: Int = 5, targetSeconds: Double = 0.3, maximumIterations: Int = 100_000, iterations: Int? = nil,
        _ body: () throws -> T
    ) rethrows -> Timing {
        let calibrated = try calibrate(targetSeconds: targetSeconds, maximumIterations: maximumIterations, body)
        let iterations = iterations ?? calibrated
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        for _ in 0..<repetitions {
            let (wall, cpu) = try time(iterations: iterations, body)
            samples.append(wall)
            cpuSamples.append(cpu)
        }
        return Timing(iterations: iterations, samples: samples, cpuSamples: cpuSamples)
    }

    /// Measures several operations in turn within each repetition (A B C, A B C, ...), so that a slow spell of the
    /// machine falls on all of them alike and their differences and ratios stay meaningful. Each operation is
    /// warmed up and calibrated on its own as in ``measure(repetitions:targetSeconds:maximumIterations:_:)``.
    /// - Returns: one timing per operation, in the order given.
    static func measureInterleaved(
        repetitions: Int = 5, targetSeconds: Double = 0.3, maximumIterations: Int = 100_000,
        _ operations: [() throws -> Any]
    ) throws -> [Timing] {
        let iterations = try operations.map {
            try calibrate(targetSeconds: targetSeconds, maximumIterations: maximumIterations, $0)
        }
        var samples = [[Double]](repeating: [], count: operations.count)
        var cpuSamples = samples
        for _ in 0..<repetitions {
            for (index, operation) in operations.enumerated() {
                let (wall, cpu) = try time(iterations: iterations[index], operation)
                samples[index].append(wall)
                cpuSamples[index].append(cpu)
            }
        }
        return operations.indices.map {
            Timing(iterations: iterations[$0], samples: samples[$0], cpuSamples: cpuSamples[$0])
        }
    }

    /// Runs `body` once (the warm-up) and returns how many calls fill about `targetSeconds`.
    private static func calibrate<T>(
        targetSeconds: Double, maximumIterations: Int, _ body: () throws -> T
    ) rethrows -> Int {
        var warmUp: T?
        let once = seconds(try ContinuousClock().measure { warmUp = try body() })
        keep(warmUp)
        return max(1, min(maximumIterations, Int(targetSeconds / max(once, 1e-9))))
    }

    /// Wall and process CPU seconds per call over `iterations` consecutive calls of `body`.
    private static func time<T>(iterations: Int, _ body: () throws -> T) rethrows -> (wall: Double, cpu: Double) {
        let cpuStart = processCPUSeconds()
        let elapsed = try ContinuousClock().measure {
            for _ in 0..<iterations { keep(try body()) }
        }
        let cpu = processCPUSeconds() - cpuStart
        return (seconds(elapsed) / Double(iterations), cpu / Double(iterations))
    }

    /// Takes a value in a way the optimiser cannot see through, so that the work producing it is not removed.
    @inline(never)
    static func keep<T>(_ value: T) {
        withExtendedLifetime(value) {}
    }

    // MARK: Memory

    /// The process's peak resident set while `body` ran, and how far it rose above the resident set before.
    struct MemoryPeak {
        /// `ru_maxrss` after `body`, in bytes.
        let peakBytes: Int
        /// The high-water mark just after the reset (the resident set then), in bytes.
        let baselineBytes: Int
        /// Whether the kernel's high-water mark was reset before `body` (`/proc/self/clear_refs`); when not,
        /// ``peakBytes`` may be an earlier, higher peak.
        let wasReset: Bool

        /// The rise over the baseline, in bytes.
        var growthBytes: Int { max(0, peakBytes - baselineBytes) }
    }

    /// Runs `body` once and reports the process's peak resident set (`getrusage(RUSAGE_SELF).ru_maxrss`) during it.
    ///
    /// The high-water mark is first reset by writing `5` to `/proc/self/clear_refs` (Linux 4.0+), so the figure
    /// belongs to `body` rather than to the largest thing the benchmark did before.
    /// Free heap memory is first handed back to the kernel (`malloc_trim`), so that pages kept by the allocator from
    /// earlier work do not hide the rise; the baseline is `ru_maxrss` right after the reset, which the kernel sets to
    /// the resident set at that moment.
    static func peakMemory<T>(_ body: () throws -> T) rethrows -> (result: T, peak: MemoryPeak) {
        trimHeap()
        let wasReset = (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil
        let baseline = maximumResidentBytes()
        let result = try body()
        let peak = MemoryPeak(peakBytes: maximumResidentBytes(), baselineBytes: baseline, wasReset: wasReset)
        return (result, peak)
    }

    /// Calls glibc's `malloc_trim(0)`, looked up with `dlsym` since Swift's Glibc module does not import
    /// `<malloc.h>`; does nothing where it is absent.
    static func trimHeap() {
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    /// `getrusage(RUSAGE_SELF).ru_maxrss` in bytes (Linux reports it in kibibytes).
    static func maximumResidentBytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    }

    // MARK: Failures

    /// The error lines recorded so far.
    private static let failures = Mutex<[String]>([])

    /// Records and prints an error that stopped part of a group; the process then exits with status 1.
    static func fail(_ what: String, _ error: any Error) {
        let line = "  ERROR \(what): \(error)"
        print(line)
        failures.withLock { $0.append(line) }
    }

    /// Whether any group recorded an error.
    static var hasFailures: Bool { failures.withLock { !$0.isEmpty } }

    // MARK: Formatting

    /// Prints a group's title line.
    static func title(_ name: String, _ summary: String) {
        print("\n== \(name): \(summary) ==")
    }

    /// A duration with a unit that keeps three or four significant digits: `812 ns`, `41.3 µs`, `12.4 ms`, `1.25 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 0 { return "-" + duration(-seconds) }
        switch seconds {
        case ..<1e-6: return fixed(seconds * 1e9, 0) + " ns"
        case ..<1e-3: return fixed(seconds * 1e6, seconds < 1e-5 ? 2 : 1) + " µs"
        case ..<1: return fixed(seconds * 1e3, seconds < 1e-2 ? 2 : 1) + " ms"
        default: return fixed(seconds, 2) + " s"
        }
    }

    /// `value` with `decimals` digits after the point.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }

    /// An integer with thousands separators: `10,000`.
    static func count(_ value: Int) -> String { CountText.grouped(value) }

    /// A rate: whole numbers with thousands separators from 100 up (`1,234`), two decimals below (`8.41`).
    static func rate(_ perSecond: Double) -> String {
        perSecond >= 100 ? count(Int(perSecond.rounded())) : fixed(perSecond, 2)
    }

    /// Bytes as MiB with one decimal: `12.3 MiB`.
    static func mebibytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, 1) + " MiB"
    }

    /// Bytes in decimal megabytes (10^6), the unit of the MB/s figures: `5.03 MB`.
    static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1e6, 2) + " MB"
    }

    /// A ratio `a / b` as `1.84x`; `n/a` when `b` is zero.
    static func ratio(_ a: Double, _ b: Double) -> String {
        b > 0 ? fixed(a / b, 2) + "x" : "n/a"
    }

    /// A left-aligned label padded to `width` characters, so that figures line up.
    static func label(_ text: String, _ width: Int = 50) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }

    /// Copies `bytes` into a new allocation, so that no buffer (and nothing derived from one) is shared with an
    /// earlier iteration: the "fresh bytes" of a cold measurement.
    static func freshCopy(_ bytes: [UInt8]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            _ = buffer.initialize(from: bytes)
            initialized = bytes.count
        }
    }
}
