import COSE
import X509

/// What every fuzz target shares: reading libFuzzer's input, and stopping with a message when an invariant does
/// not hold (libFuzzer then saves the input as a crash reproducer).
public enum Fuzz {
    /// The input libFuzzer passes to `LLVMFuzzerTestOneInput`, copied into an array (it may be empty, with a nil
    /// pointer).
    /// - Parameters:
    ///   - start: the first byte, or nil when `count` is 0.
    ///   - count: the number of bytes.
    /// - Returns: the bytes.
    public static func bytes(_ start: UnsafePointer<UInt8>?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// Stops the process when `condition` is false: a broken invariant is a finding, like a crash.
    /// - Parameters:
    ///   - condition: the invariant.
    ///   - message: what was expected and what was found.
    public static func require(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        if !condition() { fatalError("fuzz invariant broken: \(message())", file: file, line: line) }
    }

    /// Stops the process when a decoder failed with a code outside the ones it documents.
    /// - Parameters:
    ///   - error: the error thrown.
    ///   - codes: the codes the decoder documents for bad input.
    ///   - what: the decoder's name, for the message.
    public static func requireCode<Domain>(
        _ error: CodedError<Domain>, in codes: Set<ReasonCode>, _ what: String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        require(
            codes.contains(error.code), "\(what) failed with undocumented code \(error.code): \(error.reason)",
            file: file, line: line)
        require(!error.reason.isEmpty, "\(what) failed with \(error.code) but no message", file: file, line: line)
    }

    /// Stops the process unless `error` is a ``COSEError`` with one of `codes` (for the untyped `throws` of the
    /// CBOR decoder).
    public static func requireCOSEError(
        _ error: any Error, in codes: Set<COSEError.Code>, _ what: String, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        guard let error = error as? COSEError else {
            fatalError("fuzz invariant broken: \(what) threw \(type(of: error)), not COSEError: \(error)")
        }
        requireCode(error, in: codes, what, file: file, line: line)
    }
}

extension CBORNode {
    /// The nesting depth as ``CBORDecoder/Limits/maxDepth`` counts it: the top item is 1, and the content of each
    /// array, map or tag is one level deeper.
    public var fuzzDepth: Int {
        switch content {
        case .array(let items): 1 + (items.map(\.fuzzDepth).max() ?? 0)
        case .map(let entries): 1 + (entries.map { max($0.key.fuzzDepth, $0.value.fuzzDepth) }.max() ?? 0)
        case .tagged(_, let inner): 1 + inner.fuzzDepth
        default: 1
        }
    }

    /// The number of nodes in the tree (the decoder counts string chunks too, so its count is at least this).
    public var fuzzNodeCount: Int {
        switch content {
        case .array(let items): 1 + items.reduce(0) { $0 + $1.fuzzNodeCount }
        case .map(let entries): 1 + entries.reduce(0) { $0 + $1.key.fuzzNodeCount + $1.value.fuzzNodeCount }
        case .tagged(_, let inner): 1 + inner.fuzzNodeCount
        default: 1
        }
    }
}
