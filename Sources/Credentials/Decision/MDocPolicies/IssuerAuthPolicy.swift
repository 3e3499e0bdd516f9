import COSE
import X509

/// Step 1 (ISO/IEC 18013-5 §9.1.2.4, §9.3.1): `issuerAuth` is a COSE_Sign1 (tag 18 tolerated) with an attached
/// payload, no critical header this verifier does not understand, the document signer's certificate first in
/// `x5chain` (label 33, in either header, as for lists), and an `alg` that fits the document signer's key.
///
/// Refusals: `issuer_auth_invalid` (the shape, a detached payload, no x5chain, a certificate OpenSSL cannot read),
/// `unknown_critical_header`, `unsupported_alg`, `limits_exceeded` (more certificates than
/// ``MDocLimits/maxChainCertificates``). For a bare IssuerSigned the docType to decide about is the MSO's, read here
/// (the signature over it is checked in step 3): an MSO that does not decode is `malformed_mdoc`.
struct IssuerAuthPolicy: MDocPolicy {
    func check(_ context: inout MDocContext) -> CredentialError? {
        let path = context.issuerAuthPath
        let message: COSESign1
        do {
            message = try COSESign1(node: context.document.issuerSigned.issuerAuth, limits: context.limits.cbor)
        } catch {
            return CredentialError(.issuerAuthInvalid, "\(path): not a COSE_Sign1 (RFC 9052 §4.2): \(error.reason)")
        }
        guard let payload = message.payloadSlice else {
            return CredentialError(
                .issuerAuthInvalid,
                "\(path): the payload is detached; ISO/IEC 18013-5 §9.1.2.4 carries MobileSecurityObjectBytes in it")
        }
        let algorithm: COSEAlgorithm
        let x5chain: X5Chain?
        do {
            try message.checkCriticalHeaders()
            algorithm = try message.algorithm()
            x5chain = try message.x5chain()
        } catch {
            let code: ReasonCode = error.code == .notCOSESign1 ? .issuerAuthInvalid : error.code
            return CredentialError(code, "\(path): \(error.reason)")
        }
        guard let x5chain else {
            return CredentialError(
                .issuerAuthInvalid,
                "\(path): no x5chain (label 33); ISO/IEC 18013-5 §9.1.2.4 requires the document signer certificate")
        }
        let count = x5chain.certificates.count
        guard count <= context.limits.maxChainCertificates else {
            return CredentialError(
                .limitsExceeded,
                "\(path).x5chain: \(count) certificates, over the limit of \(context.limits.maxChainCertificates)")
        }
        var chain: [Certificate] = []
        for (index, der) in x5chain.certificates.enumerated() {
            do {
                chain.append(try CertificateCache.shared.certificate(derEncoded: der))
            } catch {
                return CredentialError(.issuerAuthInvalid, "\(path).x5chain[\(index)]: \(error.reason)")
            }
        }
        let key: PublicKey
        do {
            key = try chain[0].publicKey
        } catch {
            return CredentialError(.issuerAuthInvalid, "\(path).x5chain[0]: \(error.reason)")
        }
        guard algorithm.keyAlgorithm == key.algorithm else {
            return CredentialError(
                .unsupportedAlgorithm,
                "\(path): alg \(algorithm.name) does not fit the document signer's \(key.algorithm.rawValue) key "
                    + "(RFC 9053 §2)")
        }
        context.issuerAuth = message
        context.chain = chain
        if context.docType == nil {
            do throws(CredentialError) {
                let mso = try MobileSecurityObject(
                    payload: payload, limits: context.limits, path: "\(path).payload")
                context.docType = mso.docType
            } catch {
                return error
            }
        }
        return nil
    }
}
