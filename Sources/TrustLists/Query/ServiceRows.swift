import Foundation
import X509

/// A certificate of a listed LoTE service whose role has no snapshot table of its own (wallet providers), as chain
/// building sees it: each ends a chain as listed (docs/architecture.md, Lists of Trusted Entities).
struct ServiceCertificateRow: ListedRow {
    let sha256: String
    let ski: String
    let aki: String?
    let subject: String
    let subjectDER: String
    let issuerDER: String
    let source: ListID
    /// The entity that provides the service (`TEName`).
    let name: String?
    var isAnchor: Bool { true }
    var docTypes: [String] { [] }

    /// The row of one certificate of `service`.
    init(_ certificate: Certificate, service: Snapshot.Service) {
        sha256 = certificate.sha256Hex
        ski = hexString(certificate.subjectKeyIdentifier ?? [])
        aki = certificate.authorityKeyIdentifier.map(hexString)
        subject = certificate.subject.rfc4514
        subjectDER = Data(certificate.subject.derEncoded).base64EncodedString()
        issuerDER = Data(certificate.issuer.derEncoded).base64EncodedString()
        source = service.source
        name = service.entity
    }
}

/// A bare key a listed LoTE service publishes in `PublicKeyValues`, keyed by its RFC 7638 SHA-256 thumbprint (in
/// ``sha256``, the field every row is found by): what key decisions match exactly. One row per key and list, with the
/// union of the docTypes of the services of that list that publish it.
struct ServiceKeyRow: ListedRow {
    /// The RFC 7638 thumbprint, base64url.
    let sha256: String
    /// The (first) service's name.
    let subject: String
    let source: ListID
    /// The entity that provides the service (`TEName`).
    let name: String?
    var docTypes: [String]
    var ski: String { "" }
    var aki: String? { nil }
    var subjectDER: String { "" }
    var issuerDER: String { "" }
    var isAnchor: Bool { true }
}

extension TrustIndex {
    /// The rows of every listed service of `role`'s certificates, in snapshot order; certificates the generation does
    /// not hold are left out.
    static func certificateRows(
        _ services: [Snapshot.Service], role: AnchorRole, certificates: [String: Certificate]
    ) -> [ServiceCertificateRow] {
        services.filter { $0.listed && $0.role?.anchorRole == role }.flatMap { service in
            service.certificates.compactMap { sha in certificates[sha].map { ServiceCertificateRow($0, service: service) } }
        }
    }

    /// The key rows of every listed service of `role`, merged per key and list.
    static func keyRows(_ services: [Snapshot.Service], role: AnchorRole) -> [ServiceKeyRow] {
        var rows: [ServiceKeyRow] = []
        var position: [String: Int] = [:]
        for service in services where service.listed && service.role?.anchorRole == role {
            let docTypes = service.role?.docTypes ?? []
            for thumbprint in service.keyThumbprints {
                let key = "\(service.source) \(thumbprint)"
                if let index = position[key] {
                    rows[index].docTypes = Array(Set(rows[index].docTypes).union(docTypes)).sorted()
                    continue
                }
                position[key] = rows.count
                rows.append(
                    ServiceKeyRow(
                        sha256: thumbprint, subject: service.name, source: service.source, name: service.entity,
                        docTypes: docTypes))
            }
        }
        return rows
    }
}
