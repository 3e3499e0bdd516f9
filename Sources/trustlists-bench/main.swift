// The package benchmark: `swift run -c release trustlists-bench [GROUP...] [--keep-files DIR]`.
// This file only parses arguments, prints the machine facts and runs the selected groups; each group is one file.
import Foundation

/// Every group, in the order they run when none is named on the command line.
///
/// To add a group, add one line here.
let groups: [BenchmarkGroup] = [
    BenchmarkGroup(name: "cbor", summary: "CBOR decode and deterministic encode throughput", run: CBORBenchmarks.run),
    BenchmarkGroup(name: "cose", summary: "COSE_Sign1 ES256 verify vs bare OpenSSL", run: COSEBenchmarks.run),
    BenchmarkGroup(
        name: "verify", summary: "cold verify + decode of VICALs vs floor and Python", run: VerifyBenchmarks.run),
    BenchmarkGroup(name: "phases", summary: "where a 10,000-entry verify spends its time", run: PhaseBenchmarks.run),
    BenchmarkGroup(
        name: "query", summary: "trust decisions and generation install (10,000 issuers, 1,000 verifiers)",
        run: QueryBenchmarks.run),
    BenchmarkGroup(
        name: "presentation", summary: "OpenID4VP request decisions vs the ES256 + X509_verify_cert floor",
        run: PresentationBenchmarks.run),
    BenchmarkGroup(
        name: "credential", summary: "mdoc and SD-JWT VC decisions vs the ES256 + X509_verify_cert + digests floor",
        run: CredentialBenchmarks.run),
    BenchmarkGroup(
        name: "http", summary: "HTTP API by wrk: 304s and reader decisions at 1/16/64 connections, paired with nginx",
        run: HTTPBenchmarks.run),
    BenchmarkGroup(
        name: "http-handler", summary: "the reader decision's HTTP handler in-process, and its parts",
        run: HTTPHandlerBenchmarks.run),
    BenchmarkGroup(
        name: "http-modes", summary: "libmicrohttpd's threading modes by wrk, paired with nginx (not run by default)",
        run: HTTPModeBenchmarks.run),
    BenchmarkGroup(
        name: "lote", summary: "verify + decode of a 10,000-entity LoTE vs Python", run: LoTEBenchmarks.run),
    BenchmarkGroup(
        name: "wire", summary: "wire JSON per answer: decisions, a request decision, status (vs JSONEncoder)",
        run: WireBenchmarks.run),
    BenchmarkGroup(
        name: "revocation", summary: "CRL of 100,000 entries: decode + verify + index vs the OpenSSL floor; lookups",
        run: RevocationBenchmarks.run),
    BenchmarkGroup(
        name: "status", summary: "status list of 10^6 entries: verify + inflate (1 and 8 bits) vs Python; lookups",
        run: StatusListBenchmarks.run),
]

/// Groups run only when named: `http` prints the handler's breakdown itself, and the modes take minutes.
let optionalGroups: Set<String> = ["http-handler", "http-modes"]

/// The help text, with the group list.
let usage = """
    USAGE: trustlists-bench [GROUP...] [--keep-files DIR]

    Runs the named benchmark groups (all but http-handler and http-modes when none is named) and prints what
    each figure measures, its unit, and how it was obtained (median over repetitions after a warm-up). Build with -c release.

    GROUPS:
    \(groups.map { "  \(Bench.label($0.name, 16))\($0.summary)" }.joined(separator: "\n"))

    OPTIONS:
      --keep-files DIR  keep the synthetic lists, root and Python script there (default: a temporary folder,
                        removed at the end)
      -h, --help        show this help
    """

/// The groups named on the command line, in the order named; empty runs every group.
var selected: [BenchmarkGroup] = []
/// The arguments not yet parsed.
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print(usage)
        exit(0)
    case "--keep-files":
        guard let directory = arguments.popFirst() else {
            FileHandle.standardError.write(Data("Error: --keep-files needs a folder\n\(usage)\n".utf8))
            exit(2)
        }
        BenchFiles.keep(in: directory)
    default:
        guard let group = groups.first(where: { $0.name == argument }) else {
            FileHandle.standardError.write(Data("Error: unknown group '\(argument)'\n\(usage)\n".utf8))
            exit(2)
        }
        if !selected.contains(where: { $0.name == group.name }) { selected.append(group) }
    }
}

MachineFacts.printHeader()
for group in selected.isEmpty ? groups.filter({ !optionalGroups.contains($0.name) }) : selected {
    Bench.title(group.name, group.summary)
    group.run()
}
print("\nload at end: \(MachineFacts.loadAverage())")
BenchFiles.cleanUp()
exit(Bench.hasFailures ? 1 : 0)
