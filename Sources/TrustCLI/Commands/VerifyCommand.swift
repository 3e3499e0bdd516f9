import Foundation
import TrustLists
import TrustListsService
import X509

/// `trustctl verify FILE --kind vical|rical|lote --root PEM... [--at TIME] [--json]`.
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        overview: "Verify a signed VICAL, RICAL or LoTE file against pinned roots, and summarise it.",
        usage:
            "<file> --kind vical|rical|lote --root <pem> [--root <pem>]... [--at <time>] [--provider <name>] "
            + "[--lote-type <uri>] [--json]",
        options: [
            .value("kind", "vical|rical|lote", "Which kind of list the file must be."),
            .value(
                "root", "pem", "A PEM file of trusted root certificates; the signer must chain to one.",
                repeatable: true),
            .value("at", "time", "Verify at this RFC 3339 time instead of now (e.g. a list's own date)."),
            .value("provider", "name", "Reject the list unless it names this provider (VICAL, RICAL)."),
            .value("lote-type", "uri", "Reject a LoTE unless its LoTEType is this URI (wrong_list_type)."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        positionals: [("file", "The signed list (COSE_Sign1; for a LoTE, a JAdES compact or JSON JWS).")],
        discussion: """
            Checks, in order: CBOR, COSE_Sign1, signature (x5chain leaf), chain to a --root, signer EKU and key usage,
            payload, date and notAfter. A VICAL signer must carry EKU 1.0.18013.5.1.8.

            A LoTE (ETSI TS 119 602) is checked as JAdES: the JWS (alg ES256/384/512 or EdDSA fitting the x5c leaf;
            crit holds only sigT; x5t#S256 and sigT checked against the leaf), the x5c chain to a --root (a self-signed
            signer may itself be the root), the signer's key usage, the payload (required members, limits), LoTEType
            (--lote-type) and ListIssueDateTime. A past NextUpdate is a warning. XML LoTEs (XAdES) are
            unsupported_format.

            EXIT STATUS: 0 valid, 1 rejected (the reason code is printed), 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError("expected exactly one <file>, found \(arguments.positionals.count)")
        }
        let kindText = try arguments.required("kind")
        guard ["vical", "rical", "lote"].contains(kindText.lowercased()) else {
            throw UsageError("--kind must be vical, rical or lote, not '\(kindText)'")
        }
        let kind = ListKind(rawValue: kindText.lowercased())
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
        let json = arguments.flag("json")
        guard let kind else {
            return verifyLoTE(bytes, file: file, roots: roots, at: time, arguments: arguments, context: context)
        }
        var settings = VerificationSettings()
        settings.expectedProvider = arguments.value("provider")
        let verifier = TrustListVerifier(anchors: roots, settings: settings)
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

    /// `verify --kind lote`: the ``LoTEVerifier`` over the file, printed as text or JSON.
    static func verifyLoTE(
        _ bytes: [UInt8], file: String, roots: [Certificate], at time: Date, arguments: ParsedArguments,
        context: CommandContext
    ) -> Int32 {
        let verifier = LoTEVerifier(
            anchors: roots, settings: LoTEVerificationSettings(expectedType: arguments.value("lote-type")))
        let json = arguments.flag("json")
        do {
            let verified = try verifier.verify(bytes, at: time)
            context.standardOutput(
                json
                    ? WireJSON.render(WireJSON.loteVerification(verified))
                    : verifiedLoTEText(verified, file: file) + "\n")
            return 0
        } catch {
            if json {
                context.standardOutput(WireJSON.render(WireJSON.loteRejection(error)))
            } else {
                context.print("REJECTED  \(file): \(error.code)")
                context.print("  \(error.reason)")
            }
            return 1
        }
    }

    static func verifiedLoTEText(_ verified: VerifiedLoTE, file: String) -> String {
        let lote = verified.lote
        let signer = verified.signer
        var rows: [(String, String)] = [
            ("kind", "LoTE"), ("LoTEType", lote.type), ("operator", lote.operatorName),
            ("territory", lote.schemeTerritory), ("sequence", String(lote.sequenceNumber)),
            ("issued", Timestamp.text(lote.issueDate)), ("nextUpdate", Timestamp.text(lote.nextUpdate)),
            ("entities", String(lote.entities.count)), ("services", String(lote.services.count)),
            ("signer", signer.subject.rfc4514),
            ("signer valid", "\(Timestamp.text(signer.notBefore)) .. \(Timestamp.text(signer.notAfter))"),
            ("signing time", verified.signingTime.map(Timestamp.text) ?? "-"),
            ("anchor", verified.anchor.subject.rfc4514), ("anchor pin", verified.anchor.sha256Hex),
            ("signature", "JAdES \(verified.algorithm.rawValue), x5c of \(verified.x5cCount)"),
            ("sha256", verified.sha256Hex),
        ]
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        var text = "VALID  \(file)\n" + TextTable.fields(rows)
        for entity in lote.entities {
            text += "\n  \(entity.displayName)"
            for service in entity.services {
                let status = service.status.map { " [\($0)]" } ?? ""
                text +=
                    "\n    \(service.typeIdentifier)\(status): \(service.digitalIdentity.certificates.count) certificates"
            }
        }
        return text
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
