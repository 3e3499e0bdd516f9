import Foundation
import X509

/// A List of Trusted Entities (ETSI TS 119 602): the payload `{"LoTE": {ListAndSchemeInformation,
/// TrustedEntitiesList}}` decoded, with the members the trust decisions and the reports use.
///
/// Decoded by ``init(jsonEncoded:limits:warnings:)``; members it does not use are recognised and ignored (addresses,
/// policies, pointers to other LoTEs), unknown ones are warnings.
public struct LoTE: Sendable, Hashable {
    /// `LoTEVersionIdentifier`: 1 for this edition.
    public let versionIdentifier: Int64
    /// `LoTESequenceNumber`: increases with every issue; the version for rollback.
    public let sequenceNumber: Int64
    /// `LoTEType`, a URI such as `http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList`.
    public let type: String
    /// `SchemeOperatorName`, one entry per language, never empty.
    public let schemeOperatorName: [MultilingualString]
    /// `SchemeName`, when present.
    public let schemeName: [MultilingualString]
    /// `SchemeTerritory`: an ISO 3166-1 alpha-2 country code or `EU`.
    public let schemeTerritory: String
    /// `ListIssueDateTime` (UTC).
    public let issueDate: Date
    /// `NextUpdate` (UTC): when the next issue is due; after it the list is overdue.
    public let nextUpdateTime: Date
    /// The usable trusted entities, in list order (broken ones were dropped with a warning).
    public let entities: [TrustedEntity]

    /// The operator's name for display: English, else the first.
    public var operatorName: String { MultilingualString.preferred(schemeOperatorName) ?? "" }
    /// Every usable service of every entity, in list order.
    public var services: [TrustedEntityService] { entities.flatMap(\.services) }
}

/// A string in one language (TS 119 602 `MultiLangString`: `{"lang": "en", "value": "…"}`; the URI form carries
/// `uriValue` instead of `value`).
public struct MultilingualString: Sendable, Hashable {
    /// The language tag (`en`, `fr`).
    public let language: String
    /// The text.
    public let value: String

    /// A string in a language.
    public init(language: String, value: String) {
        self.language = language
        self.value = value
    }

    /// The English text, else the first; nil for none.
    public static func preferred(_ strings: [MultilingualString]) -> String? {
        (strings.first { $0.language.lowercased() == "en" } ?? strings.first)?.value
    }
}

extension LoTE: ListDocument {
    public var provider: String { operatorName }
    public var providerNames: [String] { schemeOperatorName.map(\.value) }
    public var date: Date { issueDate }
    public var issueID: UInt64? { UInt64(exactly: sequenceNumber) }
    public var nextUpdate: Date? { nextUpdateTime }
    public var notAfter: Date? { nil }
    public var certificates: [Certificate] { services.flatMap(\.digitalIdentity.certificates) }
    public var entryCount: Int { entities.count }
    public var dateName: String { "ListIssueDateTime" }
    public var nextUpdateName: String { "NextUpdate" }
}
