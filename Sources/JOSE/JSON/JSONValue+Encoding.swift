internal import JSONText
import X509

extension JSONValue {
    /// The value as compact JSON text (RFC 8259), the same bytes for the same value every time: object members
    /// sorted by the UTF-8 bytes of their names, no whitespace, strings as the project's one JSON string writer
    /// (`JSONString`) writes them (only `"`, `\` and control characters escaped), integers (magnitude at most 2^53)
    /// without a fraction, other numbers in Swift's shortest round-tripping form (`1.5`, `1e-07`).
    /// - Returns: UTF-8 JSON text.
    /// - Throws: `malformed_json` for a number that is infinite or NaN, which JSON cannot write.
    public func jsonEncoded() throws(JOSEError) -> [UInt8] {
        var output: [UInt8] = []
        try write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) throws(JOSEError) {
        switch self {
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, member) in sorted.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                try member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                try element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text):
            JSONString.append(text, to: &output)
        case .number(let number):
            guard number.isFinite else {
                throw JOSEError(.malformedJSON, "the number \(number) cannot be written as JSON (RFC 8259 §6)")
            }
            if let integer = integerValue {
                output.append(contentsOf: String(integer).utf8)
            } else {
                output.append(contentsOf: String(number).utf8)
            }
        case .bool(let value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null:
            output.append(contentsOf: "null".utf8)
        }
    }
}
