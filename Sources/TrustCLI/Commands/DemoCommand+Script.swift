import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// The demo's steps: each runs a real `trustctl` command in-process (printed as the user would type it), then
/// checks its exit status and, through the library, the facts it should have produced.
struct DemoScript {
    let context: CommandContext
    let files: DemoFiles
    private(set) var failures: [String] = []
    private var number = 0

    init(context: CommandContext, files: DemoFiles) {
        self.context = context
        self.files = files
    }

    mutating func run() {
        let files = self.files
        let config = ["--config", files.configuration]
        let network = files.network
        step("Fetch, verify and store every list: VICAL, RICAL and two LoTEs", ["refresh"] + config, expect: 0) {
            guard let status = $0?.status(at: files.now) else { return false }
            return status.lists.allSatisfy { $0.state == .fresh }
                && status.lists.first { $0.id.kind == .vical }?.current?.issueID == DemoFiles.goodIssue
        }
        step("Show the state of every list", ["status"] + config, expect: 0) {
            $0?.status(at: files.now).lists.allSatisfy { $0.origin == .network && $0.lastError == nil } ?? false
        }
        step(
            "Is the reader trusted? (its chain ends in the RICAL's reader CA)",
            ["query", "reader", "--chain", files.readerChain] + config, expect: 0
        ) {
            guard let queries = $0?.queries,
                case .trusted(let trusted) = queries.readerDecision(
                    chain: [network.readerLeaf.certificate, network.readerIntermediate.certificate], at: files.now)
            else { return false }
            return trusted.commonName == network.readerLeaf.certificate.subject.commonName
        }
        step(
            "May the document signer sign an mDL? (its IACA is listed for org.iso.18013.5.1.mDL)",
            ["query", "issuer", "--chain", files.documentSignerChain, "--doctype", "org.iso.18013.5.1.mDL"] + config,
            expect: 0
        ) {
            guard let queries = $0?.queries,
                case .trusted(let trusted) = queries.issuerDecision(
                    chain: [network.documentSigner.certificate], docType: "org.iso.18013.5.1.mDL", at: files.now)
            else { return false }
            return trusted.trustedBy.sha256 == network.iacas[0].iaca.certificate.sha256Hex
        }
        step(
            "Is the other document signer of that IACA refused? (the IACA's CRL lists it)",
            ["query", "issuer", "--chain", files.revokedDocumentSignerChain, "--doctype", "org.iso.18013.5.1.mDL"]
                + config, expect: 1
        ) {
            $0?.queries.issuerDecision(
                chain: [network.revokedDocumentSigner.certificate, network.iacas[0].iaca.certificate],
                docType: "org.iso.18013.5.1.mDL", at: files.now
            ).reason == .revoked
        }
        step(
            "Is a reader issued directly by the reader CA trusted? (the reader CA's CRL does not list it)",
            ["query", "reader", "--chain", files.directReader] + config, expect: 0
        ) {
            $0?.queries.readerDecision(chain: [network.directReader.certificate], at: files.now).isTrusted ?? false
        }
        step(
            "Is its sibling refused? (the reader CA's CRL lists it)",
            ["query", "reader", "--chain", files.revokedReader] + config, expect: 1
        ) {
            $0?.queries.readerDecision(chain: [network.revokedReader.certificate], at: files.now).reason == .revoked
        }
        step(
            "May it sign a PID? (its IACA is not listed for eu.europa.ec.eudi.pid.1)",
            ["query", "issuer", "--chain", files.documentSignerChain, "--doctype", "eu.europa.ec.eudi.pid.1"] + config,
            expect: 1
        ) {
            guard let queries = $0?.queries else { return false }
            let decision = queries.issuerDecision(
                chain: [network.documentSigner.certificate], docType: "eu.europa.ec.eudi.pid.1", at: files.now)
            return decision.reason == .docTypeNotAuthorized
        }
        trustedRequestStep(
            "Does the wallet trust Demo Verifier's OpenID4VP request? (signed by a certificate under the RICAL's reader CA)",
            file: files.trustedRequest, host: DemoFiles.verifierHost, commonName: "Demo Verifier")
        step(
            "A verifier in no list: the wallet shows its domain only (not_on_trust_list)",
            ["query", "request", "--file", files.unlistedRequest] + config, expect: 1
        ) {
            guard let service = $0, let text = try? String(contentsOfFile: files.unlistedRequest, encoding: .utf8)
            else { return false }
            let decision = service.requestDecision(requestObject: text, clientID: nil, at: files.now)
            return decision.reason == .notOnTrustList && decision.domain == DemoFiles.unlistedHost
        }
        step(
            "Does the wallet trust the demo reader's DeviceRequest? (ISO/IEC 18013-5 readerAuth over the session)",
            ["query", "device-request", files.deviceRequest, "--session-transcript", files.sessionTranscript] + config,
            expect: 0
        ) {
            guard let service = $0,
                let request = try? Data(contentsOf: URL(fileURLWithPath: files.deviceRequest)),
                let transcript = try? Data(contentsOf: URL(fileURLWithPath: files.sessionTranscript))
            else { return false }
            let decision = service.deviceRequestDecision(
                deviceRequest: Array(request), sessionTranscript: Array(transcript), at: files.now)
            return decision.trusted
                && decision.verifiedBy.commonName == network.readerLeaf.certificate.subject.commonName
                && decision.consent.requestedDocTypes == [DemoFiles.requestedDocType]
        }
        runLoTESteps()
        runCredentialSteps()
        context.print(
            "\nPublishing a rolled-back VICAL (issue \(DemoFiles.rolledBackIssue), dated before issue \(DemoFiles.goodIssue)) at \(files.publishedVICAL.path)"
        )
        do {
            try files.publish(network.vicalContent(issueID: DemoFiles.rolledBackIssue, date: files.now - 120))
        } catch {
            failures.append("publishing the rolled-back VICAL: \(error)")
        }
        step("Refresh again: the rollback must be refused and the last good list kept", ["refresh"] + config, expect: 1)
        {
            let vical = $0?.status(at: files.now).lists.first { $0.id.kind == .vical }
            return vical?.current?.issueID == DemoFiles.goodIssue && vical?.lastError?.reason == .rollback
                && vical?.state == .fresh
        }
        context.print(
            "\nPublishing a newer VICAL (issue \(DemoFiles.restoredIssue)) at \(files.publishedVICAL.path)")
        do {
            try files.publish(network.vicalContent(issueID: DemoFiles.restoredIssue, date: files.now - 30))
        } catch {
            failures.append("publishing the newer VICAL: \(error)")
        }
        step("Refresh again: the newer list is accepted and the network is healthy", ["refresh"] + config, expect: 0) {
            guard let status = $0?.status(at: files.now) else { return false }
            return status.monitoringStatus == .ok
                && status.lists.first { $0.id.kind == .vical }?.current?.issueID == DemoFiles.restoredIssue
        }
        context.print("")
        if failures.isEmpty {
            context.print("Every step gave the expected answer.")
        } else {
            context.print("\(failures.count) step(s) did not give the expected answer:")
            for failure in failures { context.print("  - \(failure)") }
        }
        context.print(
            """

            Try it by hand (from the package folder; 'swift run trustctl' or the built .build/debug/trustctl):
              trustctl status --config \(files.configuration)
              trustctl query reader --config \(files.configuration) --chain \(files.readerChain) --json
              trustctl query issuer --config \(files.configuration) --chain \(files.documentSignerChain) --doctype org.iso.18013.5.1.mDL
              trustctl query request --config \(files.configuration) --file \(files.trustedRequest) --at \(Timestamp.text(files.now)) --json   # its exp is 10 minutes after it was signed
              trustctl query device-request \(files.deviceRequest) --session-transcript \(files.sessionTranscript) --config \(files.configuration)
              trustctl verify \(files.folder.path)/published/rical.cose --kind rical --root \(files.folder.path)/pki/root.pem
              trustctl verify \(files.folder.path)/published/\(DemoFiles.loteFiles[0].file) --kind lote --root \(files.folder.path)/pki/root.pem --lote-type \(DemoFiles.loteFiles[0].type)
              trustctl query issuer --config \(files.configuration) --chain \(files.pidSignerChain) --doctype eu.europa.ec.eudi.pid.1
              trustctl query credential \(files.credential("mdl.cbor")) --session-transcript \(files.sessionTranscript) --config \(files.configuration) --json
              trustctl query credential \(files.credential("mdl-status-valid.cbor")) --session-transcript \(files.sessionTranscript) --config \(files.configuration)
              trustctl verify \(files.statusListFile.path) --kind status-list --issuer \(files.folder.path)/pki/iaca-1.pem --uri \(files.statusListURI)
              trustctl query credential \(files.credential("pid.sd-jwt")) --nonce \(DemoCredentials.nonce) --aud \(DemoCredentials.audience) --config \(files.configuration)
              trustctl snapshot --config \(files.configuration)
              trustctl status --config \(files.configuration) --at \(Timestamp.text(files.now + 4 * 86_400))   # expired by then
            Publish your own list with 'trustctl sign' (keys and chains are in \(files.folder.path)/pki; give
            --root \(files.folder.path)/pki/root.pem so that it is verified fully), write it over
            \(files.folder.path)/published/vical.cose, then refresh.
            """)
    }

    /// A step that asks `trustctl query request` about the request object in `file`, whose client identifier is
    /// `x509_san_dns:<host>`, and expects it trusted, verified by `commonName`.
    mutating func trustedRequestStep(_ title: String, file: String, host: String, commonName: String) {
        let files = self.files
        step(
            title,
            [
                "query", "request", "--file", file, "--client-id", "x509_san_dns:\(host)", "--config",
                files.configuration,
            ],
            expect: 0
        ) {
            guard let service = $0, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return false }
            let decision = service.requestDecision(requestObject: text, clientID: "x509_san_dns:\(host)", at: files.now)
            return decision.trusted && decision.verifiedBy.commonName == commonName
        }
    }

    /// Prints and runs one command, then checks its exit status and `facts`, read back through the library: a
    /// read-only ``TrustService`` that verifies the cached lists again (nil when the cache cannot be loaded).
    mutating func step(
        _ title: String, _ arguments: [String], expect expected: Int32, facts: (TrustService?) -> Bool
    ) {
        number += 1
        context.print("\n== Step \(number): \(title)")
        context.print("$ trustctl \(arguments.joined(separator: " "))")
        let status = Trustctl.main(arguments, context: context)
        guard status == expected else {
            failures.append("step \(number) (\(title)): exit \(status), expected \(expected)")
            return
        }
        let service = (try? Configuration.load(path: files.configuration)).flatMap { configuration in
            let service = TrustService(configuration: configuration, readOnly: true)
            return (try? service.load(at: files.now)) != nil ? service : nil
        }
        guard facts(service) else {
            failures.append("step \(number) (\(title)): the stored state is not what the step should have produced")
            return
        }
        context.print("-> as expected (exit \(status))")
    }
}
