import Foundation
import X509

/// One generation of the snapshot, indexed for queries: immutable, shared by every query that took it, replaced as a
/// whole when a new generation is installed. Its memos (parsed anchors, validated chains) live and die with it.
final class TrustIndex: Sendable {
    /// The verified generation it was built from.
    let verified: VerifiedSnapshot
    /// Its document form.
    var snapshot: Snapshot { verified.snapshot }
    /// The snapshot's sources, in order; entries refer to them by position.
    let sources: [Snapshot.Source]
    /// Positions in ``sources`` of the lists consulted for each role: the kinds that list it (``ListKind/listedRole``)
    /// and the LoTEs whose type or services name it.
    let consulted: PerRole<[Int]>
    /// The listed issuer certificates: IACAs, and the certificates of PID and mDL providers.
    let issuers: ListedEntries<Snapshot.Issuer>
    /// The listed reader certificates: RICAL entries, and the certificates of WRPAC providers.
    let verifiers: ListedEntries<Snapshot.Verifier>
    /// The certificates of listed wallet providers.
    let walletProviders: ListedEntries<ServiceCertificateRow>
    /// The keys listed LoTE services publish, per role.
    let keys: PerRole<ListedEntries<ServiceKeyRow>>
    /// The generation's CRLs.
    var revocation: RevocationIndex { verified.revocation }
    /// Validated chains per role (a chain validated for one role never answers for another).
    let memos: PerRole<ValidationMemo>
    /// Trusted answers by chain and question (``DecisionMemo``).
    let decisions: DecisionMemo

    /// Indexes a snapshot; parses no certificate of the lists (wallet provider rows read the fields of certificates
    /// the LoTE's verification parsed).
    /// - Parameters:
    ///   - verified: the generation.
    ///   - memoCapacity: the most validated chains memoized per role (0: none).
    init(_ verified: VerifiedSnapshot, memoCapacity: Int) {
        self.verified = verified
        let snapshot = verified.snapshot
        let sources = snapshot.sources
        self.sources = sources
        var position: [ListID: Int] = [:]
        for (index, source) in sources.enumerated() where position[source.list] == nil { position[source.list] = index }
        consulted = PerRole { role in
            sources.indices.filter { index in
                let source = sources[index]
                if source.kind.listedRole == role { return true }
                let listType = LoTEServiceRole.consulted(forListType: source.loteType)
                return listType.contains { $0.anchorRole == role }
                    || snapshot.services.contains { $0.source == source.list && $0.role?.anchorRole == role }
            }
        }
        let certificates = verified.certificates
        issuers = ListedEntries(snapshot.issuers, sourcePositions: position, certificates: certificates)
        verifiers = ListedEntries(snapshot.verifiers, sourcePositions: position, certificates: certificates)
        walletProviders = ListedEntries(
            Self.certificateRows(snapshot.services, role: .walletProvider, certificates: certificates),
            sourcePositions: position, certificates: certificates)
        keys = PerRole { role in
            ListedEntries(Self.keyRows(snapshot.services, role: role), sourcePositions: position, certificates: [:])
        }
        memos = PerRole { _ in ValidationMemo(capacity: memoCapacity) }
        decisions = DecisionMemo(capacity: memoCapacity)
    }

    /// The credential settings of a network (the defaults when the generation names none).
    func credentials(of network: String) -> CredentialSettings {
        verified.credentials[network] ?? CredentialSettings()
    }
}
