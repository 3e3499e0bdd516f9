import COSE
import X509

/// Step 7 (ISO/IEC 18013-5 Annex B.1.1, Table B.3, §7.2.1): for an mDL whose `issuing_country` is disclosed, it
/// equals the countryName of the document signer and of the IACA. The IACA's certificate comes from the x5chain when
/// it is there, else from the trust (``CredentialTrust/anchorCertificate(sha256:)``); when neither has it, the
/// document signer alone is compared. Refusal: `issuing_country_mismatch`.
struct IssuingCountryPolicy: MDocPolicy {
    static let mDL = "org.iso.18013.5.1.mDL"
    static let nameSpace = "org.iso.18013.5.1"

    func check(_ context: inout MDocContext) -> CredentialError? {
        guard context.docType == Self.mDL,
            let item = context.document.issuerSigned.nameSpaces.first(where: { $0.name == Self.nameSpace })?
                .items.first(where: { $0.elementIdentifier == "issuing_country" })
        else { return nil }
        guard case .textString(let country) = item.elementValue.content else {
            return CredentialError(
                .malformedMDoc,
                "\(item.path): issuing_country: expected a text string (ISO 3166-1 alpha-2), found "
                    + MDocDecoding.kind(item.elementValue))
        }
        var compared: [(String, Certificate)] = []
        if let signer = context.chain.first { compared.append(("document signer", signer)) }
        if let anchor = context.trustDecision?.anchor {
            let iaca =
                context.chain.first { $0.sha256Hex == anchor.sha256 }
                ?? context.trust.anchorCertificate(sha256: anchor.sha256)
            if let iaca { compared.append(("IACA", iaca)) }
        }
        for (role, certificate) in compared where certificate.subject.country != country {
            return CredentialError(
                .issuingCountryMismatch,
                "\(item.path): issuing_country \(country) differs from the \(role)'s countryName "
                    + "\(certificate.subject.country ?? "(none)") (\(certificate.subject.rfc4514))")
        }
        return nil
    }
}
