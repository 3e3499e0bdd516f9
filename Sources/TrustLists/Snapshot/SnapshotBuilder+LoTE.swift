import Foundation
import JOSE
import X509

extension SnapshotBuilder {
    /// What one LoTE puts into the snapshot (docs/architecture.md, Lists of Trusted Entities): every service as a
    /// ``Snapshot/Service`` row, and the certificates of its current issuance services as anchors by service type:
    /// PID and mDL issuance as issuers for their docType, WRPAC issuance as verifiers. A certificate listed in several
    /// such services of one list is one issuer with the union of their docTypes, and one verifier. Services whose
    /// status ends them at `time` are shown, not used.
    static func contribute(_ lote: LoTE, source: ListID, at time: Date, to total: inout Contribution) {
        var contribution = Contribution()
        var issuerPosition: [String: Int] = [:]
        var verifierSeen: Set<String> = []
        for service in lote.services {
            let identity = service.digitalIdentity
            let listed = LoTEServiceRole.isCurrent(
                status: service.status, startingAt: service.statusStartingTime, at: time)
            contribution.services.append(
                Snapshot.Service(
                    entity: service.entityName, name: service.displayName, type: service.typeIdentifier,
                    status: service.status, statusStartingTime: service.statusStartingTime.map(SnapshotTime.normalized),
                    listed: listed, certificates: identity.certificates.map(\.sha256Hex),
                    keyThumbprints: identity.publicKeys.compactMap { try? JWKThumbprint.sha256($0) },
                    skis: identity.subjectKeyIdentifiers.map(hexString), source: source))
            guard listed, let role = LoTEServiceRole(serviceType: service.typeIdentifier) else {
                // Kept for messages only (a refusal names the withdrawn service that lists a chain); no table
                // holds them, so they anchor nothing.
                contribution.add(identity.certificates, sha256Hex: identity.certificates.map(\.sha256Hex))
                continue
            }
            for certificate in identity.certificates {
                let sha256 = certificate.sha256Hex
                switch role {
                case .pidIssuer, .mDLIssuer:
                    if let position = issuerPosition[sha256] {
                        let merged = Set(contribution.issuers[position].docTypes).union(role.docTypes)
                        contribution.issuers[position].docTypes = merged.sorted()
                        continue
                    }
                    issuerPosition[sha256] = contribution.issuers.count
                    contribution.issuers.append(issuer(certificate, entity: service.entityName, role: role, source))
                    contribution.add(certificate, sha256Hex: sha256)
                case .accessCertificateIssuer:
                    guard verifierSeen.insert(sha256).inserted else { continue }
                    contribution.verifiers.append(verifier(certificate, entity: service.entityName, source))
                    contribution.add(certificate, sha256Hex: sha256)
                case .walletProvider, .listed, .revocation:
                    contribution.add(certificate, sha256Hex: sha256)
                }
            }
        }
        total.issuers += contribution.issuers
        total.verifiers += contribution.verifiers
        total.services += contribution.services
        total.certificates.merge(contribution.certificates) { first, _ in first }
    }

    private static func issuer(
        _ certificate: Certificate, entity: String, role: LoTEServiceRole, _ source: ListID
    ) -> Snapshot.Issuer {
        Snapshot.Issuer(
            certificate: base64(certificate.derEncoded), sha256: certificate.sha256Hex,
            ski: hexString(certificate.subjectKeyIdentifier ?? []),
            aki: certificate.authorityKeyIdentifier.map(hexString),
            subject: certificate.subject.rfc4514, subjectDER: base64(certificate.subject.derEncoded),
            issuerDER: base64(certificate.issuer.derEncoded), issuingCountry: certificate.subject.country,
            stateOrProvinceName: nil, issuingAuthority: entity,
            notBefore: SnapshotTime.normalized(certificate.notBefore),
            notAfter: SnapshotTime.normalized(certificate.notAfter), docTypes: role.docTypes, source: source)
    }

    private static func verifier(_ certificate: Certificate, entity: String, _ source: ListID) -> Snapshot.Verifier {
        Snapshot.Verifier(
            certificate: base64(certificate.derEncoded), sha256: certificate.sha256Hex,
            ski: hexString(certificate.subjectKeyIdentifier ?? []),
            aki: certificate.authorityKeyIdentifier.map(hexString),
            subject: certificate.subject.rfc4514, subjectDER: base64(certificate.subject.derEncoded),
            issuerDER: base64(certificate.issuer.derEncoded), name: entity, isTrustAnchor: true,
            notBefore: SnapshotTime.normalized(certificate.notBefore),
            notAfter: SnapshotTime.normalized(certificate.notAfter), source: source)
    }
}
