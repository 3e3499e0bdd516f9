import Foundation
import TrustLists
import TrustListsService
import X509

/// What `query reader` and `query issuer` share: options, loading the snapshot and the chain, and printing a
/// decision as text or JSON.
enum QueryCommand {
    /// The options both query commands take, before their own.
    static let commonOptions: [CommandSpec.Option] = [
        .value("chain", "pem", "PEM file of the chain to decide on, leaf first (a DER file holds the leaf only)."),
        ConfigOption.option,
        .value("at", "time", "Decide at this RFC 3339 time instead of now."),
        .flag("json", "Print JSON: trusted, reason, message, verifiedBy (or null), and for issuers docTypes."),
    ]

    /// The inputs of a query, loaded; or the exit status 2 after printing why they cannot be.
    struct Inputs {
        let queries: TrustQueries
        let chain: [Certificate]
        let time: Date
    }

    /// Reads the chain and loads the service (every cached list verified again) at the time asked.
    static func load(
        _ arguments: ParsedArguments, context: CommandContext
    ) throws -> Result<Inputs, ServiceLoading.Failure> {
        guard arguments.positionals.isEmpty else {
            throw UsageError("unexpected argument '\(arguments.positionals[0])'")
        }
        let chainFile = try arguments.required("chain")
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let chain: [Certificate]
        do {
            chain = try InputFiles.certificates(chainFile)
        } catch {
            return .failure(ServiceLoading.Failure(message: error.description))
        }
        return ServiceLoading.load(arguments, context: context, at: time).map { service in
            Inputs(queries: service.queries, chain: chain, time: time)
        }
    }

    /// Prints a decision and returns the exit status: 0 trusted, 1 not trusted.
    /// - Throws: what ``WireJSON/render(_:)`` throws (nothing, for a decision).
    static func report(
        _ decision: TrustDecision, kind: String, docType: String?, inputs: Inputs, json: Bool, context: CommandContext
    ) throws -> Int32 {
        if json {
            context.standardOutput(
                try WireJSON.render(self.json(decision, kind: kind, docType: docType, inputs: inputs)))
        } else {
            context.print(text(decision, kind: kind, docType: docType, inputs: inputs))
        }
        return decision.isTrusted ? 0 : 1
    }

    static func json(_ decision: TrustDecision, kind: String, docType: String?, inputs: Inputs) -> WireDecision {
        WireDecision(
            decision, query: kind, docType: docType, leaf: inputs.chain[0], at: inputs.time,
            generation: inputs.queries.generation)
    }

    static func text(_ decision: TrustDecision, kind: String, docType: String?, inputs: Inputs) -> String {
        let leaf = inputs.chain[0]
        var rows: [(String, String)] = [("leaf", leaf.subject.rfc4514)]
        if let docType { rows.append(("docType", docType)) }
        let headline: String
        switch decision {
        case .trusted(let trusted):
            headline = "TRUSTED  \(kind) \(trusted.commonName)"
            rows.append(("verified by", trusted.commonName))
        case .notTrusted(let notTrusted):
            headline = "NOT TRUSTED  \(kind): \(notTrusted.reason.rawValue)"
        }
        if let anchor = decision.anchor {
            let issue = anchor.issueID.map(String.init) ?? "-"
            rows += [
                ("anchor", anchor.subject), ("anchor sha256", anchor.sha256),
                ("list", "\(anchor.list) (\(anchor.provider), issue \(issue), \(anchor.listState.rawValue))"),
            ]
        }
        if !decision.docTypes.isEmpty { rows.append(("docTypes", decision.docTypes.joined(separator: ", "))) }
        if let revocation = decision.revocation {
            let number = revocation.crlNumber.map { ", CRL number \($0)" } ?? ""
            let next = revocation.nextUpdate.map { ", nextUpdate \(Timestamp.text($0))" } ?? ""
            rows.append(("revocation", "\(revocation.state.rawValue)\(number)\(next)"))
        }
        if !decision.warnings.isEmpty {
            rows.append(("warnings", decision.warnings.map(\.rawValue).joined(separator: ", ")))
        }
        rows += [
            ("at", Timestamp.text(inputs.time)), ("generation", String(inputs.queries.generation)),
            ("message", decision.message),
        ]
        return headline + "\n" + TextTable.fields(rows)
    }
}
