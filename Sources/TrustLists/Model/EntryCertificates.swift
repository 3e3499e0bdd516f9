import COSE
import Dispatch
import Foundation
import X509

/// The certificates of a list's entries, decoded ahead of the entries themselves on every core.
///
/// Decoding the certificates is most of the cost of a large list (~35 µs each, 70% of a 10,000-entry VICAL), and
/// each is independent of the others, so they are decoded in parallel; the entries are then decoded in order with
/// their certificate at hand. An entry whose certificate fails here is decoded again in order, which raises the
/// same error in the same place: results do not depend on the number of cores.
enum EntryCertificates {
    /// Below this many entries the threads cost more than they save.
    static let parallelThreshold = 64

    /// The certificate of each item (`certificate` key), or nil where it is missing or does not decode.
    static func decode(_ items: [CBORReader]) -> [Certificate?] {
        let ders: [[UInt8]?] = items.map { item in try? item.map().required("certificate").bytes() }
        let workers = min(ProcessInfo.processInfo.activeProcessorCount, 16)
        guard items.count >= parallelThreshold, workers > 1 else {
            return ders.map { der in der.flatMap { try? Certificate(derEncoded: $0) } }
        }
        var results = [Certificate?](repeating: nil, count: ders.count)
        results.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes only its own contiguous slice of the buffer.
            nonisolated(unsafe) let output = buffer
            let chunk = (ders.count + workers - 1) / workers
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                let range = (worker * chunk)..<min(ders.count, (worker + 1) * chunk)
                for index in range {
                    output[index] = ders[index].flatMap { try? Certificate(derEncoded: $0) }
                }
            }
        }
        return results
    }
}
