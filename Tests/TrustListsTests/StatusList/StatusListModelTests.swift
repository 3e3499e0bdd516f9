import Foundation
import TestSupport
import Testing
import TrustLists
import X509

/// The status list itself: bit order, lookups, counts, and inflating `lst` under its cap (draft-ietf-oauth-status-list
/// §4.1, §8.3 steps 5–6, §11.1), with inputs from the draft and from zlib's format (RFC 1950).
@Suite("Status lists: bit order, lookups and inflating")
struct StatusListModelTests {
    /// §4.1: the compressed 1-bit example (0xB9 0xA3), hex.
    static let example = bytes(fromHex: "78dadbb918000217015d")!

    @Test("bits are read from the least significant bit of each byte (§4.1, §11.1)")
    func bitOrder() {
        // 0xB9 = 1011_1001: index 0 is the lowest bit (1), index 7 the highest (1); 0xA3 = 1010_0011 for 8 … 15.
        let one = StatusList(bits: .one, bytes: [0xB9, 0xA3])
        #expect((0..<16).map { one.status(at: $0).rawValue } == [1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1])
        // §4.1's 2-bit example: 0xC9 0x44 0xF9 hold 1, 2, 0, 3 | 0, 1, 0, 1 | 1, 2, 3, 3.
        let two = StatusList(bits: .two, bytes: [0xC9, 0x44, 0xF9])
        #expect((0..<12).map { two.status(at: $0).rawValue } == [1, 2, 0, 3, 0, 1, 0, 1, 1, 2, 3, 3])
        let four = StatusList(bits: .four, bytes: [0x21, 0xF3])
        #expect((0..<4).map { four.status(at: $0).rawValue } == [1, 2, 3, 15])
        let eight = StatusList(bits: .eight, bytes: [0x00, 0x01, 0x02, 0xFF])
        #expect(
            (0..<4).map { eight.lookup(UInt64($0)) } == [
                .status(.valid), .status(.invalid), .status(.suspended),
                .status(StatusType(rawValue: 0xFF)),
            ])
    }

    @Test("an index at or past the end is out of range, never a status", arguments: StatusListBits.allCases)
    func outOfRange(bits: StatusListBits) {
        let list = StatusList(bits: bits, bytes: [0, 0, 0])
        #expect(list.count == 3 * 8 / bits.rawValue)
        #expect(list.lookup(UInt64(list.count - 1)) == .status(.valid))
        for index in [UInt64(list.count), UInt64(list.count) + 1, UInt64(Int.max), UInt64.max] {
            #expect(list.lookup(index) == .indexOutOfRange(index: index, count: list.count))
            #expect(list.lookup(index).status == nil)
        }
    }

    @Test("counts per status, in one pass, agree with the statuses one by one", arguments: StatusListBits.allCases)
    func counts(bits: StatusListBits) {
        var generator = SplitMix64(seed: UInt64(bits.rawValue))
        let bytes = (0..<997).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let list = StatusList(bits: bits, bytes: bytes)
        var expected: [StatusType: Int] = [:]
        for index in 0..<list.count { expected[list.status(at: index), default: 0] += 1 }
        #expect(list.counts() == expected)
        #expect(list.counts().values.reduce(0, +) == list.count)
    }

    @Test("status names: VALID, INVALID, SUSPENDED, and the value in hex for the others (§7.1)")
    func statusNames() {
        #expect([StatusType.valid, .invalid, .suspended].map(\.name) == ["VALID", "INVALID", "SUSPENDED"])
        #expect(StatusType(rawValue: 3).name == "0x03")
        #expect(StatusType(rawValue: 0xC0).name == "0xc0")
        #expect(StatusType.valid.isValid && !StatusType.invalid.isValid && !StatusType(rawValue: 3).isValid)
        #expect(StatusListBits(claim: 3) == nil && StatusListBits(claim: 0) == nil && StatusListBits(claim: 16) == nil)
        #expect(StatusListBits.allCases.map { StatusListBits(claim: Int64($0.rawValue)) } == StatusListBits.allCases)
    }

    @Test("the inflated cap: 2^27 credentials at most 32 MiB, so at least 16 MiB at every bits")
    func caps() {
        let limits = StatusListLimits()
        #expect(limits.inflatedByteCap(for: .one) == 16 << 20)
        for bits in [StatusListBits.two, .four, .eight] { #expect(limits.inflatedByteCap(for: bits) == 32 << 20) }
        let small = StatusListLimits(maxEntries: 100, maxInflatedBytes: 1 << 20)
        #expect(small.inflatedByteCap(for: .one) == 12)
        #expect(small.inflatedByteCap(for: .eight) == 100)
    }

    @Test("inflating stops at the cap: exactly the cap is allowed, one byte more is limits_exceeded")
    func capBoundary() throws {
        // 2 bytes inflated (0xB9 0xA3): 16 credentials at 1 bit, 2 at 8 bits.
        let list = CompressedStatusList(bits: .one, compressed: Self.example)
        #expect(try list.inflate(limits: StatusListLimits(maxEntries: 16)).bytes == [0xB9, 0xA3])
        #expect(throws: TrustListError(.limitsExceeded)) { try list.inflate(limits: StatusListLimits(maxEntries: 15)) }
        #expect(throws: TrustListError(.limitsExceeded)) {
            try list.inflate(limits: StatusListLimits(maxInflatedBytes: 1))
        }
        let eight = CompressedStatusList(bits: .eight, compressed: Self.example)
        #expect(try eight.inflate(limits: StatusListLimits(maxEntries: 2)).count == 2)
        #expect(throws: TrustListError(.limitsExceeded)) { try eight.inflate(limits: StatusListLimits(maxEntries: 1)) }
    }

    @Test(
        "lst that is not exactly one complete ZLIB stream is malformed_status_list",
        arguments: [
            ("empty", []),
            ("one byte", [0x78]),
            ("truncated", Array(example.dropLast(3))),
            ("trailing byte", example + [0x00]),
            ("second stream", example + example),
            ("wrong Adler-32", Array(example.dropLast()) + [example.last! ^ 0x01]),
            ("raw DEFLATE, no ZLIB header", Array(example.dropFirst(2).dropLast(4))),
            ("gzip magic", [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x03, 0x00]),
            ("header check bits wrong", [0x78, 0xDB] + Array(example.dropFirst(2))),
            ("preset dictionary", [0x78, 0xBB, 0x00, 0x00, 0x00, 0x01, 0x03, 0x00]),
            ("stream of nothing", bytes(fromHex: "789c030000000001")!),
            ("ASCII text", Array("not a zlib stream".utf8)),
        ] as [(String, [UInt8])])
    func malformedLst(name: String, compressed: [UInt8]) {
        #expect(throws: TrustListError(.malformedStatusList), "\(name)") {
            try CompressedStatusList(bits: .one, compressed: compressed).inflate()
        }
    }
}
