import Foundation
import TrustLists
import X509

/// The demo network's Lists of Trusted Entities (ETSI TS 119 602), signed as JAdES by a LoTE signer under the
/// network's root: a PID providers list (one provider, and one whose service was withdrawn) and a WRPAC providers list
/// (one access CA, under which an EU relying party's access certificate is issued).
public struct DemoLoTEs: Sendable {
    /// The `LoTEType` of the PID providers list.
    public static let pidType = "http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList"
    /// The `LoTEType` of the WRPAC providers list.
    public static let wrpacType = "http://uri.etsi.org/19602/LoTEType/EUWRPACProvidersList"
    /// PID issuance (ETSI TS 119 602).
    public static let pidIssuance = "http://uri.etsi.org/19602/SvcType/PID/Issuance"
    /// WRPAC issuance (ETSI TS 119 602).
    public static let wrpacIssuance = "http://uri.etsi.org/19602/SvcType/WRPAC/Issuance"
    /// The status of a withdrawn PID provider service.
    public static let withdrawn = "http://uri.etsi.org/19602/PIDProvidersList/SvcStatus/withdrawn"
    /// The scheme operator: `SchemeOperatorName`, and the O of the signer's subject (clause 6.8).
    public static let operatorName = "Demo Trust Network"

    /// The LoTE signer (P-256, digitalSignature), under the network's issuing CA: subject `C=EU, O=Demo Trust
    /// Network`.
    public let signer: DemoNetwork.Issued
    /// The network's issuing CA, between the signer and the root.
    public let issuingCA: DemoNetwork.Issued
    /// The PID provider's CA, listed in the PID providers LoTE.
    public let pidProviderCA: DemoNetwork.Issued
    /// A PID signer (document signer EKU, dNSName `pid.demo.example`) under it.
    public let pidSigner: DemoNetwork.Issued
    /// A former PID provider's CA, whose service the LoTE lists as withdrawn.
    public let formerPIDProviderCA: DemoNetwork.Issued
    /// A PID signer under the former provider's CA.
    public let formerPIDSigner: DemoNetwork.Issued
    /// The access CA of a WRPAC provider, listed in the WRPAC providers LoTE.
    public let accessCA: DemoNetwork.Issued
    /// When the lists are issued.
    public let time: Date

    /// Issues the certificates, valid around `time`, for `network`.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public init(network: DemoNetwork) throws(X509Error) {
        time = network.time
        issuingCA = network.issuingCA
        signer = try Self.listSigner(algorithm: .ecP256, by: network.issuingCA, at: time)
        pidProviderCA = try DemoNetwork.issue(
            "Demo PID Provider CA", at: time, validDays: 3650, kind: .ca(pathLength: 0))
        pidSigner = try DemoNetwork.issue(
            "Demo PID Signer", by: pidProviderCA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.documentSignerEKU], usage: [.digitalSignature])
        ) { builder in
            // The host of the PID's SD-JWT VC `iss` (DemoCredentials): SD-JWT VC §3.5 binds it to the signing key.
            builder.dnsNames = ["pid.demo.example"]
        }
        formerPIDProviderCA = try DemoNetwork.issue(
            "Demo Former PID Provider CA", at: time, validDays: 3650, kind: .ca(pathLength: 0))
        formerPIDSigner = try DemoNetwork.issue(
            "Demo Former PID Signer", by: formerPIDProviderCA, at: time, validDays: 365,
            kind: .leaf(eku: [OID.documentSignerEKU], usage: [.digitalSignature]))
        accessCA = try DemoNetwork.issue("Demo Access CA", at: time, validDays: 3650, kind: .ca(pathLength: 0))
    }

    /// Another LoTE signer like ``signer`` (same subject and issuer), with a key of `algorithm`: RSA for lists signed
    /// PS256 (RSASSA-PSS, RFC 7518 §3.5), as some EU lists are.
    /// - Throws: ``X509Error`` when OpenSSL fails.
    public func listSigner(algorithm: KeyAlgorithm) throws(X509Error) -> DemoNetwork.Issued {
        try Self.listSigner(algorithm: algorithm, by: issuingCA, at: time)
    }

    /// A LoTE signer (digitalSignature) under `issuer`, valid 30 days before `time` to a year after.
    private static func listSigner(
        algorithm: KeyAlgorithm, by issuer: DemoNetwork.Issued, at time: Date
    ) throws(X509Error) -> DemoNetwork.Issued {
        try DemoNetwork.issue(
            subject: [.country("EU"), .organization(operatorName), .commonName("Demo LoTE Signer")],
            by: issuer, algorithm: algorithm, notBefore: time - 30 * 86_400, notAfter: time + 365 * 86_400
        ) { builder in
            builder.keyUsage = [.digitalSignature]
        }
    }

    /// A list of the demo operator in the EU, issued a minute before `time`, next update a day after it.
    private func content(
        type: String, sequenceNumber: Int64, entities: [(name: String, services: [LoTEPublisher.Service])]
    ) -> LoTEPublisher.Content {
        LoTEPublisher.Content(
            type: type, sequenceNumber: sequenceNumber, operatorName: Self.operatorName, territory: "EU",
            issueDate: time - 60, nextUpdate: time + 86_400, entities: entities)
    }

    /// The PID providers LoTE: Demo PID Provider, and Demo Former PID Provider withdrawn a day before `time`.
    public func pidContent(sequenceNumber: Int64 = 1) -> LoTEPublisher.Content {
        content(
            type: Self.pidType, sequenceNumber: sequenceNumber,
            entities: [
                (
                    name: "Demo PID Provider",
                    services: [.init(type: Self.pidIssuance, certificates: [pidProviderCA.certificate])]
                ),
                (
                    name: "Demo Former PID Provider",
                    services: [
                        .init(
                            type: Self.pidIssuance, certificates: [formerPIDProviderCA.certificate],
                            status: Self.withdrawn, statusStartingTime: time - 86_400)
                    ]
                ),
            ])
    }

    /// The WRPAC providers LoTE: Demo Access CA.
    public func wrpacContent(sequenceNumber: Int64 = 1) -> LoTEPublisher.Content {
        content(
            type: Self.wrpacType, sequenceNumber: sequenceNumber,
            entities: [
                (
                    name: "Demo Access Certificate Provider",
                    services: [.init(type: Self.wrpacIssuance, certificates: [accessCA.certificate])]
                )
            ])
    }

    /// `content` signed as compact JAdES (x5c: signer, issuing CA; `sigT` = its issue time), with the signer key's
    /// default algorithm (ES256 for ``signer``, PS256 for an RSA ``listSigner(algorithm:)``).
    /// - Parameters:
    ///   - content: the list.
    ///   - listSigner: the signer; nil for ``signer``.
    /// - Throws: when the payload cannot be written or OpenSSL cannot sign.
    public func signed(_ content: LoTEPublisher.Content, by listSigner: DemoNetwork.Issued? = nil) throws -> [UInt8] {
        let listSigner = listSigner ?? signer
        return try LoTEPublisher.sign(
            payload: try LoTEPublisher.payload(content), signerKey: listSigner.key,
            signerChain: [listSigner.certificate, issuingCA.certificate], signingTime: content.issueDate)
    }
}
