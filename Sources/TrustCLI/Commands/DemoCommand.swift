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
            signer, one a reader). It signs a VICAL and a RICAL ('trustctl sign' does the same) and two Lists of
            Trusted Entities (ETSI TS 119 602, JAdES): a PID providers LoTE (ES256) with a listed PID provider and a
            withdrawn one, and a WRPAC providers LoTE (PS256, RSA) with an access CA; writes a configuration with
            file:// URLs, then runs, printing each command and its output: refresh (lists, LoTEs and CRLs),
            status, reader queries, issuer queries (the revoked document signer and reader refused as revoked,
            their siblings trusted), the wallet's view of two OpenID4VP request objects (one from "Demo Verifier",
            whose certificate is under the RICAL's reader CA, shown as verified by it; one from a verifier in no
            list, shown by its domain only), the reader's view of an ISO/IEC 18013-5 DeviceRequest whose readerAuth
            the demo reader signed over the session's SessionTranscript, the LoTE decisions (a PID signer under the
            listed PID provider trusted for eu.europa.ec.eudi.pid.1, one under the withdrawn provider refused, an EU
            relying party's request object under the WRPAC providers LoTE's access CA trusted), the credentials a
            holder's wallet holds (in published/credentials: an mDL from the demo document signer, trusted with the
            elements its digests vouch for; the same mDL with an element changed after signing, refused; one from
            the revoked document signer and one from an unlisted issuer, refused; a PID from the PID provider as an
            mdoc and as an SD-JWT VC), the issuer's status list (a CWT in published/status-lists, signed by a status
            list signer under the first IACA, 2 bits per credential; the configuration's statusLists has mode
            require and allows the host localhost of its file://localhost URI) and three mDLs naming it: the one at
            a valid index trusted, the revoked one (0x01) refused as credential_revoked, the suspended one (0x02) as
            credential_suspended, each through the real credential decision, and a refresh after a rolled-back VICAL was published, which must keep the
            last good list. It then publishes a newer good VICAL and refreshes, so that the network it leaves is
            healthy (a later 'trustctl refresh' or a daemon on its configuration reports OK), and ends with the
            commands to run by hand.

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
