import COSE
import Foundation
import FuzzSupport
import X509

// CBOR decoder (RFC 8949) over arbitrary bytes: a tree or malformed_cbor / limits_exceeded; the tree spans the input
// and respects the limits; tight limits never accept what the default ones reject; value → deterministic encoding
// → value is stable; tag 0 and tag 1 dates that parse format back to the same instant.
//
// libFuzzer options: -max_len=4096 -dict=Fuzz/Dictionaries/cbor.dict

/// Limits tight enough that the fuzzer reaches them quickly.
let tightLimits = CBORDecoder.Limits(maxInputBytes: 1 << 16, maxDepth: 4, maxItems: 64)

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = Fuzz.bytes(start, count)
    let codes: Set<COSEError.Code> = [.malformedCBOR, .limitsExceeded]

    let node: CBORNode?
    do {
        node = try CBORDecoder().decode(input)
    } catch {
        Fuzz.requireCOSEError(error, in: codes, "decode")
        node = nil
    }
    let tight: CBORNode?
    do {
        tight = try CBORDecoder(limits: tightLimits).decode(input)
    } catch {
        Fuzz.requireCOSEError(error, in: codes, "decode with tight limits")
        if node != nil {
            Fuzz.require(
                (error as? COSEError)?.code == .limitsExceeded,
                "well-formed input rejected under tight limits with \(error), not limits_exceeded")
        }
        tight = nil
    }
    if let tight {
        Fuzz.require(tight.fuzzDepth <= tightLimits.maxDepth, "depth \(tight.fuzzDepth) over the limit")
        Fuzz.require(tight.fuzzNodeCount <= tightLimits.maxItems, "\(tight.fuzzNodeCount) items over the limit")
        Fuzz.require(node != nil, "accepted under tight limits, rejected under the default ones")
    }
    guard let node else { return 0 }
    Fuzz.require(node.encodedBytes.elementsEqual(input), "the top node does not span the input")

    // Deterministic re-encoding (RFC 8949 §4.2.1) decodes to an equal value and is a fixed point.
    let value = node.value
    let encoded = value.encoded()
    let again: CBOR
    do {
        again = try CBORDecoder().decode(encoded).value
    } catch {
        fatalError("the deterministic encoding of a decoded value does not decode: \(error)")
    }
    Fuzz.require(again == value, "decode(encode(value)) differs from value")
    Fuzz.require(again.hashValue == value.hashValue, "equal values hash differently")
    Fuzz.require(again.encoded() == encoded, "the deterministic encoding is not a fixed point")
    _ = value.description

    checkDates(node)
    return 0
}

/// Every tag 0 or tag 1 date that parses formats (RFC 3339) to a string that parses to the same instant.
func checkDates(_ node: CBORNode) {
    switch node.content {
    case .array(let items):
        items.forEach(checkDates)
    case .map(let entries):
        for entry in entries {
            checkDates(entry.key)
            checkDates(entry.value)
        }
    case .tagged(let tag, let inner):
        if tag == 0 || tag == 1, let date = try? CBORReader(node).date(), let text = RFC3339.string(from: date) {
            Fuzz.require(
                RFC3339.date(from: text) == date,
                "date \(date.timeIntervalSince1970) formats as \(text), which parses "
                    + "to \(RFC3339.date(from: text).map { "\($0.timeIntervalSince1970)" } ?? "nothing")")
        }
        checkDates(inner)
    default:
        break
    }
}
