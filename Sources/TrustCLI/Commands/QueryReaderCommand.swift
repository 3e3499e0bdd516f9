import Foundation
import TrustLists

/// `trustctl query reader --chain PEM [--config FILE] [--at TIME] [--json]`.
enum QueryReaderCommand: Command {
    static let spec = CommandSpec(
        name: "query reader",
        overview:
            "Decide whether a reader (mdoc verifier) certificate chain is trusted by the configured RICALs and WRPAC "
            + "providers LoTEs.",
        usage: "--chain <pem> [--config <file>] [--at <time>] [--json]",
        options: QueryCommand.commonOptions,
        discussion: """
            Answers from the lists cached by 'trustctl refresh' or trustlistd, each verified again first. Every RICAL entry is a
            trust anchor, self-signed or not, so a listed reader certificate is trusted by itself; entries with
            isTrustAnchor false serve only as intermediates. A WRPAC providers LoTE (ETSI TS 119 602) adds the
            certificates of its listed WRPAC issuance services as anchors. Checks, in order, the first failure being
            the reason:
              trust_list_unavailable  no RICAL or WRPAC providers LoTE configured or ever verified
              trust_list_expired      the list that would decide is expired at --at
              not_on_trust_list       no entry is a chain certificate or the issuer of one
              chain_invalid           OpenSSL does not validate the chain at --at (its text is printed)
              revoked                 a certificate below the anchor is on its issuer's verified CRL
              revocation_unavailable  revocation mode require: an issuer's CRL is missing or expired at --at
              reader_eku              the leaf lacks EKU 1.0.18013.5.1.6
              reader_key_usage        the leaf's keyUsage does not allow digitalSignature (it may not sign a request)

            EXIT STATUS: 0 trusted, 1 not trusted (the reason is printed), 2 usage error, unreadable chain or
            configuration, or a cache directory that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        switch try QueryCommand.load(arguments, context: context) {
        case .failure(let failure):
            context.printError("Error: \(failure.message)")
            return 2
        case .success(let inputs):
            let decision = inputs.queries.readerDecision(chain: inputs.chain, at: inputs.time)
            return try QueryCommand.report(
                decision, kind: "reader", docType: nil, inputs: inputs, json: arguments.flag("json"), context: context)
        }
    }
}
