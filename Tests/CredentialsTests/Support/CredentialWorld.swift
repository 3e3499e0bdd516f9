import Credentials
import Foundation
import Presentation
import Publishing
import TestSupport
import TrustLists
import X509

/// The simulated network of ``QueryWorld`` with what issues credentials under it: a document signer under the first
/// IACA (Utopia: mDL), and a PID provider's signer under the third (Eldorado: `eu.europa.ec.eudi.pid.1`) whose
/// certificate names `issuer.sim.test`; the queries over its VICAL at ``now`` (an hour after the reference time).
struct CredentialWorld: Sendable {
    let world: QueryWorld
    let queries: TrustQueries
    let documentSigner: TestPKI.Issued
    let pidIssuer: TestPKI.Issued
    var sim: ListSimulator { world.sim }
    var now: Date { world.now }

    static let pidIssuerHost = "issuer.sim.test"
    static let mDL = "org.iso.18013.5.1.mDL"
    static let pidVCT = "urn:eudi:pid:1"

    init() throws {
        world = try QueryWorld()
        queries = TrustQueries(snapshot: try world.defaultSnapshot())
        documentSigner = try QueryWorld.documentSigner(under: world.sim.iacas[0].iaca)
        let eldorado = world.sim.iacas[2].iaca
        pidIssuer = try TestPKI.issue("Sim PID Provider", by: eldorado, notBefore: TestPKI.referenceTime - 30 * TestPKI.day)
        { builder in
            builder.keyUsage = [.digitalSignature]
            // Until the credential issuer decision lands, the tests' trust decides SD-JWT VC issuers with the issuer
            // query, which asks for the document signer EKU.
            builder.extendedKeyUsage = [OID.documentSignerEKU]
            builder.extendedKeyUsageIsCritical = true
            builder.dnsNames = [Self.pidIssuerHost]
        }
    }

    /// The trust the tests decide with: the queries over the network's VICAL.
    var trust: QueriesTrust { QueriesTrust(queries: queries) }

    /// The document signer's x5chain: the signer, then its IACA.
    var documentSignerChain: [Certificate] { [documentSigner.certificate, sim.iacas[0].iaca.certificate] }

    /// The PID provider's x5c: the signer alone.
    var pidIssuerChain: [Certificate] { [pidIssuer.certificate] }
}

/// A test-only ``CredentialTrust`` over ``TrustQueries``: document signers by the issuer query, SD-JWT VC issuers by
/// the issuer query for the docType their `vct` stands for (`urn:eudi:pid:1` is a PID), anchors from the snapshot.
struct QueriesTrust: CredentialTrust {
    let queries: TrustQueries

    static let docTypes = ["urn:eudi:pid:1": "eu.europa.ec.eudi.pid.1"]

    func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        queries.issuerDecision(chain: chain, docType: docType, at: time)
    }

    func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision {
        queries.issuerDecision(chain: chain, docType: Self.docTypes[vct] ?? vct, at: time)
    }

    func anchorCertificate(sha256: String) -> Certificate? {
        queries.anchorCertificate(sha256: sha256)
    }
}
