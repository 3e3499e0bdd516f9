import COSE
import Foundation
import TestSupport
import Testing

@Suite("Decoder limits and hostile length claims")
struct CBORLimitsTests {
    @Test("200,000 nested arrays fail with limits_exceeded at the depth limit")
    func deepNestingFails() {
        let bytes = [UInt8](repeating: 0x81, count: 200_000) + [0x00]
        let error = coseError { try CBORDecoder().decode(bytes) }
        #expect(error?.code == .limitsExceeded)
        #expect(error?.reason.contains("64") == true)
    }

    @Test("200,000 nested tags and indefinite arrays fail with limits_exceeded too")
    func deepTagsAndIndefiniteArraysFail() {
        for head: UInt8 in [0xc6, 0x9f, 0xa1] {
            let bytes = [UInt8](repeating: head, count: 200_000)
            #expect(coseError { try CBORDecoder().decode(bytes) }?.code == .limitsExceeded)
        }
    }

    @Test("nesting up to maxDepth decodes and one level more fails")
    func depthLimitIsExact() throws {
        let limits = CBORDecoder.Limits(maxDepth: 5)
        let fiveLevels = [UInt8](repeating: 0x81, count: 4) + [0x00]
        _ = try CBORDecoder(limits: limits).decode(fiveLevels)
        let sixLevels = [UInt8](repeating: 0x81, count: 5) + [0x00]
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(sixLevels) }
    }

    @Test("a depth limit above the ceiling acts as the ceiling, and nesting to the ceiling decodes")
    func depthCeilingHolds() throws {
        let limits = CBORDecoder.Limits(maxDepth: .max)
        let ceiling = CBORDecoder.Limits.depthCeiling
        let atCeiling = [UInt8](repeating: 0x81, count: ceiling - 1) + [0x00]
        _ = try CBORDecoder(limits: limits).decode(atCeiling)
        let beyond = [UInt8](repeating: 0x81, count: 100_000) + [0x00]
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(beyond) }
    }

    @Test(
        "huge length claims fail fast with malformed_cbor before any allocation",
        arguments: [
            "5b 8000000000000000 00",  // byte string of 2^63 bytes
            "5b ffffffffffffffff 00",  // byte string of 2^64-1 bytes
            "7b 8000000000000000 61",  // text string of 2^63 bytes
            "9b 0000000100000000 00",  // array of 2^32 items
            "9a ffffffff 00 00",  // array of 2^32-1 items
            "9b ffffffffffffffff 00",  // array of 2^64-1 items
            "bb 8000000000000000 00 00",  // map of 2^63 entries
            "ba 00000003 00 00 00 00 00",  // map of 3 entries needs 6 bytes, has 5
            "5f 5b 8000000000000000 ff",  // a chunk of 2^63 bytes
            "c2 5b 7fffffffffffffff",  // a bignum claiming 2^63-1 bytes
        ])
    func hugeClaimsFailFast(_ example: String) {
        let error = coseError { try CBORDecoder().decode(hex(example)) }
        #expect(error?.code == .malformedCBOR)
        #expect(error?.reason.contains("left in the input") == true)
    }

    @Test("input over maxInputBytes fails with limits_exceeded before decoding")
    func inputSizeLimit() throws {
        let limits = CBORDecoder.Limits(maxInputBytes: 10)
        let tenBytes = CBOR.byteString([UInt8](repeating: 7, count: 9)).encoded()
        #expect(tenBytes.count == 10)
        _ = try CBORDecoder(limits: limits).decode(tenBytes)
        let elevenBytes = CBOR.byteString([UInt8](repeating: 7, count: 10)).encoded()
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(elevenBytes) }
        #expect(throws: COSEError(.limitsExceeded)) {
            try CBORDecoder(limits: limits).decode(Data(elevenBytes))
        }
    }

    @Test("the default limits are 16 MiB, depth 64 and 2,000,000 items")
    func defaultLimits() {
        let limits = CBORDecoder.Limits()
        #expect(limits.maxInputBytes == 16 * 1024 * 1024)
        #expect(limits.maxDepth == 64)
        #expect(limits.maxItems == 2_000_000)
    }

    @Test("more items than maxItems fail with limits_exceeded, counted before the array is allocated")
    func itemLimit() throws {
        let limits = CBORDecoder.Limits(maxItems: 10)
        // 1 array + 9 items = 10 heads: fits.
        _ = try CBORDecoder(limits: limits).decode(CBOR.array(Array(repeating: 0, count: 9)).encoded())
        let definite = CBOR.array(Array(repeating: 0, count: 10)).encoded()
        let error = coseError { try CBORDecoder(limits: limits).decode(definite) }
        #expect(error?.code == .limitsExceeded)
        #expect(error?.reason.contains("offset 0") == true)  // refused at the array's head, before its items
        let indefinite = [0x9f] + [UInt8](repeating: 0, count: 10) + [0xff]
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(indefinite) }
        let nested = CBOR.array([[0, 0, 0], [0, 0, 0], [0, 0, 0]]).encoded()  // 13 heads
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(nested) }
        let map = CBOR.map((0..<5).map { CBOR.MapEntry(key: .unsigned(UInt64($0)), value: 0) }).encoded()  // 11
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(map) }
        let chunks = hex("5f 41 00 41 00 41 00 41 00 41 00 41 00 41 00 41 00 41 00 41 00 ff")  // 11 heads
        #expect(throws: COSEError(.limitsExceeded)) { try CBORDecoder(limits: limits).decode(chunks) }
    }

    @Test("an array claim that fits the input but not the item limit is limits_exceeded, not malformed")
    func wellFormedOverItemLimit() {
        let bytes = hex("9a 00030d41") + [UInt8](repeating: 0, count: 200_001)  // 200,001 items
        let error = coseError { try CBORDecoder(limits: CBORDecoder.Limits(maxItems: 100_000)).decode(bytes) }
        #expect(error?.code == .limitsExceeded)
    }
}
