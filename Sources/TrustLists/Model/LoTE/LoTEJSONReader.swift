import Foundation
import JOSE
import X509

/// Typed, path-aware access to one JSON object of a LoTE payload, read in place from the scanned document
/// (``JOSE/JSONNode``): required and optional members of the expected kind, failing with `malformed_payload` and the
/// member's path (`TrustedEntitiesList[3].TrustedEntityInformation.TEName: expected an array, found string`), and
/// unknown members reported as warnings.
struct LoTEJSONReader {
    let node: JSONNode
    let path: LoTEPath

    /// Reads `value` as an object at `path`.
    init(_ value: JSONNode, path: LoTEPath) throws(TrustListError) {
        guard value.isObject else { throw Self.wrongKind(path, "an object", value) }
        self.node = value
        self.path = path
    }

    func childPath(_ name: String) -> LoTEPath { path.member(name) }

    func required(_ name: String) throws(TrustListError) -> JSONNode {
        guard let value = node[name] else {
            throw TrustListError(.malformedPayload, "\(childPath(name)): missing; ETSI TS 119 602 requires it")
        }
        return value
    }

    func object(_ name: String) throws(TrustListError) -> LoTEJSONReader {
        try LoTEJSONReader(try required(name), path: childPath(name))
    }

    func string(_ name: String) throws(TrustListError) -> String {
        try Self.string(try required(name), path: childPath(name))
    }

    func optionalString(_ name: String) throws(TrustListError) -> String? {
        guard let value = node[name] else { return nil }
        return try Self.string(value, path: childPath(name))
    }

    /// The UTF-8 of a required string member, not copied when it has no escapes (base64 of a certificate).
    func stringUTF8(_ name: String) throws(TrustListError) -> ArraySlice<UInt8> {
        let value = try required(name)
        guard let bytes = value.stringUTF8 else { throw Self.wrongKind(childPath(name), "a string", value) }
        return bytes
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
        guard node[name] != nil else { return nil }
        return try date(name)
    }

    /// The elements of an array member, at most `limit` of them; `[]` when absent and not `required`.
    func array(_ name: String, limit: Int, required isRequired: Bool = false) throws(TrustListError) -> [JSONNode] {
        guard let value = node[name] else {
            guard isRequired else { return [] }
            _ = try required(name)
            return []
        }
        guard let elements = value.elements else { throw Self.wrongKind(childPath(name), "an array", value) }
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
        strings.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let item = try LoTEJSONReader(element, path: childPath(name).element(index))
            strings.append(MultilingualString(language: try item.string("lang"), value: try item.string("value")))
        }
        return strings
    }

    /// Records each member not in `known` as a warning, in the order of their names.
    func reportUnknown(_ known: JSONNameSet, warnings: inout ListWarnings) {
        let unknown = node.memberNames(notIn: known)
        for name in unknown.sorted() {
            warnings.add("unknown member '\(name)' ignored", at: path.isRoot ? "top level" : path.description)
        }
    }

    static func string(_ value: JSONNode, path: LoTEPath) throws(TrustListError) -> String {
        guard let text = value.stringValue else { throw wrongKind(path, "a string", value) }
        return text
    }

    static func wrongKind(_ path: LoTEPath, _ expected: String, _ value: JSONNode) -> TrustListError {
        TrustListError(
            .malformedPayload,
            "\(path.isRoot ? "the LoTE payload" : "\(path)"): expected \(expected), found \(value.kindName)")
    }
}
