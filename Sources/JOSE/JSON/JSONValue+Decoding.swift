import Foundation
import X509

extension JSONValue {
    /// Decodes one JSON text (RFC 8259) from untrusted input, limits first.
    ///
    /// In order: the size against ``JSONLimits/maxBytes``; UTF-8 validity (RFC 8259 §8.1); a linear pre-scan of the
    /// whole grammar that stops at the first container past ``JSONLimits/maxDepth`` and at the first duplicate
    /// member name (``JSONScanner``); only then Foundation's `JSONSerialization`, whose result is mapped into
    /// values. A top-level scalar is accepted (RFC 8259 §2); callers that need an object check the kind.
    /// - Parameters:
    ///   - bytes: the JSON text, UTF-8, without a byte order mark.
    ///   - limits: size and depth bounds.
    ///   - label: what the text is, for messages (`header`, `JWT claims`).
    /// - Throws: `limits_exceeded` over a limit; `malformed_json` for invalid UTF-8, anything outside the grammar,
    ///   a lone surrogate escape, a duplicate member name, or a number outside the range of a `Double`.
    public init(
        jsonEncoded bytes: [UInt8], limits: JSONLimits = JSONLimits(), label: String = "JSON"
    )
        throws(JOSEError)
    {
        guard bytes.count <= limits.maxBytes else {
            throw JOSEError(.limitsExceeded, "\(label): \(bytes.count) bytes of JSON; the limit is \(limits.maxBytes)")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw JOSEError(.malformedJSON, "\(label): expected UTF-8 text (RFC 8259 §8.1), found invalid UTF-8")
        }
        try JSONScanner.scan(bytes, maxDepth: limits.effectiveMaxDepth, label: label)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            // After the pre-scan only a number Foundation cannot represent (1e400) gets here.
            throw JOSEError(.malformedJSON, "\(label): \(FoundationErrorText.describe(error))")
        }
        self = try JSONValue(foundation: parsed, label: label)
    }

    /// The value of one `JSONSerialization` result; recursion is bounded by the pre-scan's depth limit.
    private init(foundation object: Any, label: String) throws(JOSEError) {
        switch object {
        case let members as [String: Any]:
            var result: [String: JSONValue] = [:]
            result.reserveCapacity(members.count)
            for (name, member) in members { result[name] = try JSONValue(foundation: member, label: label) }
            self = .object(result)
        case let elements as [Any]:
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for element in elements { result.append(try JSONValue(foundation: element, label: label)) }
            self = .array(result)
        case let text as String:
            self = .string(text)
        case is NSNull:
            self = .null
        case let number as NSNumber:
            // Foundation returns true and false as its boolean NSNumber subclass; `as? Bool` would also take 0 and 1.
            if type(of: number) == Self.booleanNumberType {
                self = .bool(number.boolValue)
            } else {
                let value = number.doubleValue
                guard value.isFinite else {
                    throw JOSEError(.malformedJSON, "\(label): the number \(number) is outside the range of a Double")
                }
                self = .number(value)
            }
        default:
            throw JOSEError(.malformedJSON, "\(label): Foundation returned an unexpected \(type(of: object))")
        }
    }

    /// The class Foundation uses for JSON `true` and `false`.
    private static let booleanNumberType: NSNumber.Type = type(of: NSNumber(value: true))
}
