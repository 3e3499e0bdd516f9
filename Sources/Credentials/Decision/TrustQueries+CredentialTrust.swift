import Foundation
import TrustLists
import X509

// Provisional: until TrustQueries answers documentSignerDecision(chain:docType:at:) and
// credentialIssuerDecision(chain:vct:at:) itself (the document signer profile, the `vct` mapping of
// `networks[].credentials`), both are the issuer query, the PID's `vct`s standing for its docType. Replaced by
// `extension TrustQueries: CredentialTrust {}` once those land.
extension TrustQueries: CredentialTrust {
    /// The issuer query for `docType`.
    public func documentSignerDecision(chain: [Certificate], docType: String, at time: Date) -> TrustDecision {
        issuerDecision(chain: chain, docType: docType, at: time)
    }

    /// The issuer query for the docType `vct` stands for (`urn:eudi:pid:1`: `eu.europa.ec.eudi.pid.1`).
    public func credentialIssuerDecision(chain: [Certificate], vct: String, at time: Date) -> TrustDecision {
        let docType = ["urn:eudi:pid:1": "eu.europa.ec.eudi.pid.1"][vct] ?? vct
        return issuerDecision(chain: chain, docType: docType, at: time)
    }
}
