import Foundation
import JOSE
import TrustLists
import X509

/// Writes and signs Lists of Trusted Entities (ETSI TS 119 602) as compact JAdES baseline B (ETSI TS 119 182-1): the
/// payload `{"LoTE": {ListAndSchemeInformation, TrustedEntitiesList}}` with the required members, each service with
/// its `ServiceTypeIdentifier`, `ServiceName` and certificates; the header with `x5c`, `x5t#S256` and `sigT` in
/// `crit`. For the demo network, tests and other tools.
public enum LoTEPublisher {
    /// One service of a trusted entity.
    public struct Service: Sendable {
        /// `ServiceTypeIdentifier`.
        public var type: String
        /// `ServiceDigitalIdentity.X509Certificates`.
        public var certificates: [Certificate]
        /// `ServiceStatus`; nil leaves it out (listed means trusted, as the EU profiles have it).
        public var status: String?
        /// `StatusStartingTime`; written only with a status.
        public var statusStartingTime: Date?
        /// `ServiceDigitalIdentity.PublicKeyValues`: JWKs (RFC 7517); none by default.
        public var publicKeys: [JSONValue]

        /// A service of a type with its certificates, and optionally a status from a time on and bare keys.
        public init(
            type: String, certificates: [Certificate], status: String? = nil, statusStartingTime: Date? = nil,
            publicKeys: [JSONValue] = []
        ) {
            self.type = type
            self.certificates = certificates
            self.status = status
            self.statusStartingTime = statusStartingTime
            self.publicKeys = publicKeys
        }
    }

    /// What a LoTE lists.
    public struct Content: Sendable {
        /// `LoTEType`.
        public var type: String
        /// `LoTESequenceNumber`.
        public var sequenceNumber: Int64
        /// `SchemeOperatorName`, in English.
        public var operatorName: String
        /// `SchemeTerritory`.
        public var territory: String
        /// `ListIssueDateTime`.
        public var issueDate: Date
        /// `NextUpdate`.
        public var nextUpdate: Date
        /// The trusted entities: a name and services each.
        public var entities: [(name: String, services: [Service])]

        /// Content with every member given.
        public init(
            type: String, sequenceNumber: Int64, operatorName: String, territory: String, issueDate: Date,
            nextUpdate: Date, entities: [(name: String, services: [Service])]
        ) {
            self.type = type
            self.sequenceNumber = sequenceNumber
            self.operatorName = operatorName
            self.territory = territory
            self.issueDate = issueDate
            self.nextUpdate = nextUpdate
            self.entities = entities
        }
    }

    /// The payload of `content` as compact JSON (members sorted, ``JSONValue/jsonEncoded()``).
    /// - Throws: ``JOSEError`` only for a number JSON cannot write (never for this content).
    public static func payload(_ content: Content) throws -> [UInt8] {
        func text(_ value: String) -> JSONValue { [["lang": "en", "value": .string(value)]] }
        func date(_ value: Date) -> JSONValue {
            .string(RFC3339.string(from: Date(timeIntervalSince1970: value.timeIntervalSince1970.rounded(.down))) ?? "")
        }
        let entities: [JSONValue] = content.entities.map { entity in
            [
                "TrustedEntityInformation": ["TEName": text(entity.name)],
                "TrustedEntityServices": .array(
                    entity.services.map { service in
                        var identity: [String: JSONValue] = [
                            "X509Certificates": .array(
                                service.certificates.map { ["val": .string(Base64.encode($0.derEncoded))] })
                        ]
                        if !service.publicKeys.isEmpty { identity["PublicKeyValues"] = .array(service.publicKeys) }
                        var information: [String: JSONValue] = [
                            "ServiceTypeIdentifier": .string(service.type),
                            "ServiceName": text(entity.name + " service"),
                            "ServiceDigitalIdentity": .object(identity),
                        ]
                        if let status = service.status {
                            information["ServiceStatus"] = .string(status)
                            information["StatusStartingTime"] = date(service.statusStartingTime ?? content.issueDate)
                        }
                        return ["ServiceInformation": .object(information)]
                    }),
            ]
        }
        let document: JSONValue = [
            "LoTE": [
                "ListAndSchemeInformation": [
                    "LoTEVersionIdentifier": .number(Double(LoTE.supportedVersion)),
                    "LoTESequenceNumber": .number(Double(content.sequenceNumber)),
                    "LoTEType": .string(content.type),
                    "SchemeOperatorName": text(content.operatorName),
                    "SchemeTerritory": .string(content.territory),
                    "ListIssueDateTime": date(content.issueDate),
                    "NextUpdate": date(content.nextUpdate),
                ],
                "TrustedEntitiesList": .array(entities),
            ]
        ]
        return try document.jsonEncoded()
    }

    /// Signs a LoTE payload as compact JAdES with `sigT` = the issue time.
    /// - Parameters:
    ///   - payload: the payload's JSON.
    ///   - signerKey: the signer's private key (EC P-256/384/521, Ed25519, or RSA of 2048 bits or more).
    ///   - signerChain: the signer's certificate first, then its issuers.
    ///   - signingTime: `sigT`; nil leaves it out.
    ///   - algorithm: the JWS `alg` (PS256, PS384 or PS512 for an RSA key); nil for the key's default (ES256 for
    ///     P-256, …, PS256 for RSA).
    /// - Returns: the compact serialization's bytes.
    /// - Throws: ``X509Error`` when OpenSSL cannot sign; `JOSEError` `unsupported_alg` for an algorithm that does not
    ///   fit the key.
    public static func sign(
        payload: [UInt8], signerKey: PrivateKey, signerChain: [Certificate], signingTime: Date?,
        algorithm: JWSAlgorithm? = nil
    ) throws -> [UInt8] {
        Array(
            try JAdESSignature.sign(
                payload: payload, key: signerKey, chain: signerChain, signingTime: signingTime, algorithm: algorithm
            ).utf8)
    }
}
