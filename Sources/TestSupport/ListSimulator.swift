import COSE
import Foundation
import TrustLists
import X509

/// A test trust network (DESIGN.md, Testing): a root, an issuing CA, list signers with and without the VICAL EKU,
/// IACAs with docTypes, a reader CA with a reader leaf, and document signers; it signs VICALs and RICALs from them,
/// and can bend every part of a message for failure tests.
public struct ListSimulator: Sendable {
    /// The network root: the pinned trust anchor.
    public let root: TestPKI.Issued
    /// The CA under the root that issues the list signers.
    public let issuingCA: TestPKI.Issued
    /// VICAL signer: EKU 1.0.18013.5.1.8 (critical), key usage nonRepudiation only, as real ones.
    public let vicalSigner: TestPKI.Issued
    /// RICAL signer: no EKU, key usage nonRepudiation only, as NZTA's.
    public let ricalSigner: TestPKI.Issued
    /// IACAs (self-signed), each with the docTypes the VICAL lists for it.
    public let iacas: [(iaca: TestPKI.Issued, docTypes: [String])]
    /// A reader CA (self-signed) listed in the RICAL.
    public let readerCA: TestPKI.Issued
    /// A reader intermediate under the reader CA.
    public let readerIntermediate: TestPKI.Issued
    /// A reader authentication leaf (EKU 1.0.18013.5.1.6) under the intermediate.
    public let readerLeaf: TestPKI.Issued

    /// Builds the network at ``TestPKI/referenceTime``, or around another time (the daemon's tests run on the wall
    /// clock): every certificate is valid from at least 30 days before `reference` to a year after it.
    /// - Parameter reference: the time the network is built around.
    public init(reference: Date = TestPKI.referenceTime) throws {
        let day = TestPKI.day
        root = try TestPKI.root("Sim Network Root", reference: reference)
        issuingCA = try TestPKI.intermediate("Sim Issuing CA", under: root, reference: reference)
        vicalSigner = try TestPKI.leaf(
            "Sim VICAL Signer", under: issuingCA, extendedKeyUsage: [OID.vicalSignerEKU], keyUsage: [.nonRepudiation],
            notBefore: reference - 30 * day, notAfter: reference + 365 * day)
        ricalSigner = try TestPKI.leaf(
            "Sim RICAL Signer", under: issuingCA, extendedKeyUsage: nil, keyUsage: [.nonRepudiation],
            notBefore: reference - 30 * day, notAfter: reference + 365 * day)
        iacas = [
            (try TestPKI.root("Sim IACA Utopia", reference: reference), ["org.iso.18013.5.1.mDL"]),
            (
                try TestPKI.root("Sim IACA Arcadia", reference: reference),
                ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"]
            ),
            (try TestPKI.root("Sim IACA Eldorado", reference: reference), ["eu.europa.ec.eudi.pid.1"]),
        ]
        readerCA = try TestPKI.root("Sim Reader CA", reference: reference)
        readerIntermediate = try TestPKI.intermediate(
            "Sim Reader Intermediate", under: readerCA, reference: reference)
        readerLeaf = try TestPKI.leaf(
            "Sim Reader", under: readerIntermediate, extendedKeyUsage: [OID.readerAuthenticationEKU],
            notBefore: reference - 30 * day, notAfter: reference + 365 * day)
    }

    /// The default VICAL content: every IACA with its docTypes, dated at the reference time, next update a day later.
    public func vicalContent(issueID: UInt64? = 1, date: Date = TestPKI.referenceTime) -> ListContent {
        ListContent(
            kind: .vical, provider: "Sim", date: date, issueID: issueID, nextUpdate: date + TestPKI.day,
            entries: iacas.map { ListContent.Entry(certificate: $0.iaca.certificate, docTypes: $0.docTypes) })
    }

    /// The default RICAL content: the reader CA, dated at the reference time, next update a day later.
    public func ricalContent(issueID: UInt64? = 1, date: Date = TestPKI.referenceTime) -> ListContent {
        ListContent(
            kind: .rical, provider: "Sim", date: date, issueID: issueID, nextUpdate: date + TestPKI.day,
            entries: [ListContent.Entry(certificate: readerCA.certificate, name: "Sim Reader CA")])
    }

    /// The signer of `kind`'s lists and its x5chain (signer, issuing CA).
    public func signer(for kind: ListKind) -> (key: PrivateKey, chain: [Certificate]) {
        let signer = kind == .vical ? vicalSigner : ricalSigner
        return (signer.key, [signer.certificate, issuingCA.certificate])
    }

    /// A list signed the way ISO/IEC 18013-5 says, by the network's signer of its kind.
    public func signed(_ content: ListContent) throws -> [UInt8] {
        let signer = signer(for: content.kind)
        return try ListPublisher.sign(content, signerKey: signer.key, signerChain: signer.chain)
    }

    /// A COSE_Sign1 message built piece by piece, for failure tests: any headers (alg included or not), any payload
    /// bytes, any key, tagged or detached.
    /// - Parameters:
    ///   - payload: the payload bytes (signed even when `detached`).
    ///   - protectedHeader: the full protected header map, `alg` included when wanted.
    ///   - unprotectedHeader: the unprotected header map.
    ///   - key: the signing key.
    ///   - digest: the hash to sign with.
    public static func message(
        payload: [UInt8], protectedHeader: [CBOR.MapEntry], unprotectedHeader: [CBOR.MapEntry], key: PrivateKey,
        digest: Digest = .sha256, tagged: Bool = false, detached: Bool = false
    ) throws -> [UInt8] {
        let protectedBytes = protectedHeader.isEmpty ? [] : CBOR.map(protectedHeader).encoded()
        let toBeSigned = SigStructure.signature1(protectedBytes: protectedBytes, externalAAD: [], payload: payload)
        let signature = try key.sign(toBeSigned, digest: digest, encoding: .raw)
        let message = CBOR.array([
            .byteString(protectedBytes), .map(unprotectedHeader), detached ? .null : .byteString(payload),
            .byteString(signature),
        ])
        return (tagged ? CBOR.tagged(18, message) : message).encoded()
    }

    /// The header entry `alg` for a key.
    public static func algorithmHeader(_ algorithm: COSEAlgorithm) -> CBOR.MapEntry {
        CBOR.MapEntry(key: .int(1), value: .int(algorithm.rawValue))
    }

    /// The header entry `x5chain` for certificates.
    public static func x5chainHeader(_ certificates: [Certificate]) -> CBOR.MapEntry {
        CBOR.MapEntry(key: .int(33), value: X5Chain.headerValue(certificates.map(\.derEncoded)))
    }
}
