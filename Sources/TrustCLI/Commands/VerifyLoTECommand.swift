import Foundation
import TrustLists
import TrustListsService
import X509

/// `trustctl verify FILE --kind lote --root PEM... [--lote-type URI] [--at TIME] [--json]`: the LoTE half of `verify`
/// (``VerifyCommand`` parses the options and hands `--kind lote` here).
enum VerifyLoTECommand {
    /// The largest LoTE file read, in bytes (the verifier's own limit on the JWS is 48 MiB).
    static let maximumFileSize = 64 << 20

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.value("provider") == nil else {
            throw UsageError("--kind lote takes --lote-type, not --provider")
        }
        // A LoTEType is a URI (ETSI TS 119 602); its last segment alone would only ever be wrong_list_type.
        if let type = arguments.value("lote-type"), URLComponents(string: type)?.scheme?.isEmpty ?? true {
            throw UsageError(
                "--lote-type '\(type)' is not a URI; give the whole LoTEType, e.g. "
                    + "http://uri.etsi.org/19602/LoTEType/\(type.isEmpty ? "EUPIDProvidersList" : type)")
        }
        guard
            let (file, bytes, roots, time) = try VerifyCommand.signedInput(
                arguments, context: context, limit: maximumFileSize)
        else { return 2 }
        let verifier = LoTEVerifier(
            anchors: roots, settings: LoTEVerificationSettings(expectedType: arguments.value("lote-type")))
        return try VerifyCommand.report(
            file: file, json: arguments.flag("json"), context: context, rejection: WireLoTEVerification.init(rejected:)
        ) { () throws(TrustListError) in
            let verified = try verifier.verify(bytes, at: time)
            guard let lote = verified.list.lote else {
                throw TrustListError(.wrongListType, "the verified document is not a LoTE")
            }
            return (WireLoTEVerification(verified, lote: lote), verifiedText(verified, lote: lote, file: file))
        }
    }

    /// The VALID text: the list's facts, then each entity with its services.
    static func verifiedText(_ verified: VerifiedList, lote: LoTE, file: String) -> String {
        let signer = verified.signer
        var rows: [(String, String)] = [
            ("kind", "LoTE"), ("LoTEType", lote.type), ("operator", lote.operatorName),
            ("territory", lote.schemeTerritory), ("sequence", String(lote.sequenceNumber)),
            ("issued", Timestamp.text(lote.issueDate)), ("nextUpdate", Timestamp.text(lote.nextUpdateTime)),
            ("entities", String(lote.entities.count)), ("services", String(lote.services.count)),
            ("signer", signer.subject.rfc4514),
            ("signer valid", "\(Timestamp.text(signer.notBefore)) .. \(Timestamp.text(signer.notAfter))"),
            ("signing time", verified.signingTime.map(Timestamp.text) ?? "-"),
            ("anchor", verified.anchor.subject.rfc4514), ("anchor pin", verified.anchor.sha256Hex),
            ("signature", "JAdES \(verified.algorithm), x5c of \(verified.x5chainCount)"),
            ("sha256", verified.sha256Hex),
        ]
        rows += verified.warnings.enumerated().map { ($0.offset == 0 ? "warnings" : "", $0.element) }
        var text = "VALID  \(file)\n" + TextTable.fields(rows)
        for entity in lote.entities {
            text += "\n  \(entity.displayName)"
            for service in entity.services {
                let status = service.status.map { " [\($0)]" } ?? ""
                let count = service.digitalIdentity.certificates.count
                text += "\n    \(service.typeIdentifier)\(status): \(count) certificate\(count == 1 ? "" : "s")"
            }
        }
        return text
    }
}
