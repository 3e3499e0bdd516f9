import Foundation
import X509

/// What a list signer's certificate must satisfy besides chaining to a pinned root (docs/architecture.md, The pipeline:
/// steps 6 and 7), checked by hand because OpenSSL checks no custom EKU: valid at the verification time; the EKU its
/// list kind requires (ISO/IEC 18013-5 Annex C.1.7: 1.0.18013.5.1.8 for a VICAL signer); key usage that allows signing.
public enum SignerProfile {
    /// - Throws: ``TrustListError`` `signer_not_yet_valid` or `signer_expired`.
    public static func checkValidity(_ signer: Certificate, at time: Date) throws(TrustListError) {
        if time < signer.notBefore {
            throw TrustListError(
                .signerNotYetValid,
                "signer \(signer.subject) is valid from \(Timestamp.text(signer.notBefore)), after \(Timestamp.text(time))"
            )
        }
        if time > signer.notAfter {
            throw TrustListError(
                .signerExpired,
                "signer \(signer.subject) expired at \(Timestamp.text(signer.notAfter)) (at \(Timestamp.text(time)))")
        }
    }

    /// - Parameters:
    ///   - kind: the list kind, for the message.
    ///   - requiredEKU: the EKU the signer must carry; nil for none.
    /// - Throws: ``TrustListError`` `signer_eku` or `signer_key_usage` (the key usage extension must be present and
    ///   allow digitalSignature or nonRepudiation).
    public static func checkUsage(_ signer: Certificate, kind: ListKind, requiredEKU: String?) throws(TrustListError) {
        if let eku = requiredEKU, !signer.hasExtendedKeyUsage(eku) {
            let has = signer.extendedKeyUsage.map { $0.joined(separator: ", ") } ?? "no EKU extension"
            throw TrustListError(.signerEKU, "\(kind.displayName) signer must carry EKU \(eku); it has \(has)")
        }
        try checkKeyUsage(signer)
    }

    /// - Throws: ``TrustListError`` `signer_key_usage` (the key usage extension must be present and allow
    ///   digitalSignature or nonRepudiation).
    public static func checkKeyUsage(_ signer: Certificate) throws(TrustListError) {
        guard let usage = signer.keyUsage else {
            throw TrustListError(
                .signerKeyUsage, "signer has no key usage extension; it must allow digitalSignature or nonRepudiation")
        }
        guard usage.contains(.digitalSignature) || usage.contains(.nonRepudiation) else {
            throw TrustListError(
                .signerKeyUsage,
                "signer key usage (\(usage.names.joined(separator: ", "))) allows neither digitalSignature nor nonRepudiation"
            )
        }
    }
}
