import FuzzSupport
import TrustLists

// VICAL payload (the map inside the COSE_Sign1) over arbitrary bytes: see Fuzz.checkPayload(_:kind:).
//
// libFuzzer options: -max_len=8192 -dict=Fuzz/Dictionaries/cbor.dict

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    Fuzz.checkPayload(Fuzz.bytes(start, count), kind: .vical)
    return 0
}
