import Credentials
import Foundation
import TrustLists

/// How `query credential` prints a decision as text: the answer, then each document with who vouches for it, its
/// validity, what the issuer vouched for and the holder binding.
enum CredentialOutput {
    static func text(_ decision: CredentialDecision) -> String {
        let kind = decision.format == .mdoc ? "mdoc" : "SD-JWT VC"
        var lines = [
            decision.trusted
                ? "TRUSTED  credential (\(kind)): \(decision.documents.count) document(s)"
                : "NOT TRUSTED  credential (\(kind)): \(decision.reason?.rawValue ?? "-")"
        ]
        var rows: [(String, String)] = [
            ("at", Timestamp.text(decision.time)), ("generation", decision.generation.map(String.init) ?? "-"),
        ]
        if let status = decision.responseStatus { rows.append(("response status", String(status))) }
        for error in decision.documentErrors {
            rows.append(("not returned", "\(error.docType) (error \(error.code))"))
        }
        rows.append(("message", decision.message))
        lines.append(TextTable.fields(rows))
        for (index, document) in decision.documents.enumerated() {
            lines.append("")
            lines.append(
                "  documents[\(index)] \(document.docType ?? document.vct ?? "?"): "
                    + (document.trusted ? "trusted" : "not trusted: \(document.reason?.rawValue ?? "-")"))
            var fields: [(String, String)] = []
            if let anchor = document.trustedBy {
                fields.append(("trusted by", "\(anchor.subject) (\(anchor.list), \(anchor.provider))"))
            }
            if let signer = document.signer { fields.append(("signed by", signer.subject)) }
            let validity = document.validity
            if let from = validity.validFrom, let until = validity.validUntil {
                fields.append(("valid", "\(Timestamp.text(from)) .. \(Timestamp.text(until))"))
            }
            if let exp = validity.exp { fields.append(("expires", Timestamp.text(exp))) }
            for group in document.elements {
                fields.append((group.nameSpace, group.identifiers.joined(separator: ", ")))
            }
            if !document.claims.isEmpty { fields.append(("disclosed", document.claims.joined(separator: ", "))) }
            if let deviceAuth = document.deviceAuth { fields.append(("device auth", deviceAuth.rawValue)) }
            if !document.trusted { fields.append(("message", document.message)) }
            lines.append(TextTable.fields(fields, indent: 4))
            lines += document.warnings.map { "    warning: \($0.rawValue)" }
        }
        return lines.joined(separator: "\n")
    }
}
