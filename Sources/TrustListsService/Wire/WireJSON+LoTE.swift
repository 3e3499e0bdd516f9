import Foundation
import TrustLists
import X509

extension WireJSON {
    /// `trustctl verify --kind lote --json` for a LoTE that verified: the common verify keys (`kind` `lote`,
    /// `provider` = the scheme operator's name, `issueID` = `sequenceNumber`, `date` = ListIssueDateTime, `entries` =
    /// the number of trusted entities) and the LoTE's own: `loteType`, `sequenceNumber`, `territory`, `signingTime`,
    /// `entities` and `services` (docs/cli.md).
    public static func loteVerification(_ verified: VerifiedList, lote: LoTE) -> Object {
        let entities: [Object] = lote.entities.map { entity in
            [
                "name": entity.displayName, "tradeName": MultilingualString.preferred(entity.tradeName),
                "services": entity.services.count,
            ]
        }
        let services: [Object] = lote.services.map { service in
            [
                "entity": service.entityName, "name": service.displayName, "type": service.typeIdentifier,
                "status": service.status, "statusStartingTime": service.statusStartingTime,
                "certificates": service.digitalIdentity.certificates.map { certificate -> Object in
                    [
                        "subject": certificate.subject.rfc4514, "sha256": certificate.sha256Hex,
                        "notBefore": certificate.notBefore, "notAfter": certificate.notAfter,
                        "isCA": certificate.basicConstraints?.isCA ?? false,
                    ]
                },
                "publicKeys": service.digitalIdentity.publicKeys.count,
                "skis": service.digitalIdentity.subjectKeyIdentifiers.map { hexString($0) },
                "history": service.history.count,
            ]
        }
        return [
            "valid": true, "reason": nil, "message": "verified", "kind": "lote", "provider": lote.operatorName,
            "issueID": lote.sequenceNumber, "date": lote.issueDate, "nextUpdate": lote.nextUpdateTime, "notAfter": nil,
            "entries": lote.entities.count, "warnings": verified.warnings, "sha256": verified.sha256Hex,
            "algorithm": verified.algorithm, "x5chain": verified.x5chainCount, "verifiedAt": verified.verifiedAt,
            "signer": [
                "subject": verified.signer.subject.rfc4514, "notBefore": verified.signer.notBefore,
                "notAfter": verified.signer.notAfter, "sha256": verified.signer.sha256Hex,
            ] as Object,
            "anchor": ["subject": verified.anchor.subject.rfc4514, "sha256": verified.anchor.sha256Hex] as Object,
            "loteType": lote.type, "sequenceNumber": lote.sequenceNumber, "territory": lote.schemeTerritory,
            "signingTime": verified.signingTime, "entities": entities, "services": services,
        ]
    }

    /// `trustctl verify --kind lote --json` for a LoTE that was rejected: `valid` false, the reason code and message,
    /// every other documented key null (`entities` and `services` empty).
    public static func loteRejection(_ error: TrustListError) -> Object {
        var object = rejection(error, kind: .vical)
        object["kind"] = "lote"
        for key in ["loteType", "sequenceNumber", "territory", "signingTime"] { object[key] = nil as Any? }
        object["entities"] = [Object]()
        object["services"] = [Object]()
        return object
    }
}
