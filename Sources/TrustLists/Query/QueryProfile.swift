import X509

/// What distinguishes the two queries: which list kind decides, which entries may end a chain, and which EKU the
/// leaf must carry.
struct QueryProfile: Sendable {
    /// The lists consulted, in messages.
    let listNoun: String
    /// How OpenSSL treats the listed entries.
    let anchorRule: ChainValidator.AnchorRule
    /// The EKU the leaf must carry.
    let leafEKU: String
    /// The reason when it does not.
    let ekuReason: ReasonCode
    /// What the leaf is, in messages.
    let leafNoun: String
    /// What a listed entry is, in messages.
    let entryNoun: String

    /// Reader authentication (docs/architecture.md, Queries): every RICAL entry ends a chain, self-signed or not
    /// (`X509_V_FLAG_PARTIAL_CHAIN`), so a listed leaf is trusted directly; leaf EKU 1.0.18013.5.1.6.
    static let reader = QueryProfile(
        listNoun: "RICAL or WRPAC providers LoTE", anchorRule: .everyAnchor, leafEKU: OID.readerAuthenticationEKU,
        ekuReason: .readerEKU,
        leafNoun: "reader certificate", entryNoun: "RICAL entry")

    /// Document signers (docs/architecture.md, Queries): IACAs are root certificates (ISO/IEC 18013-5 Annex B.1.2), so
    /// only a self-signed listed IACA ends a chain, without partial chains; leaf EKU 1.0.18013.5.1.2.
    static let issuer = QueryProfile(
        listNoun: "VICAL or PID/mDL providers LoTE", anchorRule: .selfSignedRootsOnly, leafEKU: OID.documentSignerEKU,
        ekuReason: .documentSignerEKU,
        leafNoun: "document signer", entryNoun: "IACA")
}
