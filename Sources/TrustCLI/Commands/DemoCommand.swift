import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

/// `trustctl demo [--dir DIR]`: builds a demonstration trust network and runs the whole job against it, with no
/// network access, checking every answer.
enum DemoCommand: Command {
    static let spec = CommandSpec(
        name: "demo",
        overview:
            "Build a demo trust network in a folder and run the whole job against it, offline; exit 0 when every step gave the expected answer.",
        usage: "[--dir <folder>]",
        options: [
            .value("dir", "folder", "An empty or new folder to build the demo in (default: a new temporary folder).")
        ],
        discussion: """
            The demo creates, with the X509 builder: a network root, an issuing CA, a VICAL signer (EKU
            1.0.18013.5.1.8) and a RICAL signer, three IACAs with different docTypes, a reader CA with readers, and
            document signers under the first IACA; each IACA and the reader CA publish a CRL (one lists a document
            signer, one a reader). It signs a VICAL and a RICAL ('trustctl sign' does the same), writes a
            configuration with file:// URLs, then runs, printing each command and its output: refresh (lists and
            CRLs), status, reader queries, issuer queries (the revoked document signer and reader refused as
            revoked, their siblings trusted), the wallet's view of two OpenID4VP request objects
            (one from "Demo Verifier", whose certificate is under the RICAL's reader CA, shown as verified by it; one
            from a verifier in no list, shown by its domain only), the reader's view of an ISO/IEC 18013-5
            DeviceRequest whose readerAuth the demo reader signed over the session's SessionTranscript, and a refresh
            after a rolled-back VICAL was published, which must keep the last good list. It then publishes a newer
            good VICAL and refreshes, so that the network it leaves is healthy (a later 'trustctl refresh' or a
            daemon on its configuration reports OK), and ends with the commands to run by hand.

            EXIT STATUS: 0 every step gave the expected answer, 1 a step did not, 2 usage error or the folder
            cannot be used.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let folder: URL
        let files: DemoFiles
        // Whole seconds keep the printed dates short.
        let now = Date(timeIntervalSince1970: context.now().timeIntervalSince1970.rounded(.down))
        do {
            folder = try prepareFolder(arguments.value("dir"))
            context.print("Building a demo trust network in \(folder.path) (no network access is used).")
            files = try DemoFiles.write(network: try DemoNetwork(name: "Demo", at: now), into: folder, at: now)
        } catch let failure as InputFiles.Failure {
            context.printError("Error: \(failure)")
            return 2
        }
        var script = DemoScript(context: context, files: files)
        script.run()
        return script.failures.isEmpty ? 0 : 1
    }

    /// The folder to build in: `path` when it is new or empty, else a new temporary folder.
    static func prepareFolder(_ path: String?) throws -> URL {
        let manager = FileManager.default
        guard let path else {
            let folder = manager.temporaryDirectory.appendingPathComponent(
                "trustlists-demo-\(UUID().uuidString.prefix(8))")
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw UsageError("--dir \(folder.path) is a file, not a folder; give a new or empty folder")
        }
        if let contents = try? manager.contentsOfDirectory(atPath: folder.path), !contents.isEmpty {
            throw UsageError("--dir \(folder.path) is not empty; give a new or empty folder")
        }
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw InputFiles.Failure(
                description: "cannot create \(folder.path): \(FoundationErrorText.describe(error))")
        }
        return folder
    }
}

/// The files of a demo: certificates and keys, the published lists, and the configuration that points at them.
struct DemoFiles {
    let folder: URL
    let network: DemoNetwork
    /// The network's Lists of Trusted Entities (PID providers, WRPAC providers).
    let lotes: DemoLoTEs
    let now: Date
    var configuration: String { folder.appendingPathComponent("config/trustlists.json").path }
    var readerChain: String { folder.appendingPathComponent("pki/reader-chain.pem").path }
    var documentSignerChain: String { folder.appendingPathComponent("pki/document-signer-chain.pem").path }
    var publishedVICAL: URL { folder.appendingPathComponent("published/vical.cose") }
    var trustedRequest: String { folder.appendingPathComponent("published/request-demo-verifier.jwt").path }
    var unlistedRequest: String { folder.appendingPathComponent("published/request-unlisted-verifier.jwt").path }
    var deviceRequest: String { folder.appendingPathComponent("published/device-request.cbor").path }
    var sessionTranscript: String { folder.appendingPathComponent("published/session-transcript.cbor").path }
    /// The revoked document signer and its IACA (PEM).
    var revokedDocumentSignerChain: String {
        folder.appendingPathComponent("pki/revoked-document-signer-chain.pem").path
    }
    /// A reader directly under the reader CA (PEM).
    var directReader: String { folder.appendingPathComponent("pki/direct-reader.pem").path }
    /// Its revoked sibling (PEM).
    var revokedReader: String { folder.appendingPathComponent("pki/revoked-reader.pem").path }
    /// The DNS names of the two verifiers (their `x509_san_dns:` client identifiers).
    static let verifierHost = "verifier.demo.example"
    static let unlistedHost = "unlisted.example"

    /// The VICAL issue published first, the lower one published later to show a refused rollback, and the newer
    /// one published last, which leaves the network healthy.
    static let goodIssue: UInt64 = 2
    static let rolledBackIssue: UInt64 = 1
    static let restoredIssue: UInt64 = 3
    /// What the demo reader's DeviceRequest asks for.
    static let requestedDocType = "org.iso.18013.5.1.mDL"

    /// Writes everything and returns where it is.
    /// - Throws: ``InputFiles/Failure`` when a file cannot be written or a list cannot be signed.
    static func write(network: DemoNetwork, into folder: URL, at now: Date) throws -> DemoFiles {
        let files = DemoFiles(folder: folder, network: network, lotes: try DemoLoTEs(network: network), now: now)
        let pem: [(String, String)] =
            [
                ("pki/root.pem", network.root.certificate.pemEncoded),
                ("pki/issuing-ca.pem", network.issuingCA.certificate.pemEncoded),
                (
                    "pki/vical-signer-chain.pem",
                    network.vicalSigner.certificate.pemEncoded + network.issuingCA.certificate.pemEncoded
                ),
                ("pki/vical-signer-key.pem", network.vicalSigner.key.pemEncoded),
                (
                    "pki/rical-signer-chain.pem",
                    network.ricalSigner.certificate.pemEncoded + network.issuingCA.certificate.pemEncoded
                ),
                ("pki/rical-signer-key.pem", network.ricalSigner.key.pemEncoded),
                ("pki/reader-ca.pem", network.readerCA.certificate.pemEncoded),
                (
                    "pki/reader-chain.pem",
                    network.readerLeaf.certificate.pemEncoded + network.readerIntermediate.certificate.pemEncoded
                ),
                (
                    "pki/document-signer-chain.pem",
                    network.documentSigner.certificate.pemEncoded + network.iacas[0].iaca.certificate.pemEncoded
                ),
                (
                    "pki/revoked-document-signer-chain.pem",
                    network.revokedDocumentSigner.certificate.pemEncoded + network.iacas[0].iaca.certificate.pemEncoded
                ),
                ("pki/direct-reader.pem", network.directReader.certificate.pemEncoded),
                ("pki/revoked-reader.pem", network.revokedReader.certificate.pemEncoded),
                ("published/root.pem", network.root.certificate.pemEncoded),
            ]
            + network.iacas.enumerated().map {
                ("pki/iaca-\($0.offset + 1).pem", $0.element.iaca.certificate.pemEncoded)
            }
        for (name, text) in pem { try files.save(Array(text.utf8), as: name) }
        try files.publishCRLs()
        try files.publishRequests()
        try files.publishDeviceRequest()
        try files.publish(network.vicalContent(issueID: goodIssue, date: now - 60))
        try files.publish(network.ricalContent(issueID: 1, date: now - 60))
        try files.publishLoTEs()
        // The CAs' CRLs are files here, so the configuration names them (a cRLDistributionPoint is fetched only over
        // http or https, and the demo uses no network).
        let configuration = network.offlineConfiguration(
            id: "demo", published: folder.appendingPathComponent("published"),
            crlFiles: network.crlIssuers.map { "crls/\(network.crlFileName(of: $0))" }, lotes: DemoFiles.loteFiles)
        try files.save(Array(configuration.utf8), as: "config/trustlists.json")
        return files
    }

    /// Every CA's CRL under `published/crls/`, named in the configuration's `revocation.crls`: the first IACA's lists
    /// the revoked document signer, the reader CA's the revoked reader.
    func publishCRLs() throws {
        do {
            for (ca, crl) in try network.demoCRLs() {
                try save(crl, as: "published/crls/\(network.crlFileName(of: ca))")
            }
        } catch let failure as InputFiles.Failure {
            throw failure
        } catch {
            throw InputFiles.Failure(description: "signing the demo CRLs failed: \(error)")
        }
    }

    /// The two verifiers' signed request objects: Demo Verifier's under the network's reader intermediate, and a
    /// self-signed verifier's that no RICAL lists.
    func publishRequests() throws {
        do {
            let verifier = try RequestObjectPublisher.verifierCertificate(
                commonName: "Demo Verifier", host: Self.verifierHost, issuer: network.readerIntermediate, at: now)
            let trusted = try RequestObjectPublisher.signed(
                host: Self.verifierHost, signer: verifier.key,
                chain: [verifier.certificate, network.readerIntermediate.certificate], nonce: "demo-nonce-1", at: now)
            let unlisted = try RequestObjectPublisher.verifierCertificate(
                commonName: "Unlisted Verifier", host: Self.unlistedHost, issuer: nil, at: now)
            let untrusted = try RequestObjectPublisher.signed(
                host: Self.unlistedHost, signer: unlisted.key, chain: [unlisted.certificate], nonce: "demo-nonce-2",
                at: now)
            try save(Array(trusted.utf8), as: "published/request-demo-verifier.jwt")
            try save(Array(untrusted.utf8), as: "published/request-unlisted-verifier.jwt")
        } catch let failure as InputFiles.Failure {
            throw failure
        } catch {
            throw InputFiles.Failure(description: "signing the demo request objects failed: \(error)")
        }
    }

    /// The demo reader's DeviceRequest for an mDL's age_over_18 and portrait, its readerAuth signed by the reader leaf
    /// (x5chain: leaf, reader intermediate) over the SessionTranscript of a session engaged by QR code.
    func publishDeviceRequest() throws {
        let transcript = DeviceRequestPublisher.sessionTranscript(
            deviceEngagement: .map([.init(key: 0, value: "1.0")]),
            eReaderKey: .map([.init(key: 1, value: 2), .init(key: -1, value: 1)]))
        let items = DeviceRequestPublisher.itemsRequest(
            docType: Self.requestedDocType, nameSpace: "org.iso.18013.5.1",
            elements: [("age_over_18", false), ("portrait", false)])
        do {
            let request = try DeviceRequestPublisher.signed(
                itemsRequest: items, sessionTranscript: transcript, signer: network.readerLeaf.key,
                chain: [network.readerLeaf.certificate, network.readerIntermediate.certificate])
            try save(request, as: "published/device-request.cbor")
            try save(transcript, as: "published/session-transcript.cbor")
        } catch let failure as InputFiles.Failure {
            throw failure
        } catch {
            throw InputFiles.Failure(description: "signing the demo DeviceRequest failed: \(error)")
        }
    }

    /// Signs `content` with the network's signer (refusing what would not verify) and publishes it.
    func publish(_ content: ListContent) throws {
        let signer = network.signer(for: content.kind)
        let bytes: [UInt8]
        do {
            bytes = try ListPublisher.publish(
                content, signerKey: signer.key, signerChain: signer.chain, root: network.root.certificate
            ).bytes
        } catch {
            throw InputFiles.Failure(description: "signing the demo \(content.kind.displayName) failed: \(error)")
        }
        try save(bytes, as: "published/\(content.kind.rawValue).cose")
    }

    func save(_ bytes: [UInt8], as name: String) throws {
        let url = folder.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw InputFiles.Failure(description: "cannot write \(url.path): \(FoundationErrorText.describe(error))")
        }
    }
}

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
