import Foundation
import X509

extension SnapshotBuilder {
    /// Bumped when the builder's output for the same lists changes, so that such a change is a new generation.
    static let contentVersion = 1

    /// Builds the generation of a loaded store's current lists at `time`, numbered after the store's
    /// ``TrustStore/snapshotMark``: the same content (the same verified versions in the same states) keeps its
    /// generation and build time, so that its JSON is byte for byte the one written before; other content is the
    /// next generation.
    /// - Parameters:
    ///   - store: a loaded store (its lists verified by this process).
    ///   - time: the build time, UTC.
    /// - Returns: the generation, and the mark to keep for the next build.
    package static func build(from store: TrustStore, at time: Date) -> (snapshot: VerifiedSnapshot, mark: SnapshotMark)
    {
        let inputs = store.configuration.lists.map { list in
            Input(
                configuration: list, verified: store.current[list.id], summary: store.records[list.id]?.current,
                at: time)
        }
        let previous = store.snapshotMark
        let revocation = RevocationIndex(
            sources: store.crlSources, crls: store.crls.current, summaries: store.crls.facts,
            configuration: store.configuration)
        let credentials = Dictionary(
            store.configuration.networks.map { ($0.id, $0.credentials) }, uniquingKeysWith: { first, _ in first })
        let built = build(
            inputs, previousGeneration: previous?.generation, at: time, revocation: revocation,
            credentials: credentials)
        let content = contentSHA256(of: built.snapshot, revocation: revocation.contentText(at: time))
        guard let previous, previous.contentSHA256 == content, let builtAt = previous.builtAt else {
            let mark = SnapshotMark(generation: built.generation, contentSHA256: content, builtAt: built.builtAt)
            return (built, mark)
        }
        return (built.renumbered(previous.generation, builtAt: builtAt), previous)
    }

    /// SHA-256 (hex) of what a generation says: its sources (each list's version, by the SHA-256 of its signed bytes,
    /// its facts and its state), which determine its issuers and verifiers except for time; which LoTE services are
    /// listed (a withdrawal takes effect at its `StatusStartingTime`, while the LoTE stays the same); and its CRLs
    /// (each CA's CRL and its state, ``RevocationIndex``); not its build time or generation.
    static func contentSHA256(of snapshot: Snapshot, revocation: String = "") -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let sources = (try? encoder.encode(snapshot.sources)) ?? Data()
        // The services come from the sources in a fixed order: one flag each says what time changed.
        let listed =
            snapshot.services.isEmpty
            ? [] : Array("\nlisted\n".utf8) + snapshot.services.map { $0.listed ? 0x31 : 0x30 }
        let crls = revocation.isEmpty ? [] : Array("\ncrls\n\(revocation)".utf8)
        return hexString(Digest.sha256.hash(Array("v\(contentVersion)\n".utf8) + Array(sources) + listed + crls))
    }
}
