import Foundation
import TrustLists
import X509

/// `trustctl verify FILE --kind status-list --issuer PEM [--uri URI] [--at TIME] [--json]`: the status list half of
/// `verify` (``VerifyCommand`` parses the options and hands `--kind status-list` here). `--issuer` is the anchor the
/// token's signer must chain to (for an mdoc's list the IACA, never the document signer); `--uri`, when given, must
/// equal the token's `sub`.
enum VerifyStatusListCommand {
    /// The largest token file read, in bytes (the verifier's own limit is 16 MiB; a larger file is refused unread).
    static let maximumFileSize = 64 << 20

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.values("root").isEmpty, arguments.value("provider") == nil,
            arguments.value("lote-type") == nil
        else {
            throw UsageError("--kind status-list takes --issuer and --uri, not --root, --provider or --lote-type")
        }
        let issuerFile = try arguments.required("issuer")
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let uri = arguments.value("uri")
        let file = arguments.positionals[0]
        let bytes: [UInt8]
        let anchor: Certificate
        do {
            bytes = try InputFiles.read(file, limit: maximumFileSize)
            let certificates = try InputFiles.certificates(issuerFile)
            guard certificates.count == 1 else {
                context.printError(
                    "Error: \(issuerFile): expected one certificate, the anchor (IACA), found \(certificates.count)")
                return 2
            }
            anchor = certificates[0]
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        let json = arguments.flag("json")
        do {
            let verified = try StatusListVerifier(anchor: anchor).verify(bytes, uri: uri, at: time)
            if json {
                context.standardOutput(StatusListVerificationOutput(verified).rendered())
            } else {
                for line in verifiedText(verified, file: file, uriChecked: uri != nil) { context.print(line) }
            }
            return 0
        } catch {
            if json {
                context.standardOutput(StatusListVerificationOutput(error).rendered())
            } else {
                context.print("REJECTED  \(file): \(error.code)")
                context.print("  \(error.reason)")
            }
            return 1
        }
    }

    /// The lines printed for a verified list.
    static func verifiedText(_ verified: VerifiedStatusList, file: String, uriChecked: Bool) -> [String] {
        let token = verified.token
        let statuses = verified.statusList.counts().sorted { $0.key < $1.key }.map { "\($0.key.name) \($0.value)" }
        var rows: [(String, String)] = [
            ("kind", "status list \(token.format.rawValue.uppercased()) (\(token.format.mediaType))"),
            ("sub", token.subject + (uriChecked ? "" : "  (not checked: no --uri)")),
            ("iat", Timestamp.text(token.issuedAt)), ("exp", token.expires.map(Timestamp.text) ?? "-"),
            ("ttl", token.timeToLive.map { "\(Int($0)) s" } ?? "-"), ("bits", verified.bits.description),
            ("entries", String(verified.count)), ("statuses", statuses.joined(separator: ", ")),
            ("signer", verified.signer.subject.rfc4514),
            (
                "signer valid",
                "\(Timestamp.text(verified.signer.notBefore)) .. \(Timestamp.text(verified.signer.notAfter))"
            ),
            ("anchor", verified.anchor.subject.rfc4514), ("anchor pin", verified.anchor.sha256Hex),
            ("signature", "\(token.algorithm.rawValue), \(token.certificates.count) certificate(s)"),
            ("sha256", hexString(token.sha256)),
        ]
        if let issuer = token.issuer { rows.insert(("iss", issuer), at: 2) }
        if let aggregation = token.statusList.aggregationURI { rows.append(("aggregation", aggregation)) }
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        return ["VALID  \(file)"] + TextTable.fields(rows).split(separator: "\n").map(String.init)
    }
}
