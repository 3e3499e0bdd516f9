import Foundation
import FuzzSupport
import TrustLists

// snapshot.json (docs/architecture.md, The snapshot) as other processes read it, over arbitrary bytes: a snapshot or
// snapshot_corrupt / snapshot_schema; a snapshot read encodes, and its encoding reads back equal and encodes to the
// same bytes. (This service never answers queries from a file: they come from verified lists only.)
//
// libFuzzer options: -max_len=8192 -dict=Fuzz/Dictionaries/json.dict

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let snapshot: Snapshot
    do {
        snapshot = try Snapshot(jsonEncoded: Fuzz.bytes(start, count))
    } catch {
        Fuzz.requireCode(error, in: [.snapshotCorrupt, .snapshotSchema], "Snapshot(jsonEncoded:)")
        return 0
    }
    Fuzz.require(snapshot.schemaVersion == Snapshot.currentSchemaVersion, "read schema \(snapshot.schemaVersion)")
    let encoded: [UInt8]
    let again: Snapshot
    do {
        encoded = try snapshot.jsonEncoded()
        again = try Snapshot(jsonEncoded: encoded)
    } catch {
        fatalError("a snapshot that was read does not survive jsonEncoded() and reading back: \(error)")
    }
    Fuzz.require(again == snapshot, "the snapshot read back differs from the one written")
    Fuzz.require((try? again.jsonEncoded()) == encoded, "encoding is not stable")
    return 0
}
