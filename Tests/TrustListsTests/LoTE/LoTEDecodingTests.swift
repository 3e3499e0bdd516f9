import Foundation
import JOSE
import TestSupport
import Testing
import TrustLists
import X509

/// The LoTE payload decoder against the real EU payloads (facts from their README) and against the required members
/// and types of the TS 119 602 JSON schema, written here by hand.
@Suite("LoTE payload decoding (ETSI TS 119 602)")
struct LoTEDecodingTests {
    static let pidType = "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList"
    static let pidIssuance = "http://uri.etsi.org/19602/SvcType/PID/Issuance"

    /// The members of `ListAndSchemeInformation` as JSON text, each required by the schema or this project.
    static let information: KeyValuePairs<String, String> = [
        "LoTEVersionIdentifier": "1",
        "LoTESequenceNumber": "7",
        "LoTEType": "\"\(pidType)\"",
        "SchemeOperatorName": "[{\"lang\": \"en\", \"value\": \"European Commission\"}]",
        "SchemeTerritory": "\"EU\"",
        "ListIssueDateTime": "\"2026-01-01T00:00:00Z\"",
        "NextUpdate": "\"2026-07-01T00:00:00Z\"",
    ]

    /// A hand-written LoTE: `information` members except `omit` (with `replace` overriding values), then `entities`.
    static func document(
        omit: String? = nil, replace: [String: String] = [:], entities: String = entity(), extra: String = ""
    ) -> [UInt8] {
        let members = information.filter { $0.key != omit }.map { "\"\($0.key)\": \(replace[$0.key] ?? $0.value)" }
        return Array(
            """
            {"LoTE": {"ListAndSchemeInformation": {\(members.joined(separator: ", "))\(extra)},
             "TrustedEntitiesList": [\(entities)]}}
            """.utf8)
    }

    /// One trusted entity with one service, as JSON text.
    static func entity(service: String = service()) -> String {
        """
        {"TrustedEntityInformation": {"TEName": [{"lang": "en", "value": "Entity"}]},
         "TrustedEntityServices": [\(service)]}
        """
    }

    /// One service as JSON text, its digital identity a JWK.
    static func service(
        type: String? = pidIssuance, identity: String = #"{"PublicKeyValues": [{"kty": "OKP"}]}"#
    )
        -> String
    {
        let typeMember = type.map { "\"ServiceTypeIdentifier\": \"\($0)\", " } ?? ""
        return """
            {"ServiceInformation": {\(typeMember)"ServiceName": [{"lang": "en", "value": "S"}],
             "ServiceDigitalIdentity": \(identity)}}
            """
    }

    static func decode(_ bytes: [UInt8]) throws(TrustListError) -> (LoTE, ListWarnings) {
        var warnings = ListWarnings()
        let lote = try LoTE(jsonEncoded: bytes, warnings: &warnings)
        return (lote, warnings)
    }

    @Test("the Commission's mock PID providers list decodes with its README's facts", .requires(.loteFixtures))
    func mockPIDProviders() throws {
        let (lote, _) = try Self.decode(try LoTEFixtures.bytes(LoTEFixtures.mockPIDProviders))
        #expect(lote.type == Self.pidType)
        #expect(lote.sequenceNumber == 1)
        #expect(lote.versionIdentifier == 1)
        #expect(Timestamp.text(lote.issueDate) == "2025-12-01T13:10:57Z")
        #expect(Timestamp.text(lote.nextUpdateTime) == "2026-06-01T13:10:57Z")
        #expect(lote.entities.count == 15)
        #expect(lote.services.flatMap(\.digitalIdentity.certificates).count == 17)
        #expect(lote.services.allSatisfy { $0.typeIdentifier == Self.pidIssuance })
        #expect(lote.services.allSatisfy { $0.status == nil })
        #expect(lote.schemeOperatorName.count == 23)
        #expect(lote.operatorName == "European Commission")
        #expect(lote.schemeTerritory == "EU")
    }

    @Test(
        "the reference implementation's list decodes: 7 entities, services without a type dropped with a warning",
        .requires(.loteFixtures))
    func referencePIDProviders() throws {
        let (lote, warnings) = try Self.decode(try LoTEFixtures.bytes(LoTEFixtures.referencePIDProviders))
        #expect(lote.type == Self.pidType)
        #expect(lote.sequenceNumber == 1)
        #expect(Timestamp.text(lote.issueDate) == "2026-03-16T16:34:24Z")
        #expect(Timestamp.text(lote.nextUpdateTime) == "2026-09-12T16:34:24Z")
        #expect(lote.entities.count == 7)
        #expect(lote.services.isEmpty)
        #expect(warnings.lines.contains { $0.contains("ServiceTypeIdentifier: missing") && $0.contains("7 entries") })
    }

    @Test("a hand-written LoTE decodes to its members")
    func handWritten() throws {
        let (lote, warnings) = try Self.decode(Self.document())
        #expect(lote.sequenceNumber == 7)
        #expect(lote.operatorName == "European Commission")
        #expect(lote.entities.map(\.displayName) == ["Entity"])
        #expect(lote.services.first?.digitalIdentity.publicKeys == [["kty": "OKP"]])
        #expect(warnings.isEmpty, "\(warnings.lines)")
    }

    @Test(
        "each required member of ListAndSchemeInformation missing is malformed_payload naming it",
        arguments: [
            "LoTEVersionIdentifier", "LoTESequenceNumber", "LoTEType", "SchemeOperatorName", "SchemeTerritory",
            "ListIssueDateTime", "NextUpdate",
        ])
    func missingMember(name: String) throws {
        let error = try #require(throws: TrustListError.self) { try Self.decode(Self.document(omit: name)) }
        #expect(error.code == .malformedPayload)
        #expect(error.reason.contains("LoTE.ListAndSchemeInformation.\(name): missing"))
    }

    @Test(
        "members of the wrong type are malformed_payload naming the type",
        arguments: [
            ("LoTESequenceNumber", "\"7\"", "an integer"), ("LoTESequenceNumber", "7.5", "an integer"),
            ("LoTEType", "1", "a string"), ("SchemeOperatorName", "\"Op\"", "an array"),
            ("SchemeOperatorName", "[]", "at least one language"),
            ("SchemeOperatorName", "[{\"lang\": \"en\"}]", "missing"),
            ("ListIssueDateTime", "\"2026-01-01\"", "RFC 3339"),
            ("NextUpdate", "\"2025-01-01T00:00:00Z\"", "not after"),
            ("LoTESequenceNumber", "0", "from 1 up"),
        ])
    func wrongType(name: String, value: String, expected: String) throws {
        let error = try #require(throws: TrustListError.self) {
            try Self.decode(Self.document(replace: [name: value]))
        }
        #expect(error.code == .malformedPayload)
        #expect(error.reason.contains(expected), "\(error.reason)")
    }

    @Test(
        "a payload that is not a JSON object is malformed_payload, and the message names the payload",
        arguments: [("[1, 2]", "array"), ("\"LoTE\"", "string"), ("null", "null"), ("7", "number")])
    func notAnObject(text: String, kind: String) throws {
        let error = try #require(throws: TrustListError.self) { try Self.decode(Array(text.utf8)) }
        #expect(error.code == .malformedPayload)
        #expect(error.reason.hasPrefix("the LoTE payload: expected an object"), "\(error.reason)")
        #expect(error.reason.hasSuffix("found \(kind)"), "\(error.reason)")
    }

    @Test("a LoTEVersionIdentifier other than 1 is wrong_list_type")
    func otherVersion() throws {
        #expect(throws: TrustListError(.wrongListType)) {
            try Self.decode(Self.document(replace: ["LoTEVersionIdentifier": "2"]))
        }
    }

    @Test("a duplicate member is refused (malformed_json), even where the decoder would not read it")
    func duplicateMember() throws {
        let error = try #require(throws: TrustListError.self) {
            try Self.decode(Self.document(extra: #", "LoTESequenceNumber": 8"#))
        }
        #expect(error.code == .malformedJSON)
        #expect(error.reason.contains("duplicate member name \"LoTESequenceNumber\""))
    }

    @Test("deep and huge JSON fail with limits_exceeded before they are parsed")
    func limits() throws {
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(throws: TrustListError(.limitsExceeded)) { try Self.decode(deep) }
        var warnings = ListWarnings()
        #expect(throws: TrustListError(.limitsExceeded)) {
            try LoTE(jsonEncoded: Self.document(), limits: LoTELimits(maxBytes: 100), warnings: &warnings)
        }
        let many = Array(repeating: Self.entity(), count: 11).joined(separator: ",")
        #expect(throws: TrustListError(.limitsExceeded)) {
            try LoTE(
                jsonEncoded: Self.document(entities: many), limits: LoTELimits(maxEntities: 10), warnings: &warnings)
        }
    }

    @Test("unknown members are warnings with their place")
    func unknownMembers() throws {
        let (_, warnings) = try Self.decode(Self.document(extra: #", "Surprise": true"#))
        #expect(warnings.lines == ["unknown member 'Surprise' ignored (LoTE.ListAndSchemeInformation)"])
    }

    @Test("a broken entity is dropped with a warning; when every entity is broken the list is malformed")
    func brokenEntities() throws {
        let broken = #"{"TrustedEntityInformation": {}, "TrustedEntityServices": []}"#
        let (lote, warnings) = try Self.decode(Self.document(entities: Self.entity() + "," + broken))
        #expect(lote.entities.count == 1)
        #expect(warnings.lines.contains { $0.contains("trusted entity dropped") && $0.contains("TEName: missing") })
        let error = try #require(throws: TrustListError.self) { try Self.decode(Self.document(entities: broken)) }
        #expect(error.code == .malformedPayload)
        #expect(error.reason.contains("no entity of LoTE.TrustedEntitiesList is usable"))
    }

    /// The places follow the path notation of the decoder's messages (member names joined by `.`, array indexes in
    /// brackets), and a dropped service's reason is given relative to its place.
    @Test("warnings name the exact place: a service without a type in the second entity")
    func warningPlaces() throws {
        let untyped = Self.entity(service: Self.service(type: nil))
        let (lote, warnings) = try Self.decode(Self.document(entities: Self.entity() + "," + untyped))
        #expect(lote.entities.count == 2)
        #expect(
            warnings.lines == [
                "service dropped: ServiceInformation.ServiceTypeIdentifier: missing; ETSI TS 119 602 requires it "
                    + "(LoTE.TrustedEntitiesList[1].TrustedEntityServices[0])",
                "trusted entity without a usable service (LoTE.TrustedEntitiesList[1])",
            ])
        let error = try #require(throws: TrustListError.self) {
            try Self.decode(Self.document(replace: ["SchemeOperatorName": #"[{"lang": "en", "value": 7}]"#]))
        }
        #expect(
            error.reason == "LoTE.ListAndSchemeInformation.SchemeOperatorName[0].value: expected a string, found number"
        )
    }

    @Test("a certificate that is not DER drops its service; one in base64url is refused too")
    func brokenCertificate() throws {
        let garbage = Self.service(identity: #"{"X509Certificates": [{"val": "AAAA"}]}"#)
        let (lote, warnings) = try Self.decode(Self.document(entities: Self.entity(service: garbage)))
        #expect(lote.services.isEmpty)
        #expect(warnings.lines.contains { $0.contains("not an X.509 certificate") })
        let urlSafe = Self.service(identity: #"{"X509SKIs": ["-_-_"]}"#)
        let (_, urlWarnings) = try Self.decode(Self.document(entities: Self.entity(service: urlSafe)))
        #expect(urlWarnings.lines.contains { $0.contains("X509SKIs[0]") })
    }

    @Test("service status, starting time and history are read")
    func statusAndHistory() throws {
        let service = """
            {"ServiceInformation": {"ServiceTypeIdentifier": "\(Self.pidIssuance)",
              "ServiceName": [{"lang": "en", "value": "S"}], "ServiceDigitalIdentity": {"X509SKIs": ["AQID"]},
              "ServiceStatus": "http://uri.etsi.org/19602/Svcstatus/withdrawn",
              "StatusStartingTime": "2026-02-01T00:00:00Z"},
             "ServiceHistory": [{"ServiceName": [{"lang": "en", "value": "S"}],
              "ServiceDigitalIdentity": {"X509SKIs": ["AQID"]},
              "ServiceStatus": "http://uri.etsi.org/19602/Svcstatus/granted",
              "StatusStartingTime": "2025-01-01T00:00:00Z"}]}
            """
        let (lote, _) = try Self.decode(Self.document(entities: Self.entity(service: service)))
        let parsed = try #require(lote.services.first)
        #expect(parsed.status == "http://uri.etsi.org/19602/Svcstatus/withdrawn")
        #expect(parsed.statusStartingTime.map(Timestamp.text) == "2026-02-01T00:00:00Z")
        #expect(parsed.digitalIdentity.subjectKeyIdentifiers == [[1, 2, 3]])
        #expect(parsed.history.map(\.status) == ["http://uri.etsi.org/19602/Svcstatus/granted"])
    }
}
