import Foundation
import TrustLists
import TrustListsService
import X509

/// `trustctl verify FILE --kind vical|rical --root PEM... [--at TIME] [--json]`,
/// `trustctl verify FILE --kind lote --root PEM... [--lote-type URI] [--at TIME] [--json]` (``VerifyLoTECommand``),
/// `trustctl verify FILE --kind crl --issuer PEM [--at TIME] [--json]` (``VerifyCRLCommand``), and
/// `trustctl verify FILE --kind status-list --issuer PEM [--uri URI] [--at TIME] [--json]`
/// (``VerifyStatusListCommand``).
enum VerifyCommand: Command {
    static let spec = CommandSpec(
        name: "verify",
        overview:
            "Verify a signed VICAL, RICAL or LoTE file against pinned roots, a CRL against its CA, or a status list "
            + "token against the CA its signer chains to, and summarise it.",
        usage: """
            <file> --kind vical|rical --root <pem> [--root <pem>]... [--at <time>] [--provider <name>] [--json]
                   trustctl verify <file> --kind lote --root <pem>... [--lote-type <uri>] [--at <time>] [--json]
                   trustctl verify <file> --kind crl --issuer <pem> [--at <time>] [--json]
                   trustctl verify <file> --kind status-list --issuer <pem> [--uri <uri>] [--at <time>] [--json]
            """,
        options: [
            .value("kind", "vical|rical|lote|crl|status-list", "Which kind of signed file it must be."),
            .value(
                "root", "pem", "A PEM file of trusted root certificates; the signer must chain to one.",
                repeatable: true),
            .value(
                "issuer", "pem",
                "With --kind crl: the CA certificate (PEM or DER) whose key must sign the CRL. With --kind "
                    + "status-list: the CA the token's signer must chain to (for an mdoc's list the IACA, never the "
                    + "document signer)."),
            .value("uri", "uri", "With --kind status-list: the URI the token was fetched from; its sub must equal it."),
            .value("at", "time", "Verify at this RFC 3339 time instead of now (e.g. a list's own date)."),
            .value("provider", "name", "Reject the list unless it names this provider (VICAL, RICAL)."),
            .value("lote-type", "uri", "With --kind lote: reject the LoTE unless its LoTEType is this URI."),
            .flag("json", "Print JSON (keys documented in docs/cli.md)."),
        ],
        positionals: [
            (
                "file",
                "The signed list (COSE_Sign1; a LoTE: JAdES, compact or JSON), the CRL (DER or PEM), or the status "
                    + "list token (JWT or CWT)."
            )
        ],
        discussion: """
            Checks, in order: CBOR, COSE_Sign1, signature (x5chain leaf), chain to a --root, signer EKU and key usage,
            payload, date and notAfter. A VICAL signer must carry EKU 1.0.18013.5.1.8.

            A LoTE (--kind lote, ETSI TS 119 602) is checked as JAdES: the JWS (alg ES256/384/512, EdDSA or
            PS256/384/512 fitting the x5c leaf, RSA keys of 2048 bits or more; crit holds only sigT; x5t#S256 and sigT checked against the leaf), the x5c chain to a --root (a
            self-signed signer may itself be the root), the signer's key usage, the payload (required members,
            limits), LoTEType (--lote-type) and ListIssueDateTime. A past NextUpdate is a warning. XML LoTEs (XAdES)
            are unsupported_format.

            A CRL (--kind crl) is checked against the CA given by --issuer: signature under that CA's key, issuer
            Name equal to the CA's subject, no unknown critical extension, not a delta, indirect or partial CRL,
            nextUpdate present and later than thisUpdate, thisUpdate not after --at (3 min skew), nextUpdate not
            before --at. Printed: issuer, CRL number, thisUpdate, nextUpdate, the number of revoked certificates and
            the departures from ISO/IEC 18013-5 Table B.10 that are only warnings.

            A status list (--kind status-list, draft-ietf-oauth-status-list) is a JWT (typ statuslist+jwt) or a CWT
            (COSE_Sign1, protected typ application/statuslist+cwt). Checked in order: limits, the envelope and its
            type, the claims (sub, iat and status_list required; bits 1, 2, 4 or 8), the signature with the x5c /
            x5chain leaf (alg fitting its key; none and HMAC refused), the signer's validity, sub equal to --uri when
            given, iat and nbf not after --at (3 min skew), exp after --at, the signer's chain to --issuer
            (status_list_signer_mismatch when it belongs under another CA or --issuer is not a CA), and lst inflating
            (zlib, at most 16 MiB at 1 bit and 32 MiB otherwise) to a non-empty list. Printed: sub, iat, exp, ttl,
            bits, entries and how many of each status.

            EXIT STATUS: 0 valid, 1 rejected (the reason code is printed), 2 usage error or unreadable input.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else {
            throw UsageError("expected exactly one <file>, found \(arguments.positionals.count)")
        }
        let kindText = try arguments.required("kind")
        if kindText.lowercased() == "status-list" {
            return try VerifyStatusListCommand.run(arguments, context: context)
        }
        guard arguments.value("uri") == nil else { throw UsageError("--uri goes with --kind status-list only") }
        if kindText.lowercased() == "crl" { return try VerifyCRLCommand.run(arguments, context: context) }
        guard arguments.value("issuer") == nil else {
            throw UsageError("--issuer goes with --kind crl or status-list only")
        }
        if kindText.lowercased() == "lote" { return try VerifyLoTECommand.run(arguments, context: context) }
        guard arguments.value("lote-type") == nil else { throw UsageError("--lote-type goes with --kind lote only") }
        guard let kind = ListKind(rawValue: kindText.lowercased()), kind != .lote else {
            throw UsageError("--kind must be vical, rical, lote, crl or status-list, not '\(kindText)'")
        }
        guard let (file, bytes, roots, time) = try signedInput(arguments, context: context, limit: 64 << 20) else {
            return 2
        }
        var settings = VerificationSettings()
        settings.expectedProvider = arguments.value("provider")
        let verifier = TrustListVerifier(anchors: roots, settings: settings)
        return try report(
            file: file, json: arguments.flag("json"), context: context,
            rejection: { WireListVerification(rejected: $0, kind: kind) }
        ) { () throws(TrustListError) in
            let verified = try verifier.verify(bytes, kind: kind, at: time)
            return (WireListVerification(verified), verifiedText(verified, file: file))
        }
    }

    /// What verifying a signed list of any kind takes: the file, its bytes, the `--root` certificates and the time
    /// (`--at`, else now); nil when a file cannot be read, after printing why (the caller exits 2).
    /// - Throws: ``UsageError`` without `--root` or with an `--at` that is not RFC 3339.
    static func signedInput(
        _ arguments: ParsedArguments, context: CommandContext, limit: Int
    ) throws -> (file: String, bytes: [UInt8], roots: [Certificate], time: Date)? {
        let rootFiles = arguments.values("root")
        guard !rootFiles.isEmpty else { throw UsageError("missing required option '--root'") }
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let file = arguments.positionals[0]
        do {
            let bytes = try InputFiles.read(file, limit: limit)
            var roots: [Certificate] = []
            for rootFile in rootFiles { roots += try InputFiles.certificates(rootFile) }
            return (file, bytes, roots, time)
        } catch {
            context.printError("Error: \(error)")
            return nil
        }
    }

    /// Runs a verification and prints its outcome as every kind does: the VALID text or the JSON (exit 0), or
    /// REJECTED with the reason code and message, or the rejection JSON (exit 1).
    /// - Parameters:
    ///   - rejection: the wire value of a rejection.
    ///   - verify: the verification, returning its wire value and its text.
    /// - Throws: what ``WireJSON/render(_:)`` throws (nothing, for these values).
    static func report<Wire: Encodable>(
        file: String, json: Bool, context: CommandContext, rejection: (TrustListError) -> Wire,
        _ verify: () throws(TrustListError) -> (json: Wire, text: String)
    ) throws -> Int32 {
        let verified: (json: Wire, text: String)
        do {
            verified = try verify()
        } catch {
            if json {
                context.standardOutput(try WireJSON.render(rejection(error)))
            } else {
                context.print("REJECTED  \(file): \(error.code)")
                context.print("  \(error.reason)")
            }
            return 1
        }
        context.standardOutput(json ? try WireJSON.render(verified.json) : verified.text + "\n")
        return 0
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
            ("signature", "\(verified.algorithm), x5chain of \(verified.x5chainCount)"),
            ("sha256", verified.sha256Hex),
        ]
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        return "VALID  \(file)\n" + TextTable.fields(rows)
    }
}
