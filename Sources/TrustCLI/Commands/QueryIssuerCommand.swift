import Foundation
import TrustLists

/// `trustctl query issuer --chain PEM --doctype DOCTYPE [--config FILE] [--at TIME] [--json]`.
enum QueryIssuerCommand: Command {
    static let spec = CommandSpec(
        name: "query issuer",
        overview:
            "Decide whether a document signer chain may sign a docType under the configured VICALs and PID/mDL "
            + "providers LoTEs.",
        usage: "--chain <pem> --doctype <doctype> [--config <file>] [--at <time>] [--json]",
        options: [
            QueryCommand.commonOptions[0],
            .value("doctype", "doctype", "The document type, e.g. org.iso.18013.5.1.mDL."),
        ]
            + QueryCommand.commonOptions.dropFirst(),
        discussion: """
            Answers from the lists cached by 'trustctl refresh' or trustlistd, each verified again first. The chain must end in
            a self-signed IACA listed in a VICAL (no partial chains), or in a certificate of a listed PID or mDL
            issuance service of a PID/mDL providers LoTE (ETSI TS 119 602), for eu.europa.ec.eudi.pid.1 or
            org.iso.18013.5.1.mDL: the document signer is issued directly by it, or is it (an end entity the LoTE
            lists is trusted as itself only).
            Checks, in order, the first failure being the reason:
              trust_list_unavailable  no VICAL or PID/mDL providers LoTE configured or ever verified
              trust_list_expired      the list that would decide is expired at --at
              not_on_trust_list       no IACA is a chain certificate or the issuer of one
              chain_invalid           OpenSSL does not validate the chain at --at (its text is printed)
              revoked                 a certificate below the anchor is on its issuer's verified CRL
              revocation_unavailable  revocation mode require: an issuer's CRL is missing or expired at --at
              document_signer_eku     the leaf lacks EKU 1.0.18013.5.1.2
              doctype_not_authorized  the IACA is not listed for --doctype (its docTypes are printed)

            EXIT STATUS: 0 trusted, 1 not trusted (the reason is printed), 2 usage error, unreadable chain or
            configuration, or a cache directory that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        let docType = try arguments.required("doctype")
        guard !docType.isEmpty else { throw UsageError("--doctype must not be empty") }
        switch try QueryCommand.load(arguments, context: context) {
        case .failure(let failure):
            context.printError("Error: \(failure.message)")
            return 2
        case .success(let inputs):
            let decision = inputs.queries.issuerDecision(chain: inputs.chain, docType: docType, at: inputs.time)
            return try QueryCommand.report(
                decision, kind: "issuer", docType: docType, inputs: inputs, json: arguments.flag("json"),
                context: context)
        }
    }
}
