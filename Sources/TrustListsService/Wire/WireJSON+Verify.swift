import Foundation
import TrustLists

extension WireJSON {
    /// `trustctl verify --json` for a list that verified: `valid` true, `reason` null, the list's facts, its
    /// warnings, the signer and the anchor (docs/cli.md).
    public static func verification(_ verified: VerifiedList) -> Object {
        let list = verified.list
        return [
            "valid": true, "reason": nil, "message": "verified", "kind": list.kind.rawValue,
            "provider": list.provider, "issueID": list.issueID, "date": list.date, "nextUpdate": list.nextUpdate,
            "notAfter": list.notAfter, "entries": list.entryCount, "warnings": verified.warnings,
            "sha256": verified.sha256Hex, "algorithm": verified.algorithm, "x5chain": verified.x5chainCount,
            "verifiedAt": verified.verifiedAt,
            "signer": [
                "subject": verified.signer.subject.rfc4514, "notBefore": verified.signer.notBefore,
                "notAfter": verified.signer.notAfter, "sha256": verified.signer.sha256Hex,
            ] as Object,
            "anchor": ["subject": verified.anchor.subject.rfc4514, "sha256": verified.anchor.sha256Hex] as Object,
        ]
    }

    /// `trustctl verify --json` for a list that was rejected: `valid` false, the reason code and message, every
    /// other documented key null.
    public static func rejection(_ error: TrustListError, kind: ListKind) -> Object {
        [
            "valid": false, "reason": error.code.rawValue, "message": error.reason, "kind": kind.rawValue,
            "provider": nil, "issueID": nil, "date": nil, "nextUpdate": nil, "notAfter": nil, "entries": nil,
            "warnings": [String](), "sha256": nil, "algorithm": nil, "x5chain": nil, "verifiedAt": nil, "signer": nil,
            "anchor": nil,
        ]
    }
}
