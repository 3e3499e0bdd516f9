import COSE
import Foundation
import Publishing
import Synchronization
import TrustLists
import TrustListsService
import X509

/// A VICAL network made with the X509 builder for the benchmarks: a root, an issuing CA, a VICAL signer (EKU
/// 1.0.18013.5.1.8, key usage nonRepudiation, as real signers carry) and many distinct self-signed IACAs shaped like
/// ISO/IEC 18013-5 Annex B.1.2 ones (basic constraints, key usage, SKI, issuer alternative name, CRL distribution
/// point). IACA keys come from a pool of ``keyPoolSize`` P-256 keys to save generation time; subjects, serial
/// numbers and SKIs are distinct.
struct SyntheticNetwork: Sendable {
    /// 2026-01-01T00:00:00Z: every certificate and list is valid then, and lists are verified at this time.
    static let verificationTime = Date(timeIntervalSince1970: 1_767_225_600)
    /// P-256 keys shared among the IACAs.
    static let keyPoolSize = 256
    /// The most entries a list of this network can have.
    static let largestList = 10_000

    /// The pinned root.
    let root: Certificate
    /// The intermediate that issues the signer; it travels in x5chain.
    let issuingCA: Certificate
    /// The VICAL signer.
    let signer: Certificate
    /// The signer's key.
    let signerKey: PrivateKey
    /// The IACAs, in list order.
    let iacas: [Certificate]

    /// The network once built.
    private static let shared = Mutex<SyntheticNetwork?>(nil)
    /// Signed lists already made, by entry count.
    private static let lists = Mutex<[Int: [UInt8]]>([:])

    /// The network, built on first use (about 10,000 certificates, which takes a few seconds) and then reused by
    /// every group.
    /// - Throws: ``X509Error`` when OpenSSL cannot generate a key or sign a certificate.
    static func network() throws -> SyntheticNetwork {
        if let built = shared.withLock({ $0 }) { return built }
        let clock = ContinuousClock()
        var network: SyntheticNetwork?
        let elapsed = try clock.measure { network = try build(iacaCount: largestList) }
        guard let network else { throw OpenSSLDirect.Failure(description: "network not built") }
        print(
            "  (built the synthetic network: root, issuing CA, VICAL signer and \(Bench.count(network.iacas.count)) "
                + "IACAs on \(keyPoolSize) keys in \(Bench.duration(Bench.seconds(elapsed))); not part of any figure)")
        shared.withLock { $0 = network }
        return network
    }

    /// The signed VICAL listing the first `entries` IACAs (untagged COSE_Sign1, ES256, x5chain = signer and
    /// issuing CA in the unprotected header), made with ``ListPublisher/sign(_:signerKey:signerChain:)`` once per
    /// size and reused.
    func signedVICAL(entries: Int) throws -> [UInt8] {
        if let bytes = Self.lists.withLock({ $0[entries] }) { return bytes }
        let content = ListContent(
            kind: .vical, provider: "Synthetic Provider", date: Self.verificationTime - 86_400, issueID: 1,
            nextUpdate: Self.verificationTime + 30 * 86_400, url: "https://vical.example/vical",
            entries: iacas.prefix(entries).enumerated().map { index, iaca in
                ListContent.Entry(
                    certificate: iaca, docTypes: ["org.iso.18013.5.1.mDL"],
                    issuingAuthority: "Synthetic Motor Vehicles \(index)")
            })
        let bytes = try ListPublisher.sign(content, signerKey: signerKey, signerChain: [signer, issuingCA])
        Self.lists.withLock { $0[entries] = bytes }
        return bytes
    }

    /// Generates the keys and certificates: root, issuing CA, signer, then `iacaCount` IACAs.
    private static func build(iacaCount: Int) throws -> SyntheticNetwork {
        let year: TimeInterval = 365 * 86_400
        let start = verificationTime - 2 * year
        let rootKey = try PrivateKey.generate(.ecP256)
        var rootBuilder = CertificateBuilder(
            subject: [.country("US"), .organization("Synthetic Network"), .commonName("Synthetic VICAL Root")],
            publicKey: rootKey.publicKey, notBefore: start, notAfter: start + 20 * year)
        rootBuilder.basicConstraints = BasicConstraints(isCA: true)
        rootBuilder.keyUsage = [.keyCertSign, .cRLSign]
        let root = try rootBuilder.selfSigned(with: rootKey)

        let issuingKey = try PrivateKey.generate(.ecP256)
        var issuingBuilder = CertificateBuilder(
            subject: [.country("US"), .organization("Synthetic Network"), .commonName("Synthetic VICAL Issuing CA")],
            publicKey: issuingKey.publicKey, notBefore: start, notAfter: start + 10 * year)
        issuingBuilder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
        issuingBuilder.keyUsage = [.keyCertSign, .cRLSign]
        let issuingCA = try issuingBuilder.signed(by: root, key: rootKey)

        let signerKey = try PrivateKey.generate(.ecP256)
        var signerBuilder = CertificateBuilder(
            subject: [.country("US"), .organization("Synthetic Network"), .commonName("Synthetic VICAL Signer")],
            publicKey: signerKey.publicKey, notBefore: start, notAfter: start + 4 * year)
        signerBuilder.keyUsage = [.nonRepudiation]
        signerBuilder.extendedKeyUsage = [OID.vicalSignerEKU]
        signerBuilder.extendedKeyUsageIsCritical = true
        let signer = try signerBuilder.signed(by: issuingCA, key: issuingKey)

        var keys: [PrivateKey] = []
        for _ in 0..<min(keyPoolSize, iacaCount) { keys.append(try PrivateKey.generate(.ecP256)) }
        var iacas: [Certificate] = []
        iacas.reserveCapacity(iacaCount)
        for index in 0..<iacaCount {
            iacas.append(try iaca(index, key: keys[index % keys.count], notBefore: start, notAfter: start + 9 * year))
        }
        return SyntheticNetwork(root: root, issuingCA: issuingCA, signer: signer, signerKey: signerKey, iacas: iacas)
    }

    /// A self-signed IACA with the extensions of ISO/IEC 18013-5 Annex B.1.2 (issuer alternative name and CRL
    /// distribution point as raw extensions, since the builder has no dedicated fields for them).
    private static func iaca(_ index: Int, key: PrivateKey, notBefore: Date, notAfter: Date) throws -> Certificate {
        let states = ["CA", "NY", "TX", "WA", "FL", "IL", "OH", "GA", "MI", "AZ"]
        let number = String(index + 100_000).dropFirst()
        var builder = CertificateBuilder(
            subject: [
                .country("US"), .stateOrProvince("US-\(states[index % states.count])"),
                .organization("Synthetic Motor Vehicles \(index)"), .commonName("Synthetic IACA \(number)"),
            ], publicKey: key.publicKey, notBefore: notBefore, notAfter: notAfter)
        builder.basicConstraints = BasicConstraints(isCA: true, pathLength: 0)
        builder.keyUsage = [.keyCertSign, .cRLSign]
        // Keys are shared, so the usual SKI (SHA-1 of the key) would repeat: give each IACA its own 20 bytes.
        builder.subjectKeyIdentifier = .explicit(Array(Digest.sha256.hash(Array("IACA \(index)".utf8)).prefix(20)))
        let site = Array("https://dmv\(number).example".utf8)
        // GeneralNames { uniformResourceIdentifier }, RFC 5280 §4.2.1.7.
        let issuerAltName = DER.tlv(0x30, DER.tlv(0x86, site))
        // CRLDistributionPoints { DistributionPoint { [0] { fullName [0] { URI } } } }, RFC 5280 §4.2.1.13.
        let crl = DER.tlv(0x30, DER.tlv(0x30, DER.tlv(0xA0, DER.tlv(0xA0, DER.tlv(0x86, site + Array("/crl".utf8))))))
        builder.rawExtensions = [
            .init(oid: "2.5.29.18", isCritical: false, value: issuerAltName),
            .init(oid: "2.5.29.31", isCritical: false, value: crl),
        ]
        return try builder.selfSigned(with: key)
    }
}

/// Minimal DER writing for the raw extension values of the synthetic IACAs (test data, not parsing).
enum DER {
    /// One TLV with a definite length (X.690 §8.1.3).
    static func tlv(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var remaining = content.count
            while remaining > 0 {
                length.insert(UInt8(remaining & 0xff), at: 0)
                remaining >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
