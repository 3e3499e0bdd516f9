import Foundation
import TrustLists
import TrustListsService
import X509

/// `trustctl verify FILE --kind crl --issuer PEM [--at TIME] [--json]`: the CRL half of `verify` (``VerifyCommand``
/// parses the options and hands `--kind crl` here).
enum VerifyCRLCommand {
    /// The largest CRL file read, in bytes.
    static let maximumFileSize = 128 << 20

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.values("root").isEmpty, arguments.value("provider") == nil else {
            throw UsageError("--kind crl takes --issuer, not --root or --provider")
        }
        let issuerFile = try arguments.required("issuer")
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let file = arguments.positionals[0]
        let bytes: [UInt8]
        let issuer: Certificate
        do {
            bytes = try InputFiles.read(file, limit: maximumFileSize)
            let certificates = try InputFiles.certificates(issuerFile)
            guard certificates.count == 1 else {
                context.printError("Error: \(issuerFile): expected one CA certificate, found \(certificates.count)")
                return 2
            }
            issuer = certificates[0]
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        return try VerifyCommand.report(
            file: file, json: arguments.flag("json"), context: context, rejection: WireCRLVerification.init(rejected:)
        ) { () throws(TrustListError) in
            let verified = try CRLVerifier(issuer: issuer).verify(bytes, at: time)
            return (WireCRLVerification(verified), verifiedText(verified, file: file))
        }
    }

    static func verifiedText(_ verified: VerifiedCRL, file: String) -> String {
        let crl = verified.crl
        var rows: [(String, String)] = [
            ("kind", "CRL v\(crl.version)"), ("issuer", crl.issuer.rfc4514),
            ("CRL number", crl.crlNumber.map(CRLNumberText.text) ?? "-"),
            ("thisUpdate", Timestamp.text(crl.thisUpdate)), ("nextUpdate", crl.nextUpdate.map(Timestamp.text) ?? "-"),
            ("revoked", String(crl.revokedCount)), ("CA pin", hexString(verified.issuerSHA256)),
            ("sha256", hexString(crl.sha256)),
        ]
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        return "VALID  \(file)\n" + TextTable.fields(rows)
    }
}
