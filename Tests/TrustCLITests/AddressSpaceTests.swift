import Foundation
import TestSupport
import Testing
import X509

/// Decoding under a limit on address space (`ulimit -v`, `LimitAS=` in systemd, or `vm.overcommit_memory=2`), where
/// memory reserved but never touched still counts.
@Suite("Decoding within a limited address space")
struct AddressSpaceTests {
    /// Whether this process was built with AddressSanitizer, whose shadow memory alone is over any such limit.
    static let isSanitized = dlsym(dlopen(nil, RTLD_NOW), "__asan_init") != nil

    /// 60 nested definite-length arrays, each declaring as many items as there are bytes left after its head (the
    /// most the decoder's count check lets through), then zero bytes: `total` bytes of malformed CBOR.
    static func nestedClaims(total: Int, depth: Int = 60) -> [UInt8] {
        let filler = total - depth * 9
        var bytes: [UInt8] = []
        for level in 0..<depth {
            let claim = UInt64(filler + (depth - 1 - level) * 9)
            bytes.append(0x9b)
            bytes += (0..<8).map { UInt8(truncatingIfNeeded: claim >> (56 - 8 * UInt64($0))) }
        }
        return bytes + [UInt8](repeating: 0, count: filler)
    }

    /// Found while profiling the cbor fuzz target: the decoder reserved, at every nesting level, room for all the
    /// items a count claims, and each level may claim the same bytes left.
    @Test(
        "300 KB of nested array heads are rejected as malformed, not by an abort (each level reserved room for its claimed items, 1.3 GB in all)",
        .requires(.trustctl),
        .disabled(if: isSanitized, "AddressSanitizer's shadow memory does not fit an address-space limit"))
    func nestedCountClaims() throws {
        let trustctl = try #require(BuiltProducts.directory).appendingPathComponent("trustctl")
        let folder = try TemporaryDirectory()
        let input = try folder.write(Self.nestedClaims(total: 300_000), to: "nested.cbor")
        let root = try folder.write(Array(try ListSimulator().root.certificate.pemEncoded.utf8), to: "root.pem")
        let limited = try TestTools.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", #"ulimit -v 1000000 && exec "$0" verify "$1" --kind vical --root "$2""#, trustctl.path,
                input.path, root.path,
            ])
        #expect(limited.status == 1, "trustctl verify under 1 GB of address space: \(limited.stderr)")
    }
}
