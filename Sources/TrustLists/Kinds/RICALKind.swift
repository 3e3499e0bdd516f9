import COSE
import Foundation
import X509

/// The Reader Certificate Authority List (ISO/IEC 18013-5 second-edition draft Annex F): reader CAs,
/// intermediates and reader certificates, its x5chain in the protected header; a signer EKU only when configured
/// (real RICAL signers carry none).
package enum RICALKind: COSEListKind {
    package static var kind: ListKind { .rical }
    package static var displayName: String { "RICAL" }
    package static var listedRole: AnchorRole? { .reader }
    package static var memberName: String { "reader_ca" }
    package static var x5chainProtected: Bool { true }

    package static var signerEKU: WritableKeyPath<VerificationSettings, String?> { \.ricalSignerEKU }

    package static func decodePayload(
        _ map: CBORMapReader, _ warnings: inout ListWarnings
    ) throws(TrustListError) -> any ListDocument {
        try Rical(map, warnings: &warnings)
    }

    /// Its entries as verifiers.
    package static func contribute(
        _ list: TrustList, source: ListID, at time: Date, to contribution: inout SnapshotBuilder.Contribution
    ) {
        guard let rical = list.rical else { return }
        let verifiers = SnapshotBuilder.verifiers(of: rical, source: source)
        contribution.add(rical.certificates, sha256Hex: verifiers.map(\.sha256))
        SnapshotBuilder.Contribution.append(verifiers, to: &contribution.verifiers)
    }
}
