import COSE
import Foundation
import X509

/// The Mobile Security Object the issuer signs in `issuerAuth` (ISO/IEC 18013-5 §9.1.2.4):
///
///     MobileSecurityObjectBytes = #6.24(bstr .cbor MobileSecurityObject)
///     MobileSecurityObject = { "version": tstr, "digestAlgorithm": tstr, "valueDigests": ValueDigests,
///                              "deviceKeyInfo": DeviceKeyInfo, "docType": tstr, "validityInfo": ValidityInfo }
///     ValueDigests = { + NameSpace => { + DigestID => Digest } }
///     DeviceKeyInfo = { "deviceKey": COSE_Key, ? "keyAuthorizations": …, ? "keyInfo": … }
///     ValidityInfo = { "signed": tdate, "validFrom": tdate, "validUntil": tdate, ? "expectedUpdate": tdate }
///
/// Other members (the second edition's `status`, extensions) are kept in ``otherMembers``, never refused.
public struct MobileSecurityObject: Sendable {
    /// `validityInfo` (§9.1.2.4), UTC.
    public struct ValidityInfo: Sendable, Hashable {
        /// When the MSO was signed.
        public let signed: Date
        /// The start of its validity.
        public let validFrom: Date
        /// The end of its validity.
        public let validUntil: Date
        /// When the issuer expects to re-sign it; nil when absent.
        public let expectedUpdate: Date?
    }

    /// `version`, e.g. `1.0`.
    public let version: String
    /// `digestAlgorithm`: SHA-256, SHA-384 or SHA-512.
    public let digestAlgorithm: Digest
    /// `valueDigests`: per namespace, the digest of each IssuerSignedItemBytes by digestID.
    public let valueDigests: [String: [UInt64: ArraySlice<UInt8>]]
    /// `deviceKeyInfo.deviceKey`: the key the device authenticates with (its shape checked; OpenSSL makes the key when
    /// device authentication is checked).
    public let deviceKey: COSEKey
    /// `docType`.
    public let docType: String
    /// `validityInfo`.
    public let validityInfo: ValidityInfo
    /// Every member not named above, by name, as decoded (e.g. `status`, second edition).
    public let otherMembers: [(name: String, value: CBORNode)]

    /// The second edition's `status` member (a status list reference); nil when absent.
    public var status: CBORNode? { otherMembers.first { $0.name == "status" }?.value }

    static let members: Set<String> = [
        "version", "digestAlgorithm", "valueDigests", "deviceKeyInfo", "docType", "validityInfo",
    ]

    /// Decodes MobileSecurityObjectBytes (the `issuerAuth` payload), limits first.
    /// - Parameters:
    ///   - payload: the COSE_Sign1 payload.
    ///   - limits: the bounds.
    ///   - path: where the payload is, for messages (`documents[0].issuerSigned.issuerAuth.payload`).
    /// - Throws: `malformed_mdoc` for another shape (not tag 24 over one CBOR map, a missing or mistyped member, a
    ///   digest of the wrong length, validFrom after validUntil, a device key that cannot be read);
    ///   `unsupported_digest_algorithm`; `limits_exceeded`.
    public init(payload: ArraySlice<UInt8>, limits: MDocLimits = MDocLimits(), path: String) throws(CredentialError) {
        let outer = try MDocDecoding.decode(payload, limits: limits.cbor, context: path)
        let reader = try MDocDecoding.embedded(CBORReader(outer, path: path), limits: limits.cbor)
        let map = try MDocDecoding.field { try reader.map() }
        version = try MDocDecoding.field { try map.required("version").text() }
        let algorithm = try MDocDecoding.field { try map.required("digestAlgorithm").text() }
        switch algorithm {
        case "SHA-256": digestAlgorithm = .sha256
        case "SHA-384": digestAlgorithm = .sha384
        case "SHA-512": digestAlgorithm = .sha512
        default:
            throw CredentialError(
                .unsupportedDigestAlgorithm,
                "\(reader.path).digestAlgorithm: expected SHA-256, SHA-384 or SHA-512 (ISO/IEC 18013-5 §9.1.2.5), "
                    + "found \"\(algorithm.prefix(40))\"")
        }
        let digestLength = [Digest.sha256: 32, .sha384: 48, .sha512: 64][digestAlgorithm] ?? 0
        let digestsReader = try MDocDecoding.field { try map.required("valueDigests") }
        let spaces = try MDocDecoding.textKeyedEntries(digestsReader)
        try limits.check(spaces.count, limits.maxNameSpaces, "namespaces", at: digestsReader.path)
        var digests: [String: [UInt64: ArraySlice<UInt8>]] = [:]
        for (name, value) in spaces {
            let entries = try MDocDecoding.field { try value.map() }.entries
            try limits.check(entries.count, limits.maxDigestsPerNameSpace, "digests", at: value.path)
            var byID: [UInt64: ArraySlice<UInt8>] = [:]
            byID.reserveCapacity(entries.count)
            for entry in entries {
                guard case .unsigned(let digestID) = entry.key.content else {
                    throw CredentialError(
                        .malformedMDoc,
                        "\(value.path): expected unsigned integer digestIDs, found \(MDocDecoding.kind(entry.key))")
                }
                guard case .byteString(let digest) = entry.value.content else {
                    throw CredentialError(
                        .malformedMDoc,
                        "\(value.path).\(digestID): expected a digest (byte string), found "
                            + MDocDecoding.kind(entry.value))
                }
                guard digest.count == digestLength else {
                    throw CredentialError(
                        .malformedMDoc,
                        "\(value.path).\(digestID): a digest of \(digest.count) bytes; \(algorithm) gives "
                            + "\(digestLength)")
                }
                byID[digestID] = digest
            }
            digests[name] = byID
        }
        valueDigests = digests
        let keyInfo = try MDocDecoding.field { try map.required("deviceKeyInfo").map() }
        let keyReader = try MDocDecoding.field { try keyInfo.required("deviceKey") }
        do {
            deviceKey = try COSEKey(keyReader)
        } catch {
            throw CredentialError(.malformedMDoc, error.reason)
        }
        docType = try MDocDecoding.field { try map.required("docType").text() }
        let validity = try MDocDecoding.field { try map.required("validityInfo").map() }
        validityInfo = try MDocDecoding.field {
            ValidityInfo(
                signed: try validity.required("signed").date(),
                validFrom: try validity.required("validFrom").date(),
                validUntil: try validity.required("validUntil").date(),
                expectedUpdate: try validity.optional("expectedUpdate")?.date())
        }
        guard validityInfo.validFrom <= validityInfo.validUntil else {
            throw CredentialError(
                .malformedMDoc,
                "\(validity.path): validFrom \(RFC3339.string(from: validityInfo.validFrom) ?? "?") is after "
                    + "validUntil \(RFC3339.string(from: validityInfo.validUntil) ?? "?")")
        }
        var others: [(name: String, value: CBORNode)] = []
        for entry in map.entries {
            if case .textString(let name) = entry.key.content, Self.members.contains(name) { continue }
            let name: String
            if case .textString(let text) = entry.key.content {
                name = text
            } else {
                name = entry.key.value.description
            }
            others.append((name, entry.value))
        }
        otherMembers = others
    }
}
