import Foundation
import X509

/// A small PKI built with ``CertificateBuilder`` at a fixed reference time, for tests and the list simulator.
public enum TestPKI {
    /// 2026-01-01T00:00:00Z: tests build and verify relative to this, never to the wall clock.
    public static let referenceTime = Date(timeIntervalSince1970: 1_767_225_600)

    /// One day in seconds.
    public static let day: TimeInterval = 86_400

    /// A certificate and its private key.
    public struct Issued: Sendable {
        /// The certificate.
        public let certificate: Certificate
        /// Its private key.
        public let key: PrivateKey

        /// Wraps a certificate and key.
        public init(certificate: Certificate, key: PrivateKey) {
            self.certificate = certificate
            self.key = key
        }
    }

    /// Issues a certificate.
    /// - Parameters:
    ///   - commonName: subject CN (the subject also gets `C=US`, `O=Test PKI`).
    ///   - issuer: the issuer, or nil for a self-signed root.
    ///   - algorithm: the subject's key algorithm.
    ///   - notBefore: start of validity (default: a year before ``referenceTime``).
    ///   - notAfter: end of validity (default: a year after ``referenceTime``).
    ///   - configure: changes to the builder (CA flags, key usage, EKU) before signing.
    public static func issue(
        _ commonName: String, by issuer: Issued? = nil, algorithm: KeyAlgorithm = .ecP256,
        notBefore: Date = referenceTime - 365 * day, notAfter: Date = referenceTime + 365 * day,
        configure: (inout CertificateBuilder) -> Void = { _ in }
    ) throws -> Issued {
        let key = try PrivateKey.generate(algorithm)
        var builder = CertificateBuilder(
            subject: [.country("US"), .organization("Test PKI"), .commonName(commonName)], publicKey: key.publicKey,
            notBefore: notBefore, notAfter: notAfter)
        configure(&builder)
        let certificate =
            if let issuer {
                try builder.signed(by: issuer.certificate, key: issuer.key)
            } else {
                try builder.selfSigned(with: key)
            }
        return Issued(certificate: certificate, key: key)
    }

    /// A self-signed CA: basic constraints CA, key usage keyCertSign + cRLSign, valid from a year before
    /// `reference` to ten years after.
    public static func root(
        _ commonName: String, algorithm: KeyAlgorithm = .ecP256, reference: Date = referenceTime
    ) throws -> Issued {
        try issue(
            commonName, algorithm: algorithm, notBefore: reference - 365 * day, notAfter: reference + 3650 * day
        ) { builder in
            builder.basicConstraints = BasicConstraints(isCA: true)
            builder.keyUsage = [.keyCertSign, .cRLSign]
        }
    }

    /// An intermediate CA under `issuer`, valid from a year before `reference` to five years after.
    public static func intermediate(
        _ commonName: String, under issuer: Issued, reference: Date = referenceTime
    ) throws -> Issued {
        try issue(commonName, by: issuer, notBefore: reference - 365 * day, notAfter: reference + 1825 * day) {
            builder in
            builder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
            builder.keyUsage = [.keyCertSign, .cRLSign]
        }
    }

    /// An end-entity certificate under `issuer` with the given EKUs and key usage.
    public static func leaf(
        _ commonName: String, under issuer: Issued, extendedKeyUsage: [String]?,
        keyUsage: KeyUsage = [.digitalSignature], algorithm: KeyAlgorithm = .ecP256,
        notBefore: Date = referenceTime - 30 * day, notAfter: Date = referenceTime + 365 * day
    ) throws -> Issued {
        try issue(commonName, by: issuer, algorithm: algorithm, notBefore: notBefore, notAfter: notAfter) { builder in
            builder.keyUsage = keyUsage
            builder.extendedKeyUsage = extendedKeyUsage
            builder.extendedKeyUsageIsCritical = true
        }
    }
}
