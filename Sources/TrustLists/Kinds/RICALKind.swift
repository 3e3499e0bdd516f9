import COSE
import Foundation
import X509

/// The Reader Certificate Authority List (ISO/IEC 18013-5 second-edition draft Annex F): reader CAs,
/// intermediates and reader certificates, its x5chain in the protected header; a signer EKU only when configured
/// (real RICAL signers carry none).
public enum RICALKind: COSEListKind {
    public static var kind: ListKind { .rical }
    public static var displayName: String { "RICAL" }
    public static var listedRole: AnchorRole? { .reader }
    public static var memberName: String { "reader_ca" }
    public static var x5chainProtected: Bool { true }

    public static var signerEKU: WritableKeyPath<VerificationSettings, String?> { \.ricalSignerEKU }

    public static func decodePayload(
        _ map: CBORMapReader, _ warnings: inout ListWarnings
    ) throws(TrustListError) -> any ListDocument {
        try Rical(map, warnings: &warnings)
    }

    /// Its entries as verifiers.
    public static func contribute(
        _ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution
    ) {
        guard let rical = list.rical else { return }
        contribution.verifiers += SnapshotBuilder.verifiers(of: rical, source: source)
        contribution.add(rical.certificates)
    }
}
