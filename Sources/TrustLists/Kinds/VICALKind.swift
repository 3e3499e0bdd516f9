import COSE
import Foundation
import X509

/// The Verified Issuer Certificate Authority List (ISO/IEC 18013-5 Annex C.1.7): IACAs and the docTypes they may
/// issue, signed by a signer with EKU 1.0.18013.5.1.8, its x5chain in the unprotected header.
package enum VICALKind: COSEListKind {
    package static var kind: ListKind { .vical }
    package static var displayName: String { "VICAL" }
    package static var listedRole: AnchorRole? { .issuer }
    package static var memberName: String { "iaca" }
    package static var x5chainProtected: Bool { false }

    package static var signerEKU: WritableKeyPath<VerificationSettings, String?> { \.vicalSignerEKU }

    package static func decodePayload(
        _ map: CBORMapReader, _ warnings: inout ListWarnings
    ) throws(TrustListError) -> any ListDocument {
        try Vical(map, warnings: &warnings)
    }

    /// Its IACAs as issuers, docTypes merged over SKI groups (``Snapshot/Issuer``).
    package static func contribute(
        _ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution
    ) {
        guard let vical = list.vical else { return }
        let issuers = SnapshotBuilder.issuers(of: vical, source: source)
        contribution.add(issuers.certificates, sha256Hex: issuers.rows.map(\.sha256))
        SnapshotBuilder.Contribution.append(issuers.rows, to: &contribution.issuers)
    }
}
