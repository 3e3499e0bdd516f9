import COSE

/// What the mdoc (the holder's device) signed or MACed of one document (ISO/IEC 18013-5 §8.3.2.1.2.2):
///
///     DeviceSigned = { "nameSpaces": DeviceNameSpacesBytes, "deviceAuth": DeviceAuth }
///     DeviceNameSpacesBytes = #6.24(bstr .cbor DeviceNameSpaces)
///     DeviceNameSpaces = { * NameSpace => { + DataElementIdentifier => DataElementValue } }
///     DeviceAuth = { "deviceSignature": COSE_Sign1 } / { "deviceMac": COSE_Mac0 }
///
/// DeviceNameSpacesBytes are kept as sent: DeviceAuthentication (§9.1.3.4) embeds them as a data item.
public struct DeviceSigned: Sendable {
    /// How the device authenticated the response.
    public enum Authentication: Sendable {
        /// `deviceSignature`: a COSE_Sign1 with a detached payload, under the MSO's device key (§9.1.3.6).
        case signature(CBORNode)
        /// `deviceMac`: a COSE_Mac0 under a key agreed with the reader's ephemeral key (§9.1.3.5).
        case mac(CBORNode)
    }

    /// DeviceNameSpacesBytes as decoded; its ``CBORNode/encodedBytes`` are the bytes sent.
    public let nameSpacesBytes: CBORNode
    /// The device-signed element identifiers per namespace, in the order sent.
    public let nameSpaces: [(name: String, identifiers: [String])]
    /// `deviceAuth`.
    public let authentication: Authentication
    /// Where it is, for messages: `documents[0].deviceSigned`.
    public let path: String

    /// Decodes a DeviceSigned map.
    /// - Throws: `malformed_mdoc` for another shape (also `deviceAuth` with neither or both members), `limits_exceeded`.
    init(_ reader: CBORReader, limits: MDocLimits) throws(CredentialError) {
        let map = try MDocDecoding.field { try reader.map() }
        path = reader.path
        let bytesReader = try MDocDecoding.field { try map.required("nameSpaces") }
        nameSpacesBytes = bytesReader.node
        let spaces = try MDocDecoding.embedded(bytesReader, limits: limits.cbor)
        let entries = try MDocDecoding.textKeyedEntries(spaces)
        try limits.check(entries.count, limits.maxNameSpaces, "namespaces", at: spaces.path)
        var names: [(name: String, identifiers: [String])] = []
        for (name, value) in entries {
            let elements = try MDocDecoding.textKeyedEntries(value)
            try limits.check(elements.count, limits.maxItemsPerNameSpace, "elements", at: value.path)
            names.append((name, elements.map(\.key)))
        }
        nameSpaces = names
        let auth = try MDocDecoding.field { try map.required("deviceAuth").map() }
        let signature = auth.optional("deviceSignature")
        let mac = auth.optional("deviceMac")
        switch (signature, mac) {
        case (let signature?, nil): authentication = .signature(signature.node)
        case (nil, let mac?): authentication = .mac(mac.node)
        default:
            throw CredentialError(
                .malformedMDoc,
                "\(auth.path): expected exactly one of deviceSignature and deviceMac (ISO/IEC 18013-5 §8.3.2.1.2.2), "
                    + "found \(signature == nil && mac == nil ? "neither" : "both")")
        }
    }
}
