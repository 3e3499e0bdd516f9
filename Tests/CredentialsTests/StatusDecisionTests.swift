import Credentials
import Foundation
import Testing
import TestSupport
import TrustLists
import X509

/// Credential decisions with status lists (docs/architecture.md, Status lists): mdocs, SD-JWT VCs and status list
/// tokens built by Python (`python_credentials.py`: cbor2, cryptography, zlib), the expected outcome of each index taken
/// from the statuses the script packed (draft-ietf-oauth-status-list §7.1: 0 VALID, 1 INVALID, 2 SUSPENDED).
@Suite("Credential status in decisions")
struct StatusDecisionTests {
    /// The refusal the draft's status value calls for.
    static func expectedReason(_ value: UInt8) -> ReasonCode? {
        switch value {
        case 0: nil
        case 1: .credentialRevoked
        case 2: .credentialSuspended
        default: .credentialStatusUnknown
        }
    }

    /// Token `name` verified against `anchor` at the world's time (an expired one kept, as a store keeps it).
    static func verified(_ name: String, anchor: Certificate, _ python: PythonCredentials) throws -> VerifiedStatusList {
        var settings = StatusListVerificationSettings()
        settings.refusesExpired = false
        return try StatusListVerifier(anchor: anchor, settings: settings).verify(
            try python.statusList(name), uri: CredentialWorld.statusURI, at: python.world.now)
    }

    static func mdoc(
        _ name: String, _ python: PythonCredentials, _ lists: StatusListCollection
    ) throws -> DocumentDecision {
        let decision = MDocVerifier.decide(
            cborEncoded: try python.mdoc(name), sessionTranscript: try python.transcript(), trust: python.world.trust,
            at: python.world.now, statusLists: lists)
        return try #require(decision.documents.first)
    }

    static func sdJWT(
        _ name: String, _ python: PythonCredentials, _ lists: StatusListCollection
    ) throws -> DocumentDecision {
        let decision = SDJWTVerifier.decide(
            compact: try python.sdJWT(name), nonce: python.nonce, audience: python.audience,
            trust: python.world.trust, at: python.world.now, statusLists: lists)
        return try #require(decision.documents.first)
    }

    @Test("an mdoc's index in a CWT list signed under its document signer's IACA: VALID trusted, INVALID, SUSPENDED, 0x03 refused")
    func mdocStatuses() throws {
        let python = try PythonCredentials.get()
        let iaca = python.world.sim.iacas[0].iaca.certificate
        let lists = StatusListCollection(mode: .require, lists: [try Self.verified("mdocCWT", anchor: iaca, python)])
        for name in ["statusValid", "statusRevoked", "statusSuspended", "statusUnknown"] {
            let index = try #require(python.statusIndex[name])
            let value = python.statuses[Int(index)]
            let document = try Self.mdoc(name, python, lists)
            #expect(document.reason == Self.expectedReason(value), "\(name): \(document.message)")
            let status = try #require(document.status, "\(name)")
            #expect(status.checked)
            #expect(status.uri == CredentialWorld.statusURI)
            #expect(status.index == index)
            #expect(status.value?.rawValue == value)
            #expect(status.listIssuedAt == python.world.now - 3600)
            #expect(status.listExpires == python.world.now + 86_400)
            #expect(!document.warnings.contains(.statusUnchecked))
        }
    }

    @Test("an SD-JWT VC's index in a JWT or CWT list signed under its issuer's anchor")
    func sdJWTStatuses() throws {
        let python = try PythonCredentials.get()
        let anchor = python.world.sim.iacas[2].iaca.certificate
        for token in ["pidJWT", "pidCWT"] {
            let lists = StatusListCollection(mode: .require, lists: [try Self.verified(token, anchor: anchor, python)])
            for name in ["statusValid", "statusRevoked", "statusSuspended", "statusUnknown"] {
                let index = try #require(python.statusIndex[name])
                let value = python.statuses[Int(index)]
                let document = try Self.sdJWT(name, python, lists)
                #expect(document.reason == Self.expectedReason(value), "\(token) \(name): \(document.message)")
                #expect(document.status?.value?.rawValue == value)
                #expect(document.status?.checked == true)
            }
        }
    }

    @Test("an index past the list's end is status_unavailable in every mode, never VALID")
    func pastTheEnd() throws {
        let python = try PythonCredentials.get()
        let iaca = python.world.sim.iacas[0].iaca.certificate
        let list = try Self.verified("mdocCWT", anchor: iaca, python)
        #expect(python.statusIndex["statusPastEnd"] == UInt64(python.statuses.count))
        for mode in [StatusListSettings.Mode.warn, .require] {
            let document = try Self.mdoc("statusPastEnd", python, StatusListCollection(mode: mode, lists: [list]))
            #expect(document.reason == .statusUnavailable, "\(mode): \(document.message)")
            #expect(document.status?.value == nil)
            #expect(document.status?.reason == .statusUnavailable)
        }
    }

    @Test("no list at hand: warn trusts with status_unchecked, require refuses status_unavailable, off looks nothing up")
    func byMode() throws {
        let python = try PythonCredentials.get()
        let warn = try Self.mdoc("statusRevoked", python, StatusListCollection(mode: .warn))
        #expect(warn.trusted, "\(warn.message)")
        #expect(warn.warnings.contains(.statusUnchecked))
        #expect(warn.status?.checked == false)
        #expect(warn.status?.reason == .statusListMissing)
        let require = try Self.mdoc("statusRevoked", python, StatusListCollection(mode: .require))
        #expect(require.reason == .statusUnavailable)
        #expect(require.message.contains("status_list_missing"), "\(require.message)")
        let iaca = python.world.sim.iacas[0].iaca.certificate
        let off = try Self.mdoc(
            "statusRevoked", python,
            StatusListCollection(mode: .off, lists: [try Self.verified("mdocCWT", anchor: iaca, python)]))
        #expect(off.trusted)
        #expect(off.status?.checked == false)
        #expect(!off.warnings.contains(.statusUnchecked))
    }

    @Test("a credential without status has none; one with an identifier_list is decided by mode; a malformed status is refused")
    func references() throws {
        let python = try PythonCredentials.get()
        let plain = try Self.mdoc("document", python, StatusListCollection(mode: .require))
        #expect(plain.trusted)
        #expect(plain.status == nil)
        let identifier = try Self.mdoc("statusIdentifierList", python, StatusListCollection(mode: .require))
        #expect(identifier.reason == .statusUnavailable)
        #expect(identifier.status?.reason == .statusMechanismUnsupported)
        let malformed = try Self.mdoc("statusMalformed", python, StatusListCollection(mode: .warn))
        #expect(malformed.reason == .malformedStatusReference, "\(malformed.message)")
    }

    @Test("the signer rule: a list under another IACA, a JWT list, or an expired list is not used for an mdoc")
    func signerRule() throws {
        let python = try PythonCredentials.get()
        let iaca = python.world.sim.iacas[0].iaca.certificate
        let eldorado = python.world.sim.iacas[2].iaca.certificate
        let cases: [(String, Certificate, ReasonCode)] = [
            ("pidCWT", eldorado, .statusListSignerMismatch),
            ("mdocJWT", iaca, .wrongListType),
            ("mdocExpiredCWT", iaca, .statusListExpired),
        ]
        for (token, anchor, fault) in cases {
            let lists = StatusListCollection(mode: .require, lists: [try Self.verified(token, anchor: anchor, python)])
            let document = try Self.mdoc("statusValid", python, lists)
            #expect(document.reason == .statusUnavailable, "\(token): \(document.message)")
            #expect(document.status?.reason == fault, "\(token)")
            #expect(document.message.contains(fault.rawValue), "\(token): \(document.message)")
            let warned = try Self.mdoc(
                "statusValid", python, StatusListCollection(mode: .warn, lists: Array(lists.lists.values)))
            #expect(warned.trusted)
            #expect(warned.warnings.contains(.statusUnchecked))
        }
    }

    @Test("a document signer given as the anchor of a status list is refused: it is not a CA")
    func documentSignerAsAnchor() throws {
        let python = try PythonCredentials.get()
        let iaca = python.world.sim.iacas[0].iaca.certificate
        let list = try Self.verified("mdocCWT", anchor: iaca, python)
        #expect(throws: TrustListError(.statusListSignerMismatch, "")) {
            try list.check(anchor: python.world.documentSigner.certificate, at: python.world.now)
        }
        try list.check(anchor: iaca, at: python.world.now)
    }
}
