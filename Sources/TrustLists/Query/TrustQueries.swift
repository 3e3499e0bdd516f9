import Foundation
import Synchronization
import X509

/// The trust queries wallet code asks (docs/architecture.md, Queries): is this reader trusted, may this document signer
/// sign this docType. Answers come from one snapshot generation, indexed by SHA-256, subject Name and SKI; a query
/// never does I/O and never throws.
///
/// Thread safety: the current generation is an immutable index behind a `Mutex` that is held only to copy its
/// reference. A query takes the reference and works on it; ``install(_:)`` builds the new index before taking the
/// lock, so swapping in a generation never waits for a query and a query never waits for a build. Queries that
/// started on the old generation finish on it.
///
/// Cost: listed certificates are parsed into OpenSSL objects only when a query first needs them, once per generation.
/// Successful chain validations are memoized per generation, keyed by the SHA-256s of the chain, and reused while
/// `at` lies in the window where every certificate of the validated chain is valid and the lists it came from are
/// usable; list states, EKU and docType are checked on every query.
public final class TrustQueries: Sendable {
    private let current: Mutex<TrustIndex>
    /// The most validated chains memoized per generation and query kind; 0 turns memoization off.
    public let memoCapacity: Int

    /// Indexes a verified snapshot generation for queries; parses no certificate.
    /// - Parameters:
    ///   - snapshot: the generation to answer from: built by ``SnapshotBuilder`` from lists this process verified.
    ///   - memoCapacity: the most validated chains memoized per generation and query kind (default 10,000; 0: none).
    public init(snapshot: VerifiedSnapshot, memoCapacity: Int = 10_000) {
        self.memoCapacity = max(0, memoCapacity)
        current = Mutex(TrustIndex(snapshot, memoCapacity: max(0, memoCapacity)))
    }

    /// Replaces the generation queries answer from. The new index is built first; the swap itself only exchanges a
    /// reference. Memos start empty for the new generation.
    /// - Parameter snapshot: the new generation.
    public func install(_ snapshot: VerifiedSnapshot) {
        let index = TrustIndex(snapshot, memoCapacity: memoCapacity)
        current.withLock { $0 = index }
    }

    /// The generation queries currently answer from.
    public var verifiedSnapshot: VerifiedSnapshot { index.verified }

    /// The snapshot queries currently answer from (its document form).
    public var snapshot: Snapshot { index.snapshot }

    /// The current generation.
    public var generation: UInt64 { index.snapshot.generation }

    var index: TrustIndex { current.withLock { $0 } }

    /// Whether a reader (mdoc verifier) is trusted: its chain must validate with OpenSSL to an entry of a usable RICAL
    /// at `time`, and its leaf must carry EKU 1.0.18013.5.1.6 (ISO/IEC 18013-5 Table B.8).
    ///
    /// Every RICAL entry with `isTrustAnchor` (absent: true) is an anchor, self-signed or not
    /// (`X509_V_FLAG_PARTIAL_CHAIN`), so a listed reader leaf is trusted as a chain of one; an entry with
    /// `isTrustAnchor` false only serves as an intermediate. Checks, in order (the first failing one is the reason):
    /// a RICAL is configured and one is usable at `time` (`trust_list_unavailable`, `trust_list_expired`); the chain
    /// relates to an entry of a usable RICAL — it is a chain certificate, or the issuer (by Name or key id) of one —
    /// else, if it relates only to entries of expired lists, `trust_list_expired`, else `not_on_trust_list`; OpenSSL
    /// validates it at `time` (`chain_invalid` with OpenSSL's text); the leaf's EKU (`reader_eku`). List states are
    /// recomputed at `time` from the snapshot's facts, so a list that was fresh at build time answers
    /// `trust_list_expired` once it has expired.
    /// - Parameters:
    ///   - chain: the reader's certificates, leaf first; intermediates optional, in any order.
    ///   - time: the time of the decision, UTC.
    ///   - readerEKUExemptNetworks: networks whose readers need not carry the reader EKU (OpenID4VP requests of
    ///     networks configured so; docs/architecture.md, Presentation); empty by default, and always for
    ///     ISO/IEC 18013-5 ReaderAuth.
    /// - Returns: `.trusted` with `verifiedBy: .certificate(commonName:)` of the leaf and the anchor (SHA-256, subject,
    ///   list, provider, issue id), or `.notTrusted` with the reason. An empty chain is `chain_invalid`.
    public func readerDecision(
        chain: [Certificate], at time: Date, readerEKUExemptNetworks: Set<String> = []
    ) -> TrustDecision {
        index.readerDecision(chain: chain, at: time, ekuExemptNetworks: readerEKUExemptNetworks)
    }

    /// Whether a document signer may sign mdocs of `docType`: its chain must validate with OpenSSL to an IACA of a
    /// usable VICAL at `time`, its leaf must carry EKU 1.0.18013.5.1.2 (ISO/IEC 18013-5 Table B.3), and the IACA's
    /// docTypes (merged over its SKI group, see ``Snapshot/Issuer``) must include `docType`.
    ///
    /// IACAs are root certificates (ISO/IEC 18013-5 Annex B.1.2), so only a self-signed listed IACA ends a chain and
    /// partial chains are not allowed: a VICAL entry that is not self-signed anchors nothing by itself
    /// (`chain_invalid`). Checks, in the order of ``readerDecision(chain:at:)``, then `document_signer_eku`, then
    /// `doctype_not_authorized`.
    /// - Parameters:
    ///   - chain: the document signer's certificates, leaf first (the IACA may follow; it is not needed).
    ///   - docType: the document type asked about, e.g. `org.iso.18013.5.1.mDL`.
    ///   - time: the time of the decision, UTC (typically the MSO's signing time or now).
    /// - Returns: `.trusted` with the leaf's commonName, the IACA (``TrustDecision/Trusted/trustedBy``) and its
    ///   docTypes, or `.notTrusted` with the reason.
    public func issuerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        index.issuerDecision(chain: chain, docType: docType, at: time)
    }

    /// Whether the document signer of an mdoc (ISO/IEC 18013-5 §9.3.1) may sign `docType`: as
    /// ``issuerDecision(chain:docType:at:)``, but the leaf must meet the document signer profile of the anchor's
    /// network (ISO/IEC 18013-5 Annex B.1.4): a keyUsage extension with digitalSignature and one of the network's
    /// `credentials.documentSignerEKUs` (default 1.0.18013.5.1.2), else `document_signer_profile`. The IACA may be a
    /// VICAL entry listed for `docType` or the certificate of a LoTE service whose role covers it (a PID provider
    /// for `eu.europa.ec.eudi.pid.1`). A document signer outside its validity at `time` is `chain_invalid`.
    /// - Parameters:
    ///   - chain: the document signer's certificates (the MSO's x5chain), leaf first.
    ///   - docType: the mdoc's docType.
    ///   - time: the time of the decision, UTC.
    /// - Returns: `.trusted` with the IACA as ``TrustDecision/Trusted/trustedBy``; else `.notTrusted` with
    ///   `trust_list_unavailable`, `trust_list_expired`, `not_on_trust_list`, `chain_invalid`, `revoked`,
    ///   `revocation_unavailable`, `document_signer_profile` or `doctype_not_authorized`.
    public func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        index.documentSignerDecision(chain: chain, docType: docType, at: time)
    }

    /// Whether the issuer of an SD-JWT VC of type `vct` is trusted (SD-JWT VC §3.5, issuer `x5c`): its chain must
    /// validate with OpenSSL at `time` to an anchor of a usable list the configuration authorizes for `vct`
    /// (`credentials.vct`; by default `urn:eudi:pid:1` and `eu.europa.ec.eudi.pid.1` to the network's PID providers
    /// LoTEs only; a VICAL's docTypes never authorize a `vct` unless it is named there); the leaf must carry a
    /// keyUsage extension with digitalSignature; no EKU is required, and a leaf whose EKUs exclude signing credentials is trusted with
    /// the warning `issuer_eku`. Revocation as for every decision.
    /// - Parameters:
    ///   - chain: the issuer's certificates (`x5c`), leaf first.
    ///   - vct: the credential's `vct`.
    ///   - time: the time of the decision, UTC.
    /// - Returns: `.trusted` with the anchor; else `.notTrusted` with `trust_list_unavailable` (no list is authorized
    ///   for `vct` or none is usable), `trust_list_expired`, `not_on_trust_list`, `chain_invalid`, `revoked`,
    ///   `revocation_unavailable` or `issuer_key_usage`.
    public func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision {
        index.credentialIssuerDecision(chain: chain, vct: vct, at: time)
    }

    /// A wallet provider decision (AuthZEN role `http://ec.europa.eu/NS/wallet-provider`): the chain (leaf first)
    /// validated by OpenSSL at `time` to a certificate of a current `…/SvcType/WalletSolution/Issuance` service of a
    /// usable LoTE (ETSI TS 119 602; each listed certificate ends a chain as listed), the policies of every decision:
    /// revocation against the CRL of each CA below the listed certificate, and the leaf's keyUsage digitalSignature
    /// (no EKU is defined for wallet providers).
    /// - Returns: trusted with the service's entity as the anchor's `name`; else `trust_list_unavailable` (no wallet
    ///   providers LoTE configured or usable), `trust_list_expired`, `not_on_trust_list`, `chain_invalid`, `revoked`,
    ///   `revocation_unavailable` or `wallet_provider_key_usage`.
    public func walletProviderDecision(chain: [Certificate], at time: Date) -> TrustDecision {
        index.walletProviderDecision(chain: chain, at: time)
    }

    /// Whether a bare key is listed: its RFC 7638 SHA-256 thumbprint among the `PublicKeyValues` of a current service
    /// of `role` in a usable LoTE (for issuers, one whose docTypes cover `docTypes`).
    /// - Parameters:
    ///   - thumbprint: the key's RFC 7638 SHA-256 thumbprint, base64url.
    ///   - role: the role the key is asked about in.
    ///   - docTypes: for issuers, the docTypes the key must be listed for; empty for none.
    ///   - time: the time of the decision, UTC.
    /// - Returns: trusted with `verifiedBy: .key(thumbprint:)` (the anchor names the service: its `sha256` is the
    ///   thumbprint, its `subject` the service's name, its `name` the entity); else `trust_list_unavailable`,
    ///   `trust_list_expired`, `not_on_trust_list` or `doctype_not_authorized`.
    public func keyDecision(
        thumbprint: String, role: AnchorRole, docTypes: [String] = [], at time: Date
    ) -> TrustDecision {
        index.keyDecision(thumbprint: thumbprint, role: role, docTypes: docTypes, at: time)
    }
}
