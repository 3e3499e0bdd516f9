import Credentials
import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

extension DemoFiles {
    /// Where the demo's credentials are (``DemoCredentials``): `published/credentials/<name>`.
    func credential(_ name: String) -> String {
        folder.appendingPathComponent("published/credentials/\(name)").path
    }

    /// Where the issuer's status list is published (`published/status-lists/demo.cwt`).
    var statusListFile: URL { folder.appendingPathComponent("published/status-lists/demo.cwt") }

    /// Its URI, the `sub` of the list and the `uri` the mDLs name: `file://localhost/…/demo.cwt`, localhost being the
    /// one host the configuration's `statusLists.allowedHosts` lets a credential's list be fetched from.
    var statusListURI: String {
        var components = URLComponents()
        components.scheme = "file"
        components.host = "localhost"
        components.path = statusListFile.path
        return components.string ?? "file://localhost\(statusListFile.path)"
    }

    /// Issues and writes the demo's credentials: an mDL from the demo document signer and its tampered, revoked-signer
    /// and unlisted-issuer variants, a PID as an mdoc and as an SD-JWT VC from the PID provider of the PID providers
    /// LoTE, and the issuer's status list (``DemoStatusList``) with three mDLs naming it (valid, revoked, suspended);
    /// each mdoc's device signature covers ``sessionTranscript``.
    func publishCredentials() throws {
        do {
            let statusList = try DemoStatusList(network: network, uri: statusListURI, at: now)
            try save(statusList.token, as: "published/status-lists/demo.cwt")
            let credentials = try DemoCredentials(
                network: network, lotes: lotes, sessionTranscript: Self.sessionTranscript, at: now,
                statusList: statusList)
            for (name, bytes) in credentials.files { try save(bytes, as: "published/credentials/\(name)") }
        } catch let failure as InputFiles.Failure {
            throw failure
        } catch {
            throw InputFiles.Failure(description: "issuing the demo credentials failed: \(error)")
        }
    }
}

extension DemoScript {
    /// The steps answered for what the holder's wallet holds: an mDL trusted with what the digests vouch for, a tampered
    /// one, one whose document signer the IACA's CRL revokes, one from an issuer no list names, and the PID as an mdoc
    /// and as an SD-JWT VC with a Key Binding JWT.
    mutating func runCredentialSteps() {
        let files = self.files
        let config = ["--config", files.configuration]
        let transcript = ["--session-transcript", files.sessionTranscript]
        credentialStep(
            "Is the holder's mDL trusted? (signed by the demo document signer, its IACA listed for the mDL)",
            file: "mdl.cbor", arguments: transcript + config, expect: .none
        ) { document in
            document.trustedBy?.sha256 == files.network.iacas[0].iaca.certificate.sha256Hex
                && document.deviceAuth == .verified && document.elements.first?.identifiers.count == 10
        }
        credentialStep(
            "An mDL whose family_name was changed after signing is refused (value_digest_mismatch)",
            file: "mdl-tampered.cbor", arguments: transcript + config, expect: .valueDigestMismatch)
        credentialStep(
            "An mDL from the revoked document signer is refused (its IACA's CRL lists it)",
            file: "mdl-revoked-signer.cbor", arguments: transcript + config, expect: .revoked)
        credentialStep(
            "An mDL from an issuer no list names is refused (not_on_trust_list)",
            file: "mdl-unlisted-issuer.cbor", arguments: transcript + config, expect: .notOnTrustList)
        credentialStep(
            "Is an mDL its issuer's status list says is valid trusted? (the list's signer is under the same IACA)",
            file: "mdl-status-valid.cbor", arguments: transcript + config, expect: .none
        ) { document in
            document.status?.checked == true && document.status?.value == .valid
                && document.status?.index == DemoStatusList.validIndex && document.status?.uri == files.statusListURI
        }
        credentialStep(
            "An mDL its issuer's status list marks revoked (0x01) is refused (credential_revoked)",
            file: "mdl-status-revoked.cbor", arguments: transcript + config, expect: .credentialRevoked
        ) { document in
            document.status?.index == DemoStatusList.revokedIndex
        }
        credentialStep(
            "An mDL its issuer's status list marks suspended (0x02) is refused (credential_suspended)",
            file: "mdl-status-suspended.cbor", arguments: transcript + config, expect: .credentialSuspended
        ) { document in
            document.status?.index == DemoStatusList.suspendedIndex
        }
        credentialStep(
            "Is the holder's PID mdoc trusted? (its signer's CA is in the PID providers LoTE)",
            file: "pid.cbor", arguments: transcript + config, expect: .none
        ) { document in
            document.trustedBy?.list == ListID(network: "demo", name: "pid") && document.deviceAuth == .verified
        }
        credentialStep(
            "Is the holder's PID SD-JWT VC trusted, bound to the verifier's nonce? (vct urn:eudi:pid:1)",
            file: "pid.sd-jwt",
            arguments: ["--nonce", DemoCredentials.nonce, "--aud", DemoCredentials.audience] + config, expect: .none
        ) { document in
            document.vct == DemoCredentials.pidVCT && document.deviceAuth == .verified && document.claims.count == 5
        }
    }

    /// A step that asks `trustctl query credential` about the credential `file` and expects it trusted (`expect` nil,
    /// exit 0, and `facts` of its one document) or refused with `expect` (exit 1).
    mutating func credentialStep(
        _ title: String, file: String, arguments: [String], expect reason: ReasonCode?,
        facts: @escaping (DocumentDecision) -> Bool = { _ in true }
    ) {
        let files = self.files
        let path = files.credential(file)
        step(title, ["query", "credential", path] + arguments, expect: reason == nil ? 0 : 1) { service in
            guard let service, let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)),
                let transcript = try? Data(contentsOf: URL(fileURLWithPath: files.sessionTranscript))
            else { return false }
            let decision = service.credentialDecision(
                Array(bytes), sessionTranscript: Array(transcript), nonce: DemoCredentials.nonce,
                audience: DemoCredentials.audience, at: files.now)
            guard decision.reason == reason, decision.documents.count == 1 else { return false }
            return facts(decision.documents[0])
        }
    }
}
