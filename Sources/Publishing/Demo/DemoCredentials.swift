import COSE
import Foundation
import JOSE
import TrustLists
import X509

/// The credentials `trustctl demo` hands to `trustctl query credential` (a test and demo tool): an mDL from the demo
/// network's document signer (under the VICAL's first IACA) and its variants, and a PID from the PID providers LoTE's
/// provider as an mdoc and as an SD-JWT VC; with a status list, three more mDLs naming it (``DemoStatusList``: valid,
/// revoked, suspended). Each mdoc is a DeviceResponse whose device signature covers the demo's
/// SessionTranscript; the SD-JWT VC ends with a Key Binding JWT for ``nonce`` and ``audience``.
public struct DemoCredentials: Sendable {
    /// The nonce the SD-JWT VC's Key Binding JWT carries.
    public static let nonce = "demo-nonce-4"
    /// The audience it names: the demo verifier.
    public static let audience = "x509_san_dns:verifier.demo.example"
    /// The host the PID signer's certificate names, and the SD-JWT VC's `iss`.
    public static let pidIssuer = "https://pid.demo.example"
    /// The PID's SD-JWT VC type.
    public static let pidVCT = "urn:eudi:pid:1"
    /// The mDL's docType.
    public static let mDL = "org.iso.18013.5.1.mDL"
    /// The PID's docType.
    public static let pid = "eu.europa.ec.eudi.pid.1"

    /// The holder's device key (bound by every MSO and the SD-JWT VC's `cnf`).
    public let deviceKey: PrivateKey
    /// An IACA no list names.
    public let unlistedIACA: DemoNetwork.Issued
    /// Its document signer: what an unlisted issuer signs with.
    public let unlistedSigner: DemoNetwork.Issued
    /// The files, by name under `published/credentials/`.
    public let files: [(name: String, bytes: [UInt8])]

    /// Issues every credential.
    /// - Parameters:
    ///   - network: the demo network (its document signers and first IACA).
    ///   - lotes: its LoTEs (the PID provider's signer and CA).
    ///   - sessionTranscript: the SessionTranscript the device signatures cover (the bare array).
    ///   - time: when the credentials are issued; they are valid for 30 days from then.
    ///   - statusList: the issuer's status list; when given, `mdl-status-valid.cbor`, `mdl-status-revoked.cbor` and
    ///     `mdl-status-suspended.cbor` name it at its valid, revoked and suspended index.
    /// - Throws: when a key cannot be made or OpenSSL cannot sign.
    public init(
        network: DemoNetwork, lotes: DemoLoTEs, sessionTranscript: [UInt8], at time: Date,
        statusList: DemoStatusList? = nil
    ) throws {
        let deviceKey = try PrivateKey.generate(.ecP256)
        let unlistedIACA = try DemoNetwork.issue(
            "Unlisted IACA", at: time, validDays: 3650, kind: .ca(pathLength: 0))
        let unlistedSigner = try DemoNetwork.issue(
            "Unlisted Document Signer", by: unlistedIACA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.documentSignerEKU], usage: [.digitalSignature]))
        let utopia = network.iacas[0].iaca.certificate
        func response(_ mdoc: IssuedMDoc) throws -> [UInt8] {
            let signed = try MDocIssuer.deviceSigned(
                docType: mdoc.docType, sessionTranscript: sessionTranscript, deviceKey: deviceKey)
            return MDocIssuer.deviceResponse(documents: [mdoc.document(deviceSigned: signed)])
        }
        let mDL = try Self.issueMDL(signer: network.documentSigner, chain: [utopia], deviceKey: deviceKey, at: time)
        let pidChain = [lotes.pidSigner.certificate, lotes.pidProviderCA.certificate]
        let pid = try MDocIssuer.issue(
            docType: Self.pid, elements: Self.pidElements.map { MDocIssuer.Element(Self.pid, $0.0, $0.1) },
            deviceKey: deviceKey.publicKey, signerKey: lotes.pidSigner.key, signerChain: pidChain, signed: time - 60,
            validUntil: time + 30 * 86_400)
        let sdJWT = try SDJWTIssuer.issue(
            vct: Self.pidVCT, issuer: Self.pidIssuer, claims: ["issuing_country": "EU"],
            disclosable: Self.pidElements.map { name, value in
                (name == "birth_date" ? "birthdate" : name, value.textValue.map(JSONValue.string) ?? .bool(true))
            }, holderKey: deviceKey.publicKey, signerKey: lotes.pidSigner.key, signerChain: pidChain,
            issuedAt: time - 60, expires: time + 30 * 86_400)
        var statusFiles: [(name: String, bytes: [UInt8])] = []
        if let statusList {
            for (name, index) in [
                ("valid", DemoStatusList.validIndex), ("revoked", DemoStatusList.revokedIndex),
                ("suspended", DemoStatusList.suspendedIndex),
            ] {
                let mdoc = try Self.issueMDL(
                    signer: network.documentSigner, chain: [utopia], deviceKey: deviceKey, at: time,
                    status: MDocIssuer.statusList(index: index, uri: statusList.uri))
                statusFiles.append(("mdl-status-\(name).cbor", try response(mdoc)))
            }
        }
        self.deviceKey = deviceKey
        self.unlistedIACA = unlistedIACA
        self.unlistedSigner = unlistedSigner
        files = [
            ("mdl.cbor", try response(mDL)),
            ("mdl-tampered.cbor", try response(mDL.replacing("family_name", with: "Mallory"))),
            (
                "mdl-revoked-signer.cbor",
                try response(
                    try Self.issueMDL(
                        signer: network.revokedDocumentSigner, chain: [utopia], deviceKey: deviceKey, at: time))
            ),
            (
                "mdl-unlisted-issuer.cbor",
                try response(
                    try Self.issueMDL(
                        signer: unlistedSigner, chain: [unlistedIACA.certificate], deviceKey: deviceKey, at: time))
            ),
            ("pid.cbor", try response(pid)),
            (
                "pid.sd-jwt",
                Array(
                    try SDJWTIssuer.withKeyBinding(
                        sdJWT, holderKey: deviceKey, nonce: Self.nonce, audience: Self.audience, issuedAt: time
                    ).utf8)
            ),
        ] + statusFiles
    }

    /// The PID's elements (the EU PID rulebook's names in the mdoc namespace; `birthdate` in the SD-JWT VC).
    static let pidElements: [(String, CBOR)] = [
        ("family_name", "Mustermann"), ("given_name", "Erika"), ("birth_date", "1964-08-12"), ("age_over_18", true),
        ("issuing_authority", "Demo PID Provider"),
    ]

    /// The mDL's elements (ISO/IEC 18013-5 §7.2.1): the issuing country is the document signer's and the IACA's, US.
    static func issueMDL(
        signer: DemoNetwork.Issued, chain: [Certificate], deviceKey: PrivateKey, at time: Date, status: CBOR? = nil
    ) throws -> IssuedMDoc {
        let namespace = "org.iso.18013.5.1"
        let elements: [(String, CBOR)] = [
            ("family_name", "Mustermann"), ("given_name", "Erika"), ("birth_date", .tagged(1004, "1964-08-12")),
            ("issue_date", .tagged(1004, "2025-01-02")), ("expiry_date", .tagged(1004, "2035-01-01")),
            ("issuing_country", "US"), ("issuing_authority", "Demo DMV"), ("document_number", "D1234567"),
            ("age_over_18", true),
            (
                "driving_privileges",
                .array([.map([.init(key: "vehicle_category_code", value: "B")])])
            ),
        ]
        return try MDocIssuer.issue(
            docType: mDL, elements: elements.map { MDocIssuer.Element(namespace, $0.0, $0.1) },
            deviceKey: deviceKey.publicKey, signerKey: signer.key, signerChain: [signer.certificate] + chain,
            signed: time - 60, validUntil: time + 30 * 86_400, status: status)
    }
}
