/// What a listed certificate or key vouches for in trust decisions (docs/architecture.md, Queries): the issuers of
/// credentials (IACAs, PID and mDL providers), readers and relying parties, or wallet providers. A VICAL lists
/// issuers and a RICAL readers (``ListKind/listedRole``); a LoTE's services each say theirs by their type
/// (``LoTEServiceRole/anchorRole``).
public enum AnchorRole: String, Sendable, Hashable, CaseIterable {
    /// Issuers of credentials: document signers chain to them (ISO/IEC 18013-5 Annex B), as do SD-JWT VC issuers.
    case issuer
    /// Readers (mdoc verifiers) and relying parties.
    case reader
    /// Wallet providers (the AuthZEN role `http://ec.europa.eu/NS/wallet-provider`).
    case walletProvider = "wallet_provider"
}
