/// One entry of `TrustedEntitiesList` (ETSI TS 119 602): who the entity is and the services the list
/// trusts it for.
public struct TrustedEntity: Sendable, Hashable {
    /// `TrustedEntityInformation.TEName`, never empty.
    public let name: [MultilingualString]
    /// `TrustedEntityInformation.TETradeName` (often a registration number such as `VATFR-…`), when present.
    public let tradeName: [MultilingualString]
    /// The usable services (broken ones were dropped with a warning); may be empty.
    public let services: [TrustedEntityService]

    /// The entity's name for display: English, else the first.
    public var displayName: String { MultilingualString.preferred(name) ?? "" }
}
