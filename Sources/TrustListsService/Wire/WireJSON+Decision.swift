import Foundation
import TrustLists
import X509

extension WireJSON {
    /// `trustctl query reader|issuer --json` and `POST /v1/decisions/reader|issuer`: `trusted`, `reason`, `message`,
    /// `verifiedBy` (the leaf's commonName with the anchor, list, provider and issue id) or null, the anchor, the
    /// validated chain, and for issuers `docType`, `docTypes` and `trustedBy` (docs/cli.md).
    /// - Parameters:
    ///   - decision: the decision.
    ///   - query: `reader` or `issuer`.
    ///   - docType: the docType asked about (issuer queries); nil for readers.
    ///   - leaf: the chain's leaf.
    ///   - time: the decision time.
    ///   - generation: the snapshot generation it was answered from.
    public static func decision(
        _ decision: TrustDecision, query: String, docType: String?, leaf: Certificate, at time: Date,
        generation: UInt64
    ) -> Object {
        var object: Object = [
            "trusted": decision.isTrusted, "reason": decision.reason?.rawValue, "message": decision.message,
            "query": query, "at": time, "generation": generation,
            "leaf": ["subject": leaf.subject.rfc4514, "sha256": leaf.sha256Hex] as Object,
            "anchor": decision.anchor.map(anchor), "verifiedBy": nil,
            "revocation": decision.revocation.map(revocation),
            "warnings": decision.warnings.map(\.rawValue),
        ]
        if case .trusted(let trusted) = decision {
            var verifiedBy = anchor(trusted.anchor)
            verifiedBy["kind"] = "certificate"
            verifiedBy["commonName"] = trusted.commonName
            object["verifiedBy"] = verifiedBy
            object["chain"] = trusted.chain
        } else {
            object["chain"] = [String]()
        }
        if let docType {
            object["docType"] = docType
            object["docTypes"] = decision.docTypes
            if case .trusted(let trusted) = decision {
                object["trustedBy"] = anchor(trusted.trustedBy)
            } else {
                object.updateValue(nil, forKey: "trustedBy")
            }
        }
        return object
    }

    /// What the issuers' CRLs said: `checked`, `state`, `crlNumber`, `thisUpdate`, `nextUpdate`.
    public static func revocation(_ revocation: TrustDecision.Revocation) -> Object {
        [
            "checked": revocation.checked, "state": revocation.state.rawValue, "crlNumber": revocation.crlNumber,
            "thisUpdate": revocation.thisUpdate, "nextUpdate": revocation.nextUpdate,
        ]
    }

    /// An anchor: `anchorSHA256`, `anchorSubject`, `list`, `provider`, `issueID`, `listState`, `name`.
    public static func anchor(_ anchor: TrustDecision.Anchor) -> Object {
        [
            "anchorSHA256": anchor.sha256, "anchorSubject": anchor.subject, "list": anchor.list.description,
            "provider": anchor.provider, "issueID": anchor.issueID, "listState": anchor.listState.rawValue,
            "name": anchor.name,
        ]
    }
}
