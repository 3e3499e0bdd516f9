import Foundation
import Publishing
import TrustLists
import X509

/// `trustctl sign --kind vical|rical --provider NAME --issue-id N --signer-key KEY.pem --signer-chain CHAIN.pem
/// (--entry CERT.pem[:docType,...])... [--next-update TIME] [--not-after TIME] [--date TIME] [--root PEM]
/// [--out FILE]`.
enum SignCommand: Command {
    static let spec = CommandSpec(
        name: "sign",
        overview:
            "Build and sign a VICAL or RICAL as ISO/IEC 18013-5 describes it, refusing a signer that would not verify.",
        usage: """
            --kind vical|rical --provider <name> --issue-id <n> --signer-key <key.pem> --signer-chain <chain.pem> \
            (--entry <cert.pem>[:<docType>,<docType>...])... [--date <time>] [--next-update <time>] \
            [--not-after <time>] [--root <pem>] [--out <file>]
            """,
        options: [
            .value("kind", "vical|rical", "Which list to build."),
            .value("provider", "name", "vicalProvider (VICAL) or provider (RICAL)."),
            .value("issue-id", "n", "vicalIssueID (VICAL) or id (RICAL): a whole number, higher than the last issue."),
            .value("signer-key", "key.pem", "The signer's private key (PEM, unencrypted; EC P-256/384/521)."),
            .value("signer-chain", "chain.pem", "The signer's certificate first, then its issuers; sent as x5chain."),
            .value(
                "entry", "cert.pem[:docTypes]",
                "A listed certificate (PEM, one or more); for a VICAL, followed by ':' and its comma-separated docTypes.",
                repeatable: true),
            .value("date", "time", "The list's date (RFC 3339); default now."),
            .value("next-update", "time", "nextUpdate (RFC 3339)."),
            .value("not-after", "time", "notAfter (RFC 3339)."),
            .value(
                "root", "pem",
                "The network root, to verify the signed list fully (default: a self-signed last certificate of the chain)."
            ),
            .value("out", "file", "Where to write the list (default: standard output)."),
        ],
        discussion: """
            The list is deterministic CBOR with tag 0 dates, tag 2 serial numbers and each certificate's own SKI; a
            VICAL carries x5chain in the unprotected header, a RICAL in the protected one; the algorithm follows the
            signer key's curve (ES256, ES384, ES512; an RSA key is refused). Before writing, the list is verified as 'trustctl verify' would at
            its --date, against --root or the self-signed end of --signer-chain (without either, only the signature
            is checked). Dates are not checked against now: a list dated in the future is signed as asked, and a
            refresh will refuse it until then.

            EXIT STATUS: 0 written, 1 refused (the reason code is printed), 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let kind = try ArgumentValues.kind(try arguments.required("kind"))
        let provider = try arguments.required("provider")
        guard let issueID = UInt64(try arguments.required("issue-id")) else {
            throw UsageError("--issue-id must be a whole number ≥ 0")
        }
        let date = try arguments.value("date").map(ArgumentValues.time) ?? context.now()
        let nextUpdate = try arguments.value("next-update").map(ArgumentValues.time)
        let notAfter = try arguments.value("not-after").map(ArgumentValues.time)
        let entryArguments = arguments.values("entry")
        guard !entryArguments.isEmpty else { throw UsageError("give at least one --entry") }

        let key: PrivateKey
        let chain: [Certificate]
        var entries: [ListContent.Entry] = []
        var root: Certificate?
        do {
            key = try InputFiles.privateKey(try arguments.required("signer-key"))
            chain = try InputFiles.certificates(try arguments.required("signer-chain"))
            for argument in entryArguments {
                let (path, docTypes) = splitEntry(argument)
                if kind == .rical, !docTypes.isEmpty {
                    throw UsageError("--entry \(argument): RICAL entries take no docTypes")
                }
                if kind == .vical, docTypes.isEmpty {
                    throw UsageError(
                        "--entry \(argument): a VICAL entry needs docTypes, e.g. \(path):org.iso.18013.5.1.mDL")
                }
                for certificate in try InputFiles.certificates(path) {
                    entries.append(ListContent.Entry(certificate: certificate, docTypes: docTypes))
                }
            }
            if let rootFile = arguments.value("root") {
                root = try InputFiles.certificates(rootFile).first
            } else if let last = chain.last, chain.count > 1, last.isSelfIssued {
                root = last
            }
        } catch let failure as InputFiles.Failure {
            context.printError("Error: \(failure)")
            return 2
        }
        let content = ListContent(
            kind: kind, provider: provider, date: date, issueID: issueID, nextUpdate: nextUpdate, notAfter: notAfter,
            entries: entries)
        let bytes: [UInt8]
        do {
            (bytes, _) = try ListPublisher.publish(content, signerKey: key, signerChain: chain, root: root)
        } catch {
            context.printError("REFUSED: \(error.code): \(error.reason)")
            return 1
        }
        if let out = arguments.value("out") {
            do {
                try AtomicFile.write(bytes, to: URL(fileURLWithPath: out))
            } catch {
                context.printError("Error: \(error)")
                return 2
            }
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
        let checked =
            root.map { "verified against \($0.subject)" } ?? "signature checked (no root given: chain not checked)"
        context.printError(
            "signed \(kind.displayName) \(provider) issue \(issueID): \(CountText.of(entries.count, "entry", "entries")), \(bytes.count) bytes; \(checked)"
        )
        return 0
    }

    /// `cert.pem:a,b` → (`cert.pem`, [a, b]); a path without a docType part → (path, []).
    static func splitEntry(_ argument: String) -> (path: String, docTypes: [String]) {
        guard let colon = argument.lastIndex(of: ":"), !argument[argument.index(after: colon)...].contains("/") else {
            return (argument, [])
        }
        let docTypes = argument[argument.index(after: colon)...].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        return (String(argument[..<colon]), docTypes)
    }
}
