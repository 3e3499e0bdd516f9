import Foundation
import JOSE
import X509

/// Typed, path-aware access to one JSON object of a LoTE payload: required and optional members of the expected
/// kind, failing with `malformed_payload` and the member's path (`TrustedEntitiesList[3].TrustedEntityInformation.
/// TEName: expected an array, found string`), and unknown members reported as warnings.
struct LoTEJSONReader {
    let members: [String: JOSE.JSONValue]
    let path: String

    /// Reads `value` as an object at `path`.
    init(_ value: JOSE.JSONValue, path: String) throws(TrustListError) {
        guard let members = value.objectValue else { throw Self.wrongKind(path, "an object", value) }
        self.members = members
        self.path = path
    }

    func childPath(_ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

    func required(_ name: String) throws(TrustListError) -> JOSE.JSONValue {
        guard let value = members[name] else {
            throw TrustListError(.malformedPayload, "\(childPath(name)): missing; ETSI TS 119 602 requires it")
        }
        return value
    }

    func object(_ name: String) throws(TrustListError) -> LoTEJSONReader {
        try LoTEJSONReader(try required(name), path: childPath(name))
    }

    func string(_ name: String) throws(TrustListError) -> String {
        let value = try required(name)
        guard let text = value.stringValue else { throw Self.wrongKind(childPath(name), "a string", value) }
        return text
    }

    func optionalString(_ name: String) throws(TrustListError) -> String? {
        guard members[name] != nil else { return nil }
        return try string(name)
    }

    func integer(_ name: String) throws(TrustListError) -> Int64 {
        let value = try required(name)
        guard let number = value.integerValue else { throw Self.wrongKind(childPath(name), "an integer", value) }
        return number
    }

    func date(_ name: String) throws(TrustListError) -> Date {
        let text = try string(name)
        switch RFC3339.parse(text) {
        case .success(let date): return date
        case .failure(let failure):
            throw TrustListError(
                .malformedPayload,
                "\(childPath(name)): expected an RFC 3339 date-time, found \"\(text)\" (\(failure.reason))")
        }
    }

    func optionalDate(_ name: String) throws(TrustListError) -> Date? {
        guard members[name] != nil else { return nil }
        return try date(name)
    }

    /// The elements of an array member, at most `limit` of them; `[]` when absent and not `required`.
    func array(_ name: String, limit: Int, required isRequired: Bool = false) throws(TrustListError) -> [JOSE.JSONValue]
    {
        guard members[name] != nil || isRequired else { return [] }
        let value = try required(name)
        guard let elements = value.arrayValue else { throw Self.wrongKind(childPath(name), "an array", value) }
        guard elements.count <= limit else {
            throw TrustListError(
                .limitsExceeded, "\(childPath(name)): \(elements.count) elements; the limit is \(limit)")
        }
        return elements
    }

    /// A `MultiLangString` array (`[{"lang", "value"}]`); `[]` when absent and not `required`, never empty when
    /// required.
    func multilingual(
        _ name: String, required isRequired: Bool = false, limit: Int
    ) throws(TrustListError)
        -> [MultilingualString]
    {
        let elements = try array(name, limit: limit, required: isRequired)
        if isRequired, elements.isEmpty {
            throw TrustListError(.malformedPayload, "\(childPath(name)): expected at least one language, found none")
        }
        var strings: [MultilingualString] = []
        for (index, element) in elements.enumerated() {
            let item = try LoTEJSONReader(element, path: "\(childPath(name))[\(index)]")
            strings.append(MultilingualString(language: try item.string("lang"), value: try item.string("value")))
        }
        return strings
    }

    /// Records each member not in `known` as a warning.
    func reportUnknown(_ known: Set<String>, warnings: inout ListWarnings) {
        for name in members.keys.sorted() where !known.contains(name) {
            warnings.add("unknown member '\(name)' ignored", at: path.isEmpty ? "top level" : path)
        }
    }

    static func wrongKind(_ path: String, _ expected: String, _ value: JOSE.JSONValue) -> TrustListError {
        TrustListError(.malformedPayload, "\(path): expected \(expected), found \(value.kindName)")
    }
}
