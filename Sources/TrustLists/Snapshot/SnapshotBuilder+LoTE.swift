import Foundation
import JOSE
import X509

extension SnapshotBuilder {
    /// What one LoTE puts into the snapshot (docs/architecture.md, Lists of Trusted Entities): every service as a
    /// ``Snapshot/Service`` row, and the certificates of its current issuance services as anchors by service type:
    /// PID and mDL issuance as issuers for their docType, WRPAC issuance as verifiers. A certificate listed in several
    /// such services of one list is one issuer with the union of their docTypes, and one verifier.
    struct LoTEContribution {
        var issuers: [Snapshot.Issuer] = []
        var verifiers: [Snapshot.Verifier] = []
        var services: [Snapshot.Service] = []
        var certificates: [Certificate] = []
    }

    /// The contribution of a LoTE that is usable at `time` (services whose status ends them are shown, not used).
    static func contribution(of lote: LoTE, source: ListID, at time: Date) -> LoTEContribution {
        var contribution = LoTEContribution()
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
            guard listed, let role = LoTEServiceRole(serviceType: service.typeIdentifier) else { continue }
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
                    contribution.certificates.append(certificate)
                case .accessCertificateIssuer:
                    guard verifierSeen.insert(sha256).inserted else { continue }
                    contribution.verifiers.append(verifier(certificate, entity: service.entityName, source))
                    contribution.certificates.append(certificate)
                case .walletProvider, .listed, .revocation:
                    contribution.certificates.append(certificate)
                }
            }
        }
        return contribution
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
