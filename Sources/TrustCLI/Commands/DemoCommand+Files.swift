import Foundation
import Publishing
import TrustLists
import TrustListsService
import X509

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
        try files.publishCredentials()
        // The CAs' CRLs are files here, so the configuration names them (a cRLDistributionPoint is fetched only over
        // http or https, and the demo uses no network).
        let configuration = network.offlineConfiguration(
            id: "demo", published: folder.appendingPathComponent("published"),
            crlFiles: network.crlIssuers.map { "crls/\(network.crlFileName(of: $0))" }, lotes: DemoFiles.loteFiles,
            statusList: files.statusListURI)
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
        let transcript = Self.sessionTranscript
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

    /// The SessionTranscript of the demo's session, engaged by QR code: the reader signs its DeviceRequest over it, and
    /// the holder's device its credentials' DeviceAuthentication.
    static let sessionTranscript = DeviceRequestPublisher.sessionTranscript(
        deviceEngagement: .map([.init(key: 0, value: "1.0")]),
        eReaderKey: .map([.init(key: 1, value: 2), .init(key: -1, value: 1)]))

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
