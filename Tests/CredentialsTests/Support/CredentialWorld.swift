import Credentials
import Foundation
import Presentation
import Publishing
import TestSupport
import TrustLists
import X509

/// The simulated network of ``QueryWorld`` with what issues credentials under it: a document signer under the first
/// IACA (Utopia: mDL), and a PID provider's signer under the third (Eldorado: `eu.europa.ec.eudi.pid.1`) whose
/// certificate names `issuer.sim.test`; the queries over its VICAL at ``now`` (an hour after the reference time), with
/// the network's `credentials.vct` naming `sim/vical` for `urn:eudi:pid:1` (a VICAL authorizes no SD-JWT VC unless
/// named there).
struct CredentialWorld: Sendable {
    let world: QueryWorld
    let queries: TrustQueries
    let documentSigner: TestPKI.Issued
    let pidIssuer: TestPKI.Issued
    /// A status list signer under the document signer's IACA (no EKU; ISO/IEC 18013-5 second edition).
    let statusSigner: TestPKI.Issued
    /// A status list signer under the PID provider's anchor (Eldorado).
    let pidStatusSigner: TestPKI.Issued
    var sim: ListSimulator { world.sim }
    var now: Date { world.now }

    static let pidIssuerHost = "issuer.sim.test"
    static let mDL = "org.iso.18013.5.1.mDL"
    static let pidVCT = "urn:eudi:pid:1"
    static let statusURI = "https://status.sim.test/lists/1"

    init() throws {
        world = try QueryWorld()
        var credentials = CredentialSettings()
        credentials.vct = [Self.pidVCT: [QueryWorld.vicalID]]
        queries = TrustQueries(
            snapshot: SnapshotBuilder.build(
                [
                    try world.input(QueryWorld.vicalID, world.sim.vicalContent(), at: world.now),
                    try world.input(QueryWorld.ricalID, world.sim.ricalContent(), at: world.now),
                ], previousGeneration: nil, at: world.now, credentials: ["sim": credentials]))
        documentSigner = try QueryWorld.documentSigner(under: world.sim.iacas[0].iaca)
        let eldorado = world.sim.iacas[2].iaca
        pidIssuer = try TestPKI.issue(
            "Sim PID Provider", by: eldorado, notBefore: TestPKI.referenceTime - 30 * TestPKI.day
        ) { builder in
            // An SD-JWT VC issuer needs keyUsage digitalSignature and no EKU (credentialIssuerDecision).
            builder.keyUsage = [.digitalSignature]
            builder.dnsNames = [Self.pidIssuerHost]
        }
        statusSigner = try TestPKI.leaf("Utopia status list signer", under: world.sim.iacas[0].iaca, extendedKeyUsage: nil)
        pidStatusSigner = try TestPKI.leaf("Eldorado status list signer", under: eldorado, extendedKeyUsage: nil)
    }

    /// The trust the tests decide with: the queries over the network's lists.
    var trust: TrustQueries { queries }

    /// The document signer's x5chain: the signer, then its IACA.
    var documentSignerChain: [Certificate] { [documentSigner.certificate, sim.iacas[0].iaca.certificate] }

    /// The PID provider's x5c: the signer alone.
    var pidIssuerChain: [Certificate] { [pidIssuer.certificate] }
}
