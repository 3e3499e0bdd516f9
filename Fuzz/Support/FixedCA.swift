import Foundation
import X509

extension Fuzz {
    /// A self-signed CA certificate for a fuzz target to verify against (basicConstraints CA, keyUsage keyCertSign
    /// and cRLSign, valid 1970 to 2100), of a fixed key the seed script signs its seeds with, so that seeds reach
    /// every policy; a key that cannot be read stops the target at start.
    /// - Parameters:
    ///   - commonName: the subject's commonName.
    ///   - privateKeyPEM: the CA's PKCS #8 private key, as `scripts/fuzz-seeds.py` derives it.
    /// - Returns: the certificate.
    public static func fixedCA(commonName: String, privateKeyPEM: String) -> Certificate {
        do {
            let key = try PrivateKey(pemEncoded: privateKeyPEM)
            var builder = CertificateBuilder(
                subject: [.commonName(commonName)], publicKey: key.publicKey,
                notBefore: Date(timeIntervalSince1970: 0), notAfter: Date(timeIntervalSince1970: 4_102_444_800))
            builder.basicConstraints = BasicConstraints(isCA: true)
            builder.keyUsage = [.keyCertSign, .cRLSign]
            return try builder.selfSigned(with: key)
        } catch {
            fatalError("the fixed CA \(commonName) cannot be built: \(error)")
        }
    }
}
