import Credentials
import Foundation
import TrustLists
import TrustListsService

/// `trustctl query credential FILE [--session-transcript FILE] [--nonce N --aud A] [--config FILE] [--at TIME]
/// [--json]`.
enum QueryCredentialCommand: Command {
    static let spec = CommandSpec(
        name: "query credential",
        overview: "Decide whether a credential the wallet holds (an mdoc or an SD-JWT VC) is trusted, end to end.",
        usage:
            "<file> [--session-transcript <file>] [--nonce <nonce> --aud <audience>] [--config <file>] [--at <time>] [--json]",
        options: [
            .value(
                "session-transcript", "file",
                "An mdoc session's SessionTranscript (CBOR; bare or as tag-24 SessionTranscriptBytes), to check the "
                    + "device signature over (not with an SD-JWT VC)."),
            .value("nonce", "nonce", "The nonce an SD-JWT VC's Key Binding JWT must carry (not with an mdoc)."),
            .value(
                "aud", "audience",
                "The audience an SD-JWT VC's Key Binding JWT must name (the verifier's client id; not with an mdoc)."),
            ConfigOption.option,
            .value("at", "time", "Decide at this RFC 3339 time instead of now."),
            .flag("json", "Print JSON: trusted, reason, message, documents (trustedBy, elements, deviceAuth, …), …"),
        ],
        discussion: """
            The file holds an ISO/IEC 18013-5 mdoc (a DeviceResponse, a Document or an IssuerSigned) as CBOR or as
            base64url text, or an SD-JWT VC (text with '~'): the form is detected. An mdoc document is trusted when
            its issuerAuth (a COSE_Sign1 with the document signer in x5chain) comes from a document signer whose chain
            validates to an IACA listed for its docType (profile and CRLs checked), the signature verifies, the MSO's
            docType and validity hold at the time, every disclosed element hashes to its MSO digest, an mDL's
            issuing_country is its issuers' country, and, with --session-transcript, the device signature verifies
            (a deviceMac cannot be checked: not_checkable, a warning). An SD-JWT VC is trusted when its typ is
            dc+sd-jwt, its x5c chain validates to an anchor authorized for its vct, the signature verifies, an https
            iss is a dNSName of the signer, iat/nbf/exp hold, every disclosure's digest appears exactly once, and a
            Key Binding JWT verifies under cnf.jwk with the --nonce and --aud given. A DeviceResponse is trusted
            only when each of its documents is; each one's answer is printed.

            A credential that names a status list (an MSO's status, an SD-JWT VC's status claim) is looked up in a
            verified list whose signer chains to its issuer's anchor (an mdoc's: a CWT under the document signer's
            IACA), fetched on demand only from the network's statusLists.allowedHosts, within fetchTimeoutSeconds:
            INVALID is credential_revoked, SUSPENDED credential_suspended, an index past the end status_unavailable;
            with no list at hand statusLists.mode decides (warn: trusted with status_unchecked; require:
            status_unavailable; off).

            EXIT STATUS: 0 trusted, 1 not trusted (the reason is printed; a credential that does not decode is
            malformed_mdoc or malformed_sd_jwt), 2 usage error, unreadable file or configuration, or a cache
            directory that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give the credential file") }
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let credential: [UInt8]
        var transcript: [UInt8]?
        do {
            credential = try InputFiles.read(arguments.positionals[0], limit: CredentialVerifier.maxBytes)
            transcript = try arguments.value("session-transcript").map { path throws(InputFiles.Failure) in
                try InputFiles.read(path, limit: 1 << 20)
            }
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        // What binds the holder differs by form (docs/cli.md, query credential): an option of the other form would be
        // ignored, and a caller who gave a nonce for an mdoc would believe it checked.
        switch try? CredentialVerifier.form(of: credential) {
        case .mdoc?:
            if arguments.value("nonce") != nil || arguments.value("aud") != nil {
                throw UsageError(
                    "--nonce and --aud go with an SD-JWT VC (its Key Binding JWT); an mdoc has --session-transcript")
            }
        case .sdJWT?:
            if transcript != nil {
                throw UsageError("--session-transcript goes with an mdoc; an SD-JWT VC has --nonce and --aud")
            }
        case nil:
            break
        }
        guard let service = ServiceLoading.loaded(arguments, context: context, at: time) else { return 2 }
        let decision = service.credentialDecision(
            credential, sessionTranscript: transcript, nonce: arguments.value("nonce"),
            audience: arguments.value("aud"), at: time)
        if arguments.flag("json") {
            context.standardOutput(try WireJSON.render(CredentialAnswer(decision)))
        } else {
            context.print(CredentialOutput.text(decision))
        }
        return decision.trusted ? 0 : 1
    }
}
