import COSE
import Foundation
import X509

/// The Verified Issuer Certificate Authority List (ISO/IEC 18013-5 Annex C.1.7): IACAs and the docTypes they may
/// issue, signed by a signer with EKU 1.0.18013.5.1.8, its x5chain in the unprotected header.
public enum VICALKind: COSEListKind {
    public static var kind: ListKind { .vical }
    public static var displayName: String { "VICAL" }
    public static var listedRole: AnchorRole? { .issuer }
    public static var memberName: String { "iaca" }
    public static var x5chainProtected: Bool { false }

    public static var signerEKU: WritableKeyPath<VerificationSettings, String?> { \.vicalSignerEKU }

    public static func decodePayload(
        _ map: CBORMapReader, _ warnings: inout ListWarnings
    ) throws(TrustListError) -> any ListDocument {
        try Vical(map, warnings: &warnings)
    }

    /// Its IACAs as issuers, docTypes merged over SKI groups (``Snapshot/Issuer``).
    public static func contribute(
        _ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution
    ) {
        guard let vical = list.vical else { return }
        contribution.issuers += SnapshotBuilder.issuers(of: vical, source: source)
        contribution.add(vical.certificates)
    }
}
