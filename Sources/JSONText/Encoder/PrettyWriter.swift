import Foundation

/// Writes a ``JSONNode`` tree as `JSONEncoder`'s pretty printer does with `.sortedKeys`: two spaces per level,
/// `"key" : value`, members sorted (by `String` order, or as ``PrettyJSONEncoder/KeyOrder/serialization`` says; a
/// name encoded twice: its last value), an empty container as its bracket, an empty line and the closing bracket;
/// numbers as `JSONEncoder` writes them.
struct PrettyWriter {
    var bytes: [UInt8] = []
    let keyOrder: PrettyJSONEncoder.KeyOrder

    init(keyOrder: PrettyJSONEncoder.KeyOrder) {
        self.keyOrder = keyOrder
        bytes.reserveCapacity(4096)
    }

    mutating func write(_ node: JSONNode, depth: Int) {
        switch node {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let bool): bytes.append(contentsOf: (bool ? "true" : "false").utf8)
        case .integer(let integer): writeInteger(integer)
        case .unsigned(let unsigned): writeUnsigned(unsigned)
        case .double(let double): writeFloatingPoint(double.description)
        case .float(let float): writeFloatingPoint(float.description)
        case .string(let string): JSONString.append(string, to: &bytes)
        case .numberText(let text): bytes.append(contentsOf: text.utf8)
        case .object(let object): write(object, depth: depth)
        case .array(let array): write(array, depth: depth)
        case .deferred(let encoder): write(encoder.storage ?? .object(JSONObjectNode()), depth: depth)
        }
    }

    private mutating func write(_ object: JSONObjectNode, depth: Int) {
        bytes.append(UInt8(ascii: "{"))
        bytes.append(0x0A)
        let members = object.members
        var order = Array(members.indices)
        // Stable: of equal names the last encoded comes last, and is the one written.
        switch keyOrder {
        case .codePoints:
            order.sort { members[$0].key < members[$1].key || (members[$0].key == members[$1].key && $0 < $1) }
        case .serialization:
            order.sort {
                switch Self.serializationOrder(members[$0].key, members[$1].key) {
                case .orderedAscending: true
                case .orderedDescending: false
                case .orderedSame: members[$0].key == members[$1].key && $0 < $1
                }
            }
        }
        var first = true
        for (position, index) in order.enumerated() {
            let key = members[index].key
            if position + 1 < order.count && members[order[position + 1]].key == key { continue }
            if !first { bytes.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            first = false
            indent(depth + 1)
            JSONString.append(key, to: &bytes)
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
            write(members[index].value, depth: depth + 1)
        }
        bytes.append(0x0A)
        indent(depth)
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func write(_ array: JSONArrayNode, depth: Int) {
        bytes.append(UInt8(ascii: "["))
        bytes.append(0x0A)
        for (index, element) in array.values.enumerated() {
            if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
            indent(depth + 1)
            write(element, depth: depth + 1)
        }
        bytes.append(0x0A)
        indent(depth)
        bytes.append(UInt8(ascii: "]"))
    }

    /// `JSONSerialization`'s comparison of member names (swift-corelibs-foundation: numeric, case-insensitive,
    /// forced ordering, the system locale), made by Foundation.
    private static func serializationOrder(_ a: String, _ b: String) -> ComparisonResult {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: a.startIndex..<a.endIndex,
            locale: Locale(identifier: ""))
    }

    private mutating func indent(_ depth: Int) {
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    /// A finite float as `JSONEncoder` writes it: Swift's shortest round-trip text without a trailing `.0` (`1`,
    /// `0.5`, `1e-07`, `-0`).
    private mutating func writeFloatingPoint(_ description: String) {
        var text = description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeInteger(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            writeUnsigned(value.magnitude)
        } else {
            writeUnsigned(UInt64(value))
        }
    }

    /// Decimal digits, written without making a `String`.
    private mutating func writeUnsigned(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for the 20 digits of UInt64.max
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = value
            while rest > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }
}
