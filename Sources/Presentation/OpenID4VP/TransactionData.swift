import JOSE

/// One entry of an OpenID4VP 1.0 `transaction_data` parameter (§5.1, §8.4): a base64url-encoded JSON object describing
/// a transaction the verifier asks the holder to authorize (a payment, a signature), bound to the credentials it names.
/// A decision carries every entry into its answer, so that a consent screen shows each one; it never drops them.
///
/// §5.1: the wallet must refuse a request with a transaction data type it does not recognise. This module knows no
/// types: the wallet that shows the answer decides which ``type`` values it supports and refuses the others.
public struct TransactionDataEntry: Sendable, Hashable {
    /// The entry as received: base64url of the JSON object.
    public let encoded: String
    /// `type`: the transaction data type.
    public let type: String
    /// `credential_ids`: the ids of the DCQL Credential Queries the transaction is bound to (§5.1).
    public let credentialIDs: [String]
    /// The decoded object, every member as received.
    public let value: JSONValue

    /// Decodes a `transaction_data` parameter.
    /// - Parameters:
    ///   - parameter: the parameter as received (nil when absent).
    ///   - credentialQueryIDs: the `id`s of the request's DCQL Credential Queries; nil when the request has no DCQL
    ///     query (then the ids are not checked against it).
    ///   - limits: bounds on each decoded JSON object.
    /// - Returns: the entries, in order; empty when the parameter is absent.
    /// - Throws: ``PresentationError`` `malformed_request` naming the entry: not a non-empty array of strings, an
    ///   entry that is not base64url of a JSON object, without a string `type` or a non-empty `credential_ids` array
    ///   of strings, or naming a credential the DCQL query does not request (§5.1); `limits_exceeded` for an entry
    ///   over the JSON limits.
    public static func decode(
        _ parameter: JSONValue?, credentialQueryIDs: Set<String>?, limits: JSONLimits = JSONLimits()
    ) throws(PresentationError) -> [TransactionDataEntry] {
        guard let parameter else { return [] }
        guard let elements = parameter.arrayValue, !elements.isEmpty else {
            throw PresentationError(
                .malformedRequest, "transaction_data: expected a non-empty array of strings (OpenID4VP 1.0 §5.1)")
        }
        var entries: [TransactionDataEntry] = []
        for (index, element) in elements.enumerated() {
            let path = "transaction_data[\(index)]"
            guard let encoded = element.stringValue else {
                throw PresentationError(
                    .malformedRequest, "\(path): expected a base64url string (§5.1), found \(element.kindName)")
            }
            let value: JSONValue
            do {
                value = try JSONValue(
                    jsonEncoded: try Base64URL.decode(encoded, path: path), limits: limits, label: path)
            } catch {
                let code: PresentationError.Code = error.code == .limitsExceeded ? .limitsExceeded : .malformedRequest
                throw PresentationError(code, "\(path): not base64url of a JSON object (§5.1): \(error.reason)")
            }
            guard value.objectValue != nil else {
                throw PresentationError(.malformedRequest, "\(path): expected a JSON object, found \(value.kindName)")
            }
            guard let type = value["type"]?.stringValue, !type.isEmpty else {
                throw PresentationError(.malformedRequest, "\(path).type: missing or not a string (§5.1)")
            }
            let ids = value["credential_ids"]?.arrayValue ?? []
            let credentialIDs = ids.compactMap(\.stringValue)
            guard !ids.isEmpty, credentialIDs.count == ids.count else {
                throw PresentationError(
                    .malformedRequest, "\(path).credential_ids: expected a non-empty array of strings (§5.1)")
            }
            if let known = credentialQueryIDs, let unknown = credentialIDs.first(where: { !known.contains($0) }) {
                throw PresentationError(
                    .malformedRequest,
                    "\(path).credential_ids: \(unknown) is not the id of a Credential Query of dcql_query (§5.1)")
            }
            entries.append(
                TransactionDataEntry(encoded: encoded, type: type, credentialIDs: credentialIDs, value: value))
        }
        return entries
    }
}
