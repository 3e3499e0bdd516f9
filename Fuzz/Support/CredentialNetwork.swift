import Foundation
import Publishing
import TrustLists
import X509

extension Fuzz {
    /// A network made at start for the credential targets: the demo network's VICAL verified and indexed at ``time``
    /// (its `credentials.vct` naming it for `urn:eudi:pid:1`), a document signer under its first IACA (mDL) and a PID
    /// provider's signer under its third (PID, `dNSName` `issuer.fuzz.test`). What these sign is trusted; nothing
    /// else can be.
    public struct CredentialNetwork: Sendable {
        /// 2026-01-02T00:00:00Z.
        public static let time = Date(timeIntervalSince1970: 1_767_312_000)
        /// The host the PID provider's certificate names.
        public static let issuerHost = "issuer.fuzz.test"
        /// The network.
        public let network: DemoNetwork
        /// Queries over its verified VICAL.
        public let queries: TrustQueries
        /// The document signer and its chain (signer, IACA).
        public let documentSigner: DemoNetwork.Issued
        /// The PID provider's signer (its chain is itself).
        public let pidIssuer: DemoNetwork.Issued

        /// Builds the network, signs and verifies its VICAL, and indexes it.
        public init() throws {
            let time = Self.time
            network = try DemoNetwork(name: "Fuzz", at: time - 3600)
            let content = network.vicalContent(issueID: 1, date: time - 3600)
            let verified = try TrustListVerifier(anchors: [network.root.certificate])
                .verify(try network.signed(content), kind: .vical, at: time - 3000)
            var credentials = CredentialSettings()
            credentials.vct = ["urn:eudi:pid:1": [ListID(network: "fuzz", kind: .vical)]]
            let snapshot = SnapshotBuilder.build(
                [
                    SnapshotBuilder.Input(
                        id: ListID(network: "fuzz", kind: .vical), maxAgeSeconds: 86_400, overdueGraceSeconds: 0,
                        verified: verified, at: time)
                ], previousGeneration: nil, at: time, credentials: ["fuzz": credentials])
            queries = TrustQueries(snapshot: snapshot)
            documentSigner = network.documentSigner
            pidIssuer = try DemoNetwork.issue(
                "Fuzz PID Provider", by: network.iacas[2].iaca, at: time - 3600, validDays: 365,
                kind: .leaf(eku: nil, usage: [.digitalSignature])
            ) { builder in builder.dnsNames = [Self.issuerHost] }
        }

        /// The document signer's x5chain.
        public var documentSignerChain: [Certificate] {
            [documentSigner.certificate, network.iacas[0].iaca.certificate]
        }
    }
}
