import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

extension DemoFiles {
    /// The LoTE files under `published/`, with their ids and `LoTEType`s, as the configuration names them.
    static let loteFiles: [(id: String, file: String, type: String)] = [
        (id: "pid", file: "pid-providers.jws", type: DemoLoTEs.pidType),
        (id: "wrpac", file: "wrpac-providers.jws", type: DemoLoTEs.wrpacType),
    ]
    /// The DNS name of the EU relying party (its `x509_san_dns:` client identifier).
    static let relyingPartyHost = "rp.demo.example"

    /// The PID signer and its provider's CA (PEM).
    var pidSignerChain: String { folder.appendingPathComponent("pki/pid-signer-chain.pem").path }
    /// The former provider's PID signer and its CA (PEM).
    var formerPIDSignerChain: String { folder.appendingPathComponent("pki/former-pid-signer-chain.pem").path }
    /// The EU relying party's signed request object.
    var relyingPartyRequest: String { folder.appendingPathComponent("published/request-eu-relying-party.jwt").path }

    /// Signs and writes the two LoTEs (the PID providers list ES256, the WRPAC providers list PS256 with an RSA 2048
    /// signer), the PID signers' chains and the EU relying party's request object, whose access certificate is issued
    /// by the WRPAC providers list's access CA.
    func publishLoTEs() throws {
        do {
            try save(try lotes.signed(lotes.pidContent()), as: "published/\(Self.loteFiles[0].file)")
            let rsaSigner = try lotes.listSigner(algorithm: .rsa)
            try save(
                try lotes.signed(lotes.wrpacContent(), by: rsaSigner), as: "published/\(Self.loteFiles[1].file)")
            try save(
                Array((lotes.pidSigner.certificate.pemEncoded + lotes.pidProviderCA.certificate.pemEncoded).utf8),
                as: "pki/pid-signer-chain.pem")
            try save(
                Array(
                    (lotes.formerPIDSigner.certificate.pemEncoded + lotes.formerPIDProviderCA.certificate.pemEncoded)
                        .utf8), as: "pki/former-pid-signer-chain.pem")
            let relyingParty = try RequestObjectPublisher.verifierCertificate(
                commonName: "Demo EU Relying Party", host: Self.relyingPartyHost, issuer: lotes.accessCA, at: now)
            let request = try RequestObjectPublisher.signed(
                host: Self.relyingPartyHost, signer: relyingParty.key,
                chain: [relyingParty.certificate], nonce: "demo-nonce-3", at: now)
            try save(Array(request.utf8), as: "published/request-eu-relying-party.jwt")
        } catch let failure as InputFiles.Failure {
            throw failure
        } catch {
            throw InputFiles.Failure(description: "signing the demo LoTEs failed: \(error)")
        }
    }
}

extension DemoScript {
    /// The steps answered from the Lists of Trusted Entities: a PID signer under a listed PID provider, one under a
    /// withdrawn provider, and an EU relying party's request under a listed access CA.
    mutating func runLoTESteps() {
        let files = self.files
        let config = ["--config", files.configuration]
        let lotes = files.lotes
        let pid = LoTEServiceRole.pidDocType
        step(
            "May the PID provider's signer sign a PID? (its CA is in the PID providers LoTE)",
            ["query", "issuer", "--chain", files.pidSignerChain, "--doctype", pid] + config, expect: 0
        ) {
            guard let queries = $0?.queries,
                case .trusted(let trusted) = queries.issuerDecision(
                    chain: [lotes.pidSigner.certificate, lotes.pidProviderCA.certificate], docType: pid, at: files.now)
            else { return false }
            return trusted.trustedBy.sha256 == lotes.pidProviderCA.certificate.sha256Hex
                && trusted.anchor.list == ListID(network: "demo", name: "pid")
        }
        step(
            "Is a PID signer of a withdrawn provider refused? (its service's status is withdrawn)",
            ["query", "issuer", "--chain", files.formerPIDSignerChain, "--doctype", pid] + config, expect: 1
        ) {
            $0?.queries.issuerDecision(
                chain: [lotes.formerPIDSigner.certificate, lotes.formerPIDProviderCA.certificate], docType: pid,
                at: files.now
            ).reason == .notOnTrustList
        }
        trustedRequestStep(
            "Does the wallet trust an EU relying party's OpenID4VP request? (its access CA is in the WRPAC providers LoTE)",
            file: files.relyingPartyRequest, host: DemoFiles.relyingPartyHost, commonName: "Demo EU Relying Party")
    }
}
