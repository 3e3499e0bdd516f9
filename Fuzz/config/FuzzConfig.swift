import Foundation
import FuzzSupport
import TrustLists

// The configuration file (docs/architecture.md, Configuration) over arbitrary bytes: a configuration whose values are
// in their documented ranges, or a ConfigurationError that names the file and says what is wrong.
//
// libFuzzer options: -max_len=4096 -dict=Fuzz/Dictionaries/json.dict

/// A file that does not exist, in a folder that does not exist: paths in the input resolve against it.
let file = URL(fileURLWithPath: "/nonexistent/trustlists-fuzz/config/trustlists.json")

/// The entry point libFuzzer calls with each input; returns 0 (the input is never rejected from the corpus).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let configuration: Configuration
    do {
        configuration = try Configuration(json: Data(Fuzz.bytes(start, count)), file: file)
    } catch {
        Fuzz.require(error.file == file.path, "the error names another file: \(error.file)")
        Fuzz.require(!error.message.isEmpty, "an error without a message at \(error.path)")
        return 0
    }
    let c = configuration
    Fuzz.require(c.cacheDirectory.path.hasPrefix("/"), "cacheDirectory is not absolute: \(c.cacheDirectory.path)")
    Fuzz.require(
        c.cacheDirectory.path != file.deletingLastPathComponent().path, "the cache is the configuration's folder")
    Fuzz.require((1...86_400).contains(c.checkIntervalSeconds), "checkIntervalSeconds \(c.checkIntervalSeconds)")
    Fuzz.require(
        (60...(30 * 86_400)).contains(c.refreshIntervalSeconds), "refreshIntervalSeconds \(c.refreshIntervalSeconds)")
    Fuzz.require(c.backoffCapSeconds >= c.backoffBaseSeconds, "backoff cap below its base")
    Fuzz.require((0...3_600).contains(c.clockSkewSeconds), "clockSkewSeconds \(c.clockSkewSeconds)")
    Fuzz.require(c.http.maxBytes >= 1, "maxBytes \(c.http.maxBytes)")
    Fuzz.require(!c.networks.isEmpty, "a configuration without networks")
    Fuzz.require(Set(c.networks.map(\.id)).count == c.networks.count, "duplicate network ids")
    for network in c.networks {
        Fuzz.require(!network.id.isEmpty && network.id.allSatisfy(\.isASCII), "network id '\(network.id)'")
        // A network may be LoTEs only (vical and rical are optional).
        Fuzz.require(
            network.vical != nil || network.rical != nil || !network.lotes.isEmpty, "network \(network.id) has no list")
        Fuzz.require(network.lotes.allSatisfy { $0.kind == .lote }, "a LoTE slot holds another kind")
        Fuzz.require(!network.root.pins.isEmpty, "network \(network.id) has no pin")
        Fuzz.require(network.root.pins.allSatisfy { $0.count == 32 }, "a pin that is not 32 bytes")
        Fuzz.require((network.root.url == nil) != (network.root.file == nil), "root needs exactly one of url, file")
        Fuzz.require(network.vical.map { $0.kind == .vical } ?? true, "vical slot holds a \(network.vical!.kind)")
        Fuzz.require(network.rical.map { $0.kind == .rical } ?? true, "rical slot holds a \(network.rical!.kind)")
    }
    let ids = c.lists.map(\.id)
    Fuzz.require(Set(ids).count == ids.count, "two lists with one id")
    for id in ids {
        Fuzz.require(ListID(id.description) == id, "list id \(id) does not parse back")
        Fuzz.require(c.list(id)?.id == id, "list(\(id)) does not find it")
    }
    return 0
}
