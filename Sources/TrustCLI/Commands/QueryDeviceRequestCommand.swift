import Foundation
import Presentation
import TrustLists
import TrustListsService

/// `trustctl query device-request FILE --session-transcript FILE [--config FILE] [--at TIME] [--json]`.
enum QueryDeviceRequestCommand: Command {
    static let spec = CommandSpec(
        name: "query device-request",
        overview: "Decide whether an ISO/IEC 18013-5 DeviceRequest's reader (readerAuth, readerAuthAll) is trusted.",
        usage: "<file> --session-transcript <file> [--config <file>] [--at <time>] [--json]",
        options: [
            .value(
                "session-transcript", "file", "The SessionTranscript (CBOR; bare or as tag-24 SessionTranscriptBytes)."),
            ConfigOption.option,
            .value("at", "time", "Decide at this RFC 3339 time instead of now."),
            .flag("json", "Print JSON: trusted, reason, message, verifiedBy, requestedDocTypes, documents, …"),
        ],
        discussion: """
            The file holds the DeviceRequest as CBOR (ISO/IEC 18013-5 §8.3.2.1.2.1). For each DocRequest, readerAuth
            (a COSE_Sign1 over the detached ReaderAuthenticationBytes, §9.1.4) is verified with its x5chain leaf, then
            the chain goes to the reader decision of the verified RICALs; the reader EKU 1.0.18013.5.1.6 is always
            required. A second-edition readerAuthAll (one COSE_Sign1 over all DocRequests) stands in for DocRequests
            without readerAuth, and when it fails, every DocRequest fails. A DocRequest with neither is
            not_authenticated. The answer is trusted when every DocRequest is, all by one reader; each one's decision
            is printed.

            EXIT STATUS: 0 trusted, 1 not trusted (the reason is printed), 2 usage error, unreadable file or
            configuration, or a cache directory that cannot be read.
            """)

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give the DeviceRequest file") }
        let time = try arguments.value("at").map(ArgumentValues.time) ?? context.now()
        let transcriptFile = try arguments.required("session-transcript")
        let deviceRequest: [UInt8]
        let transcript: [UInt8]
        do {
            deviceRequest = try InputFiles.read(arguments.positionals[0], limit: 1 << 20)
            transcript = try InputFiles.read(transcriptFile, limit: 1 << 20)
        } catch {
            context.printError("Error: \(error)")
            return 2
        }
        guard let service = ServiceLoading.loaded(arguments, context: context, at: time) else { return 2 }
        let decision = service.deviceRequestDecision(
            deviceRequest: deviceRequest, sessionTranscript: transcript, at: time)
        return try PresentationOutput.report(
            decision, query: "device-request", time: time, generation: service.queries.generation,
            json: arguments.flag("json"), context: context)
    }
}
