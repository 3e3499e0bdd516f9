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
    /// Positions in ``sources`` of the VICALs and of the LoTEs consulted for issuers (PID and mDL providers).
    let vicalSources: [Int]
    /// Positions in ``sources`` of the RICALs and of the LoTEs consulted for readers (WRPAC providers).
    let ricalSources: [Int]
    /// The IACAs.
    let issuers: ListedEntries<Snapshot.Issuer>
    /// The RICAL entries.
    let verifiers: ListedEntries<Snapshot.Verifier>
    /// The generation's CRLs.
    var revocation: RevocationIndex { verified.revocation }
    /// Validated document-signer chains.
    let issuerMemo: ValidationMemo
    /// Validated reader chains.
    let readerMemo: ValidationMemo

    /// Indexes a snapshot; parses no certificate.
    /// - Parameters:
    ///   - snapshot: the snapshot.
    ///   - memoCapacity: the most validated chains memoized per query kind (0: none).
    init(_ verified: VerifiedSnapshot, memoCapacity: Int) {
        self.verified = verified
        let snapshot = verified.snapshot
        let sources = snapshot.sources
        self.sources = sources
        var position: [ListID: Int] = [:]
        for (index, source) in sources.enumerated() where position[source.list] == nil { position[source.list] = index }
        func consulted(as kind: ListKind, _ roles: Set<LoTEServiceRole>) -> [Int] {
            sources.indices.filter {
                sources[$0].kind == kind
                    || sources[$0].kind == .lote
                        && !LoTEServiceRole.consulted(forListType: sources[$0].loteType).isDisjoint(with: roles)
            }
        }
        vicalSources = consulted(as: .vical, [.pidIssuer, .mDLIssuer])
        ricalSources = consulted(as: .rical, [.accessCertificateIssuer])
        issuers = ListedEntries(snapshot.issuers, sourcePositions: position, certificates: verified.certificates)
        verifiers = ListedEntries(snapshot.verifiers, sourcePositions: position, certificates: verified.certificates)
        issuerMemo = ValidationMemo(capacity: memoCapacity)
        readerMemo = ValidationMemo(capacity: memoCapacity)
    }
}
