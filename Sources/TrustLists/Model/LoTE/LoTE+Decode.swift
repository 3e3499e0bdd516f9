import Foundation
import JOSE
import X509

extension LoTE {
    /// The LoTE versions this decoder reads (`LoTEVersionIdentifier`).
    public static let supportedVersion: Int64 = 1

    /// Decodes a LoTE payload (ETSI TS 119 602, JSON), limits first.
    ///
    /// The JSON goes through the JOSE module's limited reader (size, depth, duplicate member names refused). Required:
    /// `LoTE.ListAndSchemeInformation` with `LoTEVersionIdentifier` (1), `LoTESequenceNumber` (an integer ≥ 1),
    /// `LoTEType`, `SchemeOperatorName`, `SchemeTerritory`, `ListIssueDateTime` and `NextUpdate` (RFC 3339, after the
    /// issue time). In `TrustedEntitiesList`, an entity needs `TrustedEntityInformation.TEName` and
    /// `TrustedEntityServices`; a service needs `ServiceTypeIdentifier`, `ServiceName` and `ServiceDigitalIdentity`
    /// whose certificates OpenSSL parses. A broken entity or service is dropped with a warning, never the whole list;
    /// but a list whose every entity is broken is malformed. Unknown members are warnings.
    /// - Parameters:
    ///   - bytes: the payload's JSON (UTF-8).
    ///   - limits: size, depth and count bounds.
    ///   - warnings: receives the tolerated oddities.
    /// - Throws: ``TrustListError`` `limits_exceeded`, `malformed_json` (not JSON, a duplicate member name),
    ///   `malformed_payload` (a required member missing or of the wrong type, with its path), `wrong_list_type` (a
    ///   `LoTEVersionIdentifier` other than 1).
    public init(
        jsonEncoded bytes: [UInt8], limits: LoTELimits = LoTELimits(), warnings: inout ListWarnings
    )
        throws(TrustListError)
    {
        let document: JSONDocument
        do {
            document = try JSONDocument(
                jsonEncoded: bytes, limits: JSONLimits(maxBytes: limits.maxBytes, maxDepth: limits.maxDepth),
                label: "LoTE payload")
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        let top = try LoTEJSONReader(document.root, path: .root)
        top.reportUnknown(Self.topMembers, warnings: &warnings)
        let lote = try top.object("LoTE")
        lote.reportUnknown(Self.loteMembers, warnings: &warnings)

        let info = try lote.object("ListAndSchemeInformation")
        info.reportUnknown(Self.schemeInformationMembers, warnings: &warnings)
        versionIdentifier = try info.integer("LoTEVersionIdentifier")
        guard versionIdentifier == Self.supportedVersion else {
            throw TrustListError(
                .wrongListType,
                "LoTE.ListAndSchemeInformation.LoTEVersionIdentifier \(versionIdentifier) is not supported (1 is)")
        }
        sequenceNumber = try info.integer("LoTESequenceNumber")
        guard sequenceNumber >= 1 else {
            throw TrustListError(
                .malformedPayload,
                "LoTE.ListAndSchemeInformation.LoTESequenceNumber: expected an integer from 1 up, found \(sequenceNumber)"
            )
        }
        type = try info.string("LoTEType")
        schemeOperatorName = try info.multilingual("SchemeOperatorName", required: true, limit: limits.maxItems)
        schemeName = try info.multilingual("SchemeName", limit: limits.maxItems)
        schemeTerritory = try info.string("SchemeTerritory")
        issueDate = try info.date("ListIssueDateTime")
        nextUpdateTime = try info.date("NextUpdate")
        guard nextUpdateTime > issueDate else {
            throw TrustListError(
                .malformedPayload,
                "LoTE.ListAndSchemeInformation.NextUpdate \(Timestamp.text(nextUpdateTime)) is not after ListIssueDateTime "
                    + Timestamp.text(issueDate))
        }

        let items = try lote.array("TrustedEntitiesList", limit: limits.maxEntities)
        let itemsPath = lote.childPath("TrustedEntitiesList")
        let decoded = items.enumerated().map { ($0.offset, $0.element) }.parallelMap {
            (index, item) -> (entity: TrustedEntity?, warnings: ListWarnings, failure: String?) in
            var local = ListWarnings()
            do throws(TrustListError) {
                let reader = try LoTEJSONReader(item, path: itemsPath.element(index))
                return (try TrustedEntity(reader, limits: limits, warnings: &local), local, nil)
            } catch {
                return (nil, ListWarnings(), error.reason)
            }
        }
        var entities: [TrustedEntity] = []
        entities.reserveCapacity(items.count)
        var firstFailure: String?
        for (index, result) in decoded.enumerated() {
            if let entity = result.entity {
                entities.append(entity)
                warnings.merge(result.warnings)
            } else if let reason = result.failure {
                firstFailure = firstFailure ?? reason
                let path = itemsPath.element(index)
                warnings.add(
                    "trusted entity dropped: \(TrustedEntity.relative(reason, to: path))", at: path.description)
            }
        }
        if entities.isEmpty, let firstFailure {
            throw TrustListError(
                .malformedPayload, "no entity of LoTE.TrustedEntitiesList is usable; first: \(firstFailure)")
        }
        if items.isEmpty { warnings.add("LoTE.TrustedEntitiesList is empty or absent: this list trusts no one") }
        self.entities = entities
    }

    /// The top-level member of the payload.
    static let topMembers: JSONNameSet = ["LoTE"]
    /// The members of `LoTE`.
    static let loteMembers: JSONNameSet = ["ListAndSchemeInformation", "TrustedEntitiesList"]
    /// The members of `ListAndSchemeInformation` that TS 119 602 defines.
    static let schemeInformationMembers: JSONNameSet = [
        "LoTEVersionIdentifier", "LoTESequenceNumber", "LoTEType", "SchemeOperatorName", "SchemeOperatorAddress",
        "SchemeName", "SchemeInformationURI", "StatusDeterminationApproach", "SchemeTypeCommunityRules",
        "SchemeTerritory", "PolicyOrLegalNotice", "HistoricalInformationPeriod", "PointersToOtherLoTE",
        "ListIssueDateTime", "NextUpdate", "DistributionPoints", "SchemeExtensions",
    ]
}

extension TrustedEntity {
    /// The members of a `TrustedEntitiesList` entry.
    static let members: JSONNameSet = ["TrustedEntityInformation", "TrustedEntityServices"]
    /// The members of `TrustedEntityInformation`.
    static let informationMembers: JSONNameSet = [
        "TEName", "TETradeName", "TEAddress", "TEInformationURI", "TEInformationExtensions",
    ]

    /// Decodes one entry of `TrustedEntitiesList`; a broken service is dropped with a warning.
    init(_ reader: LoTEJSONReader, limits: LoTELimits, warnings: inout ListWarnings) throws(TrustListError) {
        reader.reportUnknown(Self.members, warnings: &warnings)
        let information = try reader.object("TrustedEntityInformation")
        information.reportUnknown(Self.informationMembers, warnings: &warnings)
        name = try information.multilingual("TEName", required: true, limit: limits.maxItems)
        tradeName = try information.multilingual("TETradeName", limit: limits.maxItems)
        let entityName = MultilingualString.preferred(name) ?? ""
        var services: [TrustedEntityService] = []
        for (index, item) in try reader.array("TrustedEntityServices", limit: limits.maxItems, required: true)
            .enumerated()
        {
            let path = reader.childPath("TrustedEntityServices").element(index)
            var local = ListWarnings()
            do {
                let service = try LoTEJSONReader(item, path: path)
                services.append(
                    try TrustedEntityService(service, entityName: entityName, limits: limits, warnings: &local))
                warnings.merge(local)
            } catch {
                warnings.add("service dropped: \(Self.relative(error.reason, to: path))", at: path.description)
            }
        }
        if services.isEmpty { warnings.add("trusted entity without a usable service", at: reader.path.description) }
        self.services = services
    }

    /// A reason whose text starts with `path`, with that prefix cut, so that the same fault in many places is one
    /// warning with its places listed (`ServiceInformation.ServiceTypeIdentifier: missing …`).
    static func relative(_ reason: String, to path: LoTEPath) -> String {
        let prefix = "\(path)."
        guard reason.hasPrefix(prefix) else { return reason }
        return String(reason.dropFirst(prefix.count))
    }
}

extension TrustedEntityService {
    /// The members of a `TrustedEntityServices` entry.
    static let members: JSONNameSet = ["ServiceInformation", "ServiceHistory"]
    /// The members of `ServiceInformation` that TS 119 602 defines.
    static let informationMembers: JSONNameSet = [
        "ServiceTypeIdentifier", "ServiceName", "ServiceDigitalIdentity", "ServiceStatus", "StatusStartingTime",
        "SchemeServiceDefinitionURI", "ServiceSupplyPoints", "ServiceDefinitionURI", "ServiceInformationExtensions",
    ]

    /// Decodes one entry of `TrustedEntityServices`: `ServiceInformation` and the optional `ServiceHistory`.
    init(
        _ reader: LoTEJSONReader, entityName: String, limits: LoTELimits, warnings: inout ListWarnings
    )
        throws(TrustListError)
    {
        reader.reportUnknown(Self.members, warnings: &warnings)
        let information = try reader.object("ServiceInformation")
        information.reportUnknown(Self.informationMembers, warnings: &warnings)
        typeIdentifier = try information.string("ServiceTypeIdentifier")
        name = try information.multilingual("ServiceName", required: true, limit: limits.maxItems)
        digitalIdentity = try ServiceDigitalIdentity(
            try information.object("ServiceDigitalIdentity"), limits: limits, warnings: &warnings)
        status = try information.optionalString("ServiceStatus")
        statusStartingTime = try information.optionalDate("StatusStartingTime")
        var history: [ServiceHistoryInstance] = []
        for (index, item) in try reader.array("ServiceHistory", limit: limits.maxItems).enumerated() {
            do {
                let instance = try LoTEJSONReader(item, path: reader.childPath("ServiceHistory").element(index))
                history.append(try ServiceHistoryInstance(instance, limits: limits, warnings: &warnings))
            } catch {
                let path = reader.childPath("ServiceHistory").element(index)
                warnings.add(
                    "service history instance dropped: \(TrustedEntity.relative(error.reason, to: path))",
                    at: path.description)
            }
        }
        self.history = history
        self.entityName = entityName
    }
}

extension ServiceHistoryInstance {
    /// Decodes one `ServiceHistoryInstance`.
    init(_ reader: LoTEJSONReader, limits: LoTELimits, warnings: inout ListWarnings) throws(TrustListError) {
        reader.reportUnknown(TrustedEntityService.informationMembers, warnings: &warnings)
        typeIdentifier = try reader.optionalString("ServiceTypeIdentifier")
        name = try reader.multilingual("ServiceName", limit: limits.maxItems)
        digitalIdentity = try ServiceDigitalIdentity(
            try reader.object("ServiceDigitalIdentity"), limits: limits, warnings: &warnings)
        status = try reader.string("ServiceStatus")
        statusStartingTime = try reader.date("StatusStartingTime")
    }
}

extension ServiceDigitalIdentity {
    /// The members of `ServiceDigitalIdentity`.
    static let members: JSONNameSet = [
        "X509Certificates", "X509SubjectNames", "PublicKeyValues", "X509SKIs", "OtherIds",
    ]

    /// Decodes a `ServiceDigitalIdentity`: `X509Certificates` (`[{"val": base64 DER}]`, parsed by OpenSSL),
    /// `PublicKeyValues` (JWK objects with a `kty`), `X509SKIs` (base64), `X509SubjectNames`.
    init(_ reader: LoTEJSONReader, limits: LoTELimits, warnings: inout ListWarnings) throws(TrustListError) {
        reader.reportUnknown(Self.members, warnings: &warnings)
        var certificates: [Certificate] = []
        for (index, item) in try reader.array("X509Certificates", limit: limits.maxItems).enumerated() {
            let entry = try LoTEJSONReader(item, path: reader.childPath("X509Certificates").element(index))
            let der = try Self.base64(try entry.stringUTF8("val"), path: entry.childPath("val"))
            do {
                certificates.append(try Certificate(listedDER: der))
            } catch {
                throw TrustListError(
                    .malformedPayload, "\(entry.childPath("val")): not an X.509 certificate: \(error.reason)")
            }
        }
        var keys: [JOSE.JSONValue] = []
        for (index, item) in try reader.array("PublicKeyValues", limit: limits.maxItems).enumerated() {
            let path = reader.childPath("PublicKeyValues").element(index)
            let jwk = try LoTEJSONReader(item, path: path)
            _ = try jwk.string("kty")
            keys.append(item.value)
        }
        var skis: [[UInt8]] = []
        for (index, item) in try reader.array("X509SKIs", limit: limits.maxItems).enumerated() {
            let path = reader.childPath("X509SKIs").element(index)
            guard let text = item.stringUTF8 else { throw LoTEJSONReader.wrongKind(path, "a base64 string", item) }
            skis.append(try Self.base64(text, path: path))
        }
        var names: [String] = []
        for (index, item) in try reader.array("X509SubjectNames", limit: limits.maxItems).enumerated() {
            guard let text = item.stringValue else {
                throw LoTEJSONReader.wrongKind(reader.childPath("X509SubjectNames").element(index), "a string", item)
            }
            names.append(text)
        }
        self.certificates = certificates
        self.publicKeys = keys
        self.subjectKeyIdentifiers = skis
        self.subjectNames = names
        if isEmpty {
            warnings.add("digital identity names no certificate, key, SKI or subject", at: reader.path.description)
        }
    }

    /// Canonical standard base64 (RFC 4648 §4, padded), as TS 119 602 writes DER and SKIs.
    static func base64(_ text: ArraySlice<UInt8>, path: LoTEPath) throws(TrustListError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Base64.decode(utf8: text, path: path.description, code: .malformedPayload)
        } catch {
            throw TrustListError(error.code, error.reason)
        }
        guard !bytes.isEmpty else { throw TrustListError(.malformedPayload, "\(path): expected bytes, found \"\"") }
        return bytes
    }
}
