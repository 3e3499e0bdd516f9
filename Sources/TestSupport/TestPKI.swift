import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// A small PKI built with ``CertificateBuilder`` at a fixed reference time, for tests and the list simulator.
public enum TestPKI {
    /// 2026-01-01T00:00:00Z: tests build and verify relative to this, never to the wall clock.
    public static let referenceTime = Date(timeIntervalSince1970: 1_767_225_600)

    /// One day in seconds.
    public static let day: TimeInterval = 86_400

    /// A certificate and its private key.
    public typealias Issued = DemoNetwork.Issued

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
        try DemoNetwork.issue(
            subject: [.country("US"), .organization("Test PKI"), .commonName(commonName)], by: issuer,
            algorithm: algorithm, notBefore: notBefore, notAfter: notAfter, configure: configure)
    }

    /// A self-signed CA: basic constraints CA, key usage keyCertSign + cRLSign.
    public static func root(_ commonName: String, algorithm: KeyAlgorithm = .ecP256) throws -> Issued {
        try issue(commonName, algorithm: algorithm, notAfter: referenceTime + 3650 * day) { builder in
            builder.basicConstraints = BasicConstraints(isCA: true)
            builder.keyUsage = [.keyCertSign, .cRLSign]
        }
    }

    /// An intermediate CA under `issuer`.
    public static func intermediate(_ commonName: String, under issuer: Issued) throws -> Issued {
        try issue(commonName, by: issuer, notAfter: referenceTime + 1825 * day) { builder in
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
