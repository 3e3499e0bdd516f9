import Foundation
import TrustLists
import X509

extension WireJSON {
    /// `trustctl verify --kind crl --json` for a CRL that verified: `valid` true, `reason` null, the CRL's facts and
    /// its warnings (docs/cli.md). `crlNumber` is text (``CRLNumberText``): CRL numbers may have 20 octets.
    public static func crlVerification(_ verified: VerifiedCRL) -> Object {
        let crl = verified.crl
        return [
            "valid": true, "reason": nil, "message": "verified", "kind": "crl", "issuer": crl.issuer.rfc4514,
            "crlNumber": crl.crlNumber.map(CRLNumberText.text), "thisUpdate": crl.thisUpdate,
            "nextUpdate": crl.nextUpdate, "revoked": crl.revokedCount, "warnings": verified.warnings,
            "version": crl.version, "sha256": hexString(crl.sha256), "issuerSHA256": hexString(verified.issuerSHA256),
            "verifiedAt": verified.verifiedAt,
        ]
    }

    /// `trustctl verify --kind crl --json` for a CRL that was rejected: `valid` false, the reason code and message,
    /// every other documented key null (`warnings` empty).
    public static func crlRejection(_ error: TrustListError) -> Object {
        [
            "valid": false, "reason": error.code.rawValue, "message": error.reason, "kind": "crl", "issuer": nil,
            "crlNumber": nil, "thisUpdate": nil, "nextUpdate": nil, "revoked": nil, "warnings": [String](),
            "version": nil, "sha256": nil, "issuerSHA256": nil, "verifiedAt": nil,
        ]
    }
}
