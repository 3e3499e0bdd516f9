import Foundation
import JOSE
import X509

/// One service of a trusted entity (ETSI TS 119 602, `ServiceInformation`), with its history.
public struct TrustedEntityService: Sendable, Hashable {
    /// `ServiceTypeIdentifier`, a URI such as `http://uri.etsi.org/19602/SvcType/PID/Issuance`.
    public let typeIdentifier: String
    /// `ServiceName`, never empty.
    public let name: [MultilingualString]
    /// `ServiceDigitalIdentity`: the certificates, keys and SKIs that identify the service.
    public let digitalIdentity: ServiceDigitalIdentity
    /// `ServiceStatus`, a URI; nil when absent (the EU profiles list a service without one: listed means trusted).
    public let status: String?
    /// `StatusStartingTime` (UTC); nil when absent.
    public let statusStartingTime: Date?
    /// `ServiceHistory`: earlier states, as listed (broken instances dropped with a warning).
    public let history: [ServiceHistoryInstance]
    /// The name of the entity that offers the service, for display.
    public let entityName: String

    /// The service's name for display: English, else the first.
    public var displayName: String { MultilingualString.preferred(name) ?? "" }
}

/// `ServiceDigitalIdentity` (ETSI TS 119 602): how a service is recognised.
public struct ServiceDigitalIdentity: Sendable, Hashable {
    /// `X509Certificates`, parsed by OpenSSL (CA or end-entity certificates).
    public let certificates: [Certificate]
    /// `PublicKeyValues`: JWKs (RFC 7517), each an object with at least `kty`.
    public let publicKeys: [JOSE.JSONValue]
    /// `X509SKIs`: subject key identifiers, decoded from base64.
    public let subjectKeyIdentifiers: [[UInt8]]
    /// `X509SubjectNames`, as listed.
    public let subjectNames: [String]

    /// Whether the identity names nothing.
    public var isEmpty: Bool {
        certificates.isEmpty && publicKeys.isEmpty && subjectKeyIdentifiers.isEmpty && subjectNames.isEmpty
    }
}

/// One `ServiceHistoryInstance` (ETSI TS 119 602): a status the service had from a time on.
public struct ServiceHistoryInstance: Sendable, Hashable {
    /// `ServiceTypeIdentifier`, when the instance repeats it.
    public let typeIdentifier: String?
    /// `ServiceName`, as listed (may be empty).
    public let name: [MultilingualString]
    /// `ServiceDigitalIdentity` of that time.
    public let digitalIdentity: ServiceDigitalIdentity
    /// `ServiceStatus`, a URI.
    public let status: String
    /// `StatusStartingTime` (UTC).
    public let statusStartingTime: Date
}
