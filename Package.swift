// swift-tools-version:6.0
import PackageDescription

/// The console's files (Sources/TrustAPI/Console/Resources), each compiled into TrustAPI as `PackageResources.<name>`:
/// the page, the style sheet, and the script in parts, one concern each, joined in this order.
let consoleResources = [
    "console.html", "console.css", "dom.js", "load.js", "lists.js", "crls.js", "statuslists.js", "entries.js",
    "timeline.js", "history.js", "refresh.js",
]

let package = Package(
    name: "TrustLists",
    products: [
        .library(name: "TrustLists", targets: ["TrustLists"]),
        .library(name: "X509", targets: ["X509"]),
        .library(name: "COSE", targets: ["COSE"]),
        .library(name: "JOSE", targets: ["JOSE"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "Credentials", targets: ["Credentials"]),
        .library(name: "TrustListsService", targets: ["TrustListsService"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        .library(name: "TrustAPI", targets: ["TrustAPI"]),
        .executable(name: "trustctl", targets: ["trustctl"]),
        .executable(name: "trustlistd", targets: ["TrustListd"]),
        .executable(name: "trustlists-bench", targets: ["trustlists-bench"]),
    ],
    targets: [
        // C libraries from Debian packages (see README: libssl-dev, libcurl4-openssl-dev, libsystemd-dev).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // The one reason-code vocabulary (ReasonCode) and error type (CodedError), shared by every module.
        .target(name: "ReasonCodes"),
        // The one JSON string escaper and the one JSON writer (an Encoder), on nothing: COSE and JOSE use the escaper,
        // the wire JSON of the CLI and the HTTP API and the snapshot the writer.
        .target(name: "JSONText"),
        .target(name: "X509", dependencies: ["ReasonCodes", "COpenSSL"]),
        .target(name: "COSE", dependencies: ["X509", "JSONText"]),
        // JWS compact (RFC 7515), base64url, JSON with limits, JWT claims (RFC 7519): beside COSE, on X509 only.
        .target(name: "JOSE", dependencies: ["X509", "JSONText"]),
        // What a wallet component that only asks trust questions links: the list model, verification (policies),
        // the cache of verified lists, the snapshot and the queries; zlib to inflate status lists. No libcurl,
        // libsystemd or HTTP server.
        .target(name: "TrustLists", dependencies: ["COSE", "JOSE", "X509", "JSONText", "CZlib"]),
        // What a wallet receives from a verifier (OpenID4VP request objects, ISO/IEC 18013-5 DeviceRequests) turned
        // into verifiedBy decisions from the queries. No libcurl: request_uri is fetched behind a protocol.
        .target(name: "Presentation", dependencies: ["TrustLists", "JOSE", "COSE", "X509"]),
        // What a wallet or a verifier holds (ISO/IEC 18013-5 mdocs, SD-JWT VCs) decided end to end: decoding with
        // limits, the issuer's signature, digests and validity, device or key binding, and the issuer's chain through
        // the trust queries. No libcurl.
        .target(name: "Credentials", dependencies: ["TrustLists", "Presentation", "COSE", "JOSE", "X509"]),
        // The live service: libcurl fetching, refresh, schedule, metrics, the wire vocabulary, and TrustService.
        .target(
            name: "TrustListsService",
            dependencies: ["TrustLists", "Presentation", "Credentials", "JOSE", "COSE", "X509", "JSONText", "CCurl"]),
        // A generic HTTP/1.1 server on libmicrohttpd (routing, limits, drain, gzip, ETags); no trust-list logic.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CZlib", "ReasonCodes"]),
        // The HTTP API of trustlistd: routes and handlers over the current TrustService (a library, tested in-process).
        // The console's page, style sheet and script are files under Console/Resources, compiled into the binary
        // (embedInCode: nothing to install beside it, nothing read at run time).
        .target(
            name: "TrustAPI",
            dependencies: [
                "HTTPServer", "TrustListsService", "Credentials", "Presentation", "TrustLists", "JOSE", "X509",
            ],
            resources: consoleResources.map { .embedInCode("Console/Resources/\($0)") }),
        // Publishing signed lists (trustctl sign) and the demo network.
        .target(name: "Publishing", dependencies: ["TrustLists", "JOSE", "COSE", "X509", "JSONText", "CZlib"]),
        // Argument parsing and the commands of trustctl, as a library so that tests can drive them in-process.
        .target(
            name: "TrustCLI",
            dependencies: [
                "TrustListsService", "Credentials", "Presentation", "Publishing", "TrustLists", "X509", "COSE",
                "JSONText",
            ]),
        .executableTarget(name: "trustctl", dependencies: ["TrustCLI"]),
        .executableTarget(
            name: "TrustListd",
            dependencies: ["TrustCLI", "TrustAPI", "HTTPServer", "TrustListsService", "TrustLists", "CSystemd"]),
        .executableTarget(
            name: "trustlists-bench",
            dependencies: [
                "TrustAPI", "HTTPServer", "TrustListsService", "Credentials", "Presentation", "Publishing",
                "TrustLists", "JOSE", "COSE", "X509", "COpenSSL", "CCurl", "CZlib",
            ]),

        // What the test targets share: the real fixtures, a test PKI, the list simulator, Python interop.
        .target(
            name: "TestSupport",
            dependencies: [
                "TrustListsService", "Presentation", "Publishing", "TrustLists", "JOSE", "COSE", "X509", "CCurl",
            ]),
        .testTarget(name: "JSONTextTests", dependencies: ["JSONText", "TestSupport"]),
        .testTarget(name: "X509Tests", dependencies: ["X509", "TestSupport"]),
        .testTarget(name: "COSETests", dependencies: ["COSE", "X509", "TestSupport"]),
        .testTarget(name: "JOSETests", dependencies: ["JOSE", "X509", "TestSupport"]),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "Publishing", "TrustLists", "JOSE", "COSE", "X509", "TestSupport"]),
        .testTarget(
            name: "CredentialsTests",
            dependencies: [
                "Credentials", "Presentation", "Publishing", "TrustLists", "COSE", "JOSE", "X509", "TestSupport",
            ]),
        .testTarget(
            name: "HTTPServerTests", dependencies: ["HTTPServer", "ReasonCodes", "CCurl", "CZlib", "TestSupport"]),
        .testTarget(
            name: "TrustAPITests",
            dependencies: [
                "TrustAPI", "HTTPServer", "TrustListsService", "Credentials", "Publishing", "TrustLists", "JOSE",
                "X509",
                "TestSupport",
            ]),
        .testTarget(
            name: "TrustListsTests",
            dependencies: [
                "TrustListsService", "Credentials", "Publishing", "TrustLists", "JOSE", "COSE", "X509", "TestSupport",
            ]),
        .testTarget(
            name: "TrustCLITests",
            dependencies: ["TrustCLI", "TrustListsService", "Publishing", "TrustLists", "JOSE", "X509", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), one folder each under Fuzz/ with one file defining `LLVMFuzzerTestOneInput`. They exist
// only when scripts/fuzz.sh sets TRUSTLISTS_FUZZ=1 (it builds them instrumented, into its own scratch path), so
// `swift build` and `swift test` neither build nor need them. A new target is a folder plus one line here.
if Context.environment["TRUSTLISTS_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("cbor", ["COSE", "X509"]),
        ("cose-sign1", ["COSE", "X509"]),
        ("vical", ["TrustLists"]),
        ("rical", ["TrustLists"]),
        ("signed-list", ["TrustLists", "X509"]),
        ("config", ["TrustLists"]),
        ("snapshot", ["TrustLists"]),
        ("device-request", ["Presentation", "COSE"]),
        ("certificate", ["X509"]),
        ("crl", ["TrustLists", "X509"]),
        ("openid4vp", ["Presentation", "Publishing", "TrustLists", "JOSE", "X509"]),
        ("http-api", ["TrustAPI", "HTTPServer", "TrustListsService", "Publishing", "TrustLists"]),
        ("lote", ["TrustLists", "Publishing", "JOSE", "X509"]),
        ("status-list", ["TrustLists", "COSE", "JOSE", "X509"]),
        ("mdoc", ["Credentials", "Presentation", "TrustLists", "COSE", "X509"]),
        ("sd-jwt", ["Credentials", "TrustLists", "JOSE", "X509"]),
    ]
    package.targets.append(
        .target(name: "FuzzSupport", dependencies: ["TrustLists", "Publishing", "COSE", "X509"], path: "Fuzz/Support"))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(
            .executableTarget(name: "fuzz-\(name)", dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
