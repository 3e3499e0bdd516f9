import Foundation
import TrustLists
import TrustListsService
import X509

/// `trustctl verify FILE --kind vical|rical --root PEM... [--at TIME] [--json]`.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        overview: "Verify a signed VICAL or RICAL file against pinned roots, and summarise it.",
        usage: "<file> --kind vical|rical --root <pem> [--root <pem>]... [--at <time>] [--provider <name>] [--json]",
        options: [
            .value("kind", "vical|rical", "Which kind of list the file must be."),
            .value(
                "root", "pem", "A PEM file of trusted root certificates; the signer must chain to one.",
                repeatable: true),
            .value("at", "time", "Verify at this RFC 3339 time instead of now (e.g. a list's own date)."),
            .value("provider", "name", "Reject the list unless it names this provider."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        positionals: [("file", "The signed list (COSE_Sign1).")],
        discussion: """
            Checks, in order: CBOR, COSE_Sign1, signature (x5chain leaf), chain to a --root, signer EKU and key usage,
            payload, date and notAfter. A VICAL signer must carry EKU 1.0.18013.5.1.8.

            EXIT STATUS: 0 valid, 1 rejected (the reason code is printed), 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError("expected exactly one <file>, found \(arguments.positionals.count)")
        }
        let kind = try ArgumentValues.kind(try arguments.required("kind"))
        let rootFiles = arguments.values("root")
        guard !rootFiles.isEmpty else { throw UsageError("missing required option '--root'") }
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let file = arguments.positionals[0]

        let bytes: [UInt8]
        var roots: [Certificate] = []
        do {
            bytes = try InputFiles.read(file, limit: 64 << 20)
            for rootFile in rootFiles {
                roots += try InputFiles.certificates(rootFile)
            }
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        var settings = VerificationSettings()
        settings.expectedProvider = arguments.value("provider")
        let verifier = TrustListVerifier(anchors: roots, settings: settings)
        let json = arguments.flag("json")
        do {
            let verified = try verifier.verify(bytes, kind: kind, at: time)
            context.standardOutput(
                json ? WireJSON.render(WireJSON.verification(verified)) : verifiedText(verified, file: file) + "\n")
            return 0
        } catch {
            if json {
                context.standardOutput(WireJSON.render(WireJSON.rejection(error, kind: kind)))
            } else {
                context.print("REJECTED  \(file): \(error.code)")
                context.print("  \(error.reason)")
            }
            return 1
        }
    }

    static func verifiedText(_ verified: VerifiedList, file: String) -> String {
        let list = verified.list
        let signer = verified.signer
        var rows: [(String, String)] = [
            ("kind", list.kind.displayName), ("provider", list.provider), ("date", Timestamp.text(list.date)),
            ("issue id", list.issueID.map(String.init) ?? "-"),
            ("nextUpdate", list.nextUpdate.map(Timestamp.text) ?? "-"),
            ("notAfter", list.notAfter.map(Timestamp.text) ?? "-"), ("entries", String(list.entryCount)),
            ("signer", signer.subject.rfc4514),
            ("signer valid", "\(Timestamp.text(signer.notBefore)) .. \(Timestamp.text(signer.notAfter))"),
            ("anchor", verified.anchor.subject.rfc4514), ("anchor pin", verified.anchor.sha256Hex),
            ("signature", "\(verified.algorithm.name), x5chain of \(verified.x5chainCount)"),
            ("sha256", verified.sha256Hex),
        ]
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        return "VALID  \(file)\n" + TextTable.fields(rows)
    }
}
