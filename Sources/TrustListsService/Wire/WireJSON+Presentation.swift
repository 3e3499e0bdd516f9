import Foundation
import JOSE
import Presentation
import TrustLists

extension WireJSON {
    /// `trustctl query request|device-request --json` and `POST /v1/decisions/request|device-request`: `trusted`,
    /// `reason`, `message`, `verifiedBy` (`kind` `certificate` with `commonName`, `anchorSHA256`, `list`, `provider`,
    /// `issueID`; or `kind` `domain` with `domain`; or null), the consent details (`clientID`, `clientIDPrefix`,
    /// `responseURI` or `redirectURI` (only the destination the response mode uses, which was checked),
    /// `responseMode`, `origin`, `expectedOrigins`, `nonce`, the DCQL query and legacy presentation definition as
    /// received, `transactionData` (each entry: `type`, `credentialIDs`, `data` decoded, `encoded` as received),
    /// `verifierInfo` and `clientMetadata` as received, `requestedDocTypes`, `requestedClaims`), `warnings`, and for a
    /// DeviceRequest one such object per DocRequest in `documents` (docs/cli.md).
    /// - Parameters:
    ///   - decision: the decision.
    ///   - query: `request` or `device-request`.
    ///   - time: the decision time.
    ///   - generation: the snapshot generation it was answered from.
    public static func presentation(
        _ decision: PresentationDecision, query: String, at time: Date, generation: UInt64
    ) -> Object {
        var object = presentationBody(decision)
        object["query"] = query
        object["at"] = time
        object["generation"] = generation
        object["documents"] = decision.documents.map(presentationBody)
        return object
    }

    private static func presentationBody(_ decision: PresentationDecision) -> Object {
        let consent = decision.consent
        var verifiedBy: Object?
        switch decision.verifiedBy {
        case .certificate(let commonName, let anchor):
            verifiedBy = self.anchor(anchor)
            verifiedBy?["kind"] = "certificate"
            verifiedBy?["commonName"] = commonName
        case .domain(let host):
            verifiedBy = ["kind": "domain", "domain": host]
        case .none:
            verifiedBy = nil
        }
        return [
            "trusted": decision.trusted, "reason": decision.reasonCode, "message": decision.message,
            "verifiedBy": verifiedBy, "clientID": consent.clientID,
            "clientIDPrefix": consent.clientIDPrefix?.description,
            "responseURI": consent.responseURI, "redirectURI": consent.redirectURI,
            "responseMode": consent.responseMode, "origin": consent.origin,
            "expectedOrigins": consent.expectedOrigins,
            "transactionData": consent.transactionData.map { entry -> Object in
                [
                    "type": entry.type, "credentialIDs": entry.credentialIDs, "data": json(entry.value),
                    "encoded": entry.encoded,
                ]
            },
            "verifierInfo": consent.verifierInfo.map(json), "clientMetadata": consent.clientMetadata.map(json),
            "nonce": consent.nonce, "dcqlQuery": consent.dcqlQuery.map(json),
            "presentationDefinition": consent.presentationDefinition.map(json),
            "requestedDocTypes": consent.requestedDocTypes,
            "requestedClaims": consent.requestedClaims.map { claim -> Object in
                [
                    "credentialID": claim.credentialID, "docType": claim.docType,
                    "path": claim.path.map(\.description), "intentToRetain": claim.intentToRetain,
                ]
            },
            "warnings": decision.warnings,
            "anchor": decision.readerDecision?.anchor.map(anchor),
        ]
    }

    /// A JSON value as received, for the wire (numbers as numbers, `null` as null).
    static func json(_ value: JSONValue) -> Any? {
        switch value {
        case .object(let members): members.mapValues { json($0) } as Object
        case .array(let elements): elements.map { json($0) } as [Any?]
        case .string(let text): text
        case .number(let number): number
        case .bool(let bool): bool
        case .null: nil
        }
    }
}
