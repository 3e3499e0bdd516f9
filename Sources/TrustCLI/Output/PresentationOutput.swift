import Foundation
import Presentation
import TrustLists
import TrustListsService

/// How `query request` and `query device-request` print a decision: JSON (the wire vocabulary) or a readable block.
enum PresentationOutput {
    /// Prints a decision and returns the exit status: 0 trusted, 1 not trusted.
    /// - Throws: what ``WireJSON/render(_:)`` throws (nothing, for a decision).
    static func report(
        _ decision: PresentationDecision, query: String, time: Date, generation: UInt64, json: Bool,
        context: CommandContext
    ) throws -> Int32 {
        if json {
            context.standardOutput(
                try WireJSON.render(
                    WirePresentationDecision(decision, query: query, at: time, generation: generation)))
        } else {
            context.print(text(decision, query: query, time: time, generation: generation))
        }
        return decision.trusted ? 0 : 1
    }

    static func text(_ decision: PresentationDecision, query: String, time: Date, generation: UInt64) -> String {
        var lines: [String] = []
        switch decision.verifiedBy {
        case .certificate(let commonName, let anchor):
            lines.append("TRUSTED  \(query): verified by \(commonName)")
            lines.append(
                TextTable.fields([
                    ("anchor", anchor.subject), ("list", "\(anchor.list) (\(anchor.provider))"),
                ]))
        case .domain(let host):
            lines.append("NOT TRUSTED  \(query): \(decision.reasonCode ?? "-") (shown as \(host) only)")
        case .none:
            lines.append("NOT TRUSTED  \(query): \(decision.reasonCode ?? "-")")
        }
        let consent = decision.consent
        var rows: [(String, String)] = []
        if let clientID = consent.clientID { rows.append(("client id", clientID)) }
        if let prefix = consent.clientIDPrefix { rows.append(("client id prefix", prefix.description)) }
        if let uri = consent.responseURI { rows.append(("response uri", uri)) }
        if let uri = consent.redirectURI { rows.append(("redirect uri", uri)) }
        if let mode = consent.responseMode { rows.append(("response mode", mode)) }
        if let origin = consent.origin { rows.append(("origin", origin)) }
        if !consent.expectedOrigins.isEmpty {
            rows.append(("expected origins", consent.expectedOrigins.joined(separator: ", ")))
        }
        if !consent.requestedDocTypes.isEmpty {
            rows.append(("docTypes", consent.requestedDocTypes.joined(separator: ", ")))
        }
        if !consent.requestedClaims.isEmpty {
            rows.append(
                (
                    "claims",
                    consent.requestedClaims.map { $0.path.map(\.description).joined(separator: "/") }
                        .joined(separator: ", ")
                ))
        }
        for (index, entry) in consent.transactionData.enumerated() {
            rows.append(
                ("transaction data[\(index)]", "\(entry.type) for \(entry.credentialIDs.joined(separator: ", "))"))
        }
        if consent.verifierInfo != nil { rows.append(("verifier info", "present (see --json)")) }
        rows += [("at", Timestamp.text(time)), ("generation", String(generation)), ("message", decision.message)]
        lines.append(TextTable.fields(rows))
        for (index, document) in decision.documents.enumerated() {
            let who =
                switch document.verifiedBy {
                case .certificate(let commonName, _): "trusted, verified by \(commonName)"
                default: "not trusted: \(document.reasonCode ?? "-")"
                }
            lines.append(
                "  docRequests[\(index)] \(document.consent.requestedDocTypes.joined(separator: ", ")): \(who)")
        }
        lines += decision.warnings.map { "warning: \($0)" }
        return lines.joined(separator: "\n")
    }
}
