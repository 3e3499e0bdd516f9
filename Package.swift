// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TrustLists",
    products: [
        .library(name: "TrustLists", targets: ["TrustLists"]),
        .library(name: "X509", targets: ["X509"]),
        .library(name: "COSE", targets: ["COSE"]),
        .executable(name: "trustctl", targets: ["trustctl"]),
        .executable(name: "trustlistd", targets: ["TrustListd"]),
        .executable(name: "trustlists-bench", targets: ["trustlists-bench"]),
    ],
    targets: [
        // C libraries from Debian packages (see README: libssl-dev, libcurl4-openssl-dev, libsystemd-dev).
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),

        .target(name: "X509", dependencies: ["COpenSSL"]),
        .target(name: "COSE", dependencies: ["X509"]),
        .target(name: "TrustLists", dependencies: ["COSE", "X509", "CCurl"]),
        // What a wallet receives from a verifier (ISO/IEC 18013-5 DeviceRequest and ReaderAuth; OpenID4VP to come).
        .target(name: "Presentation", dependencies: ["COSE", "X509"]),
        // Argument parsing and the commands of trustctl, as a library so that tests can drive them in-process.
        .target(name: "TrustCLI", dependencies: ["TrustLists", "X509", "COSE"]),
        .executableTarget(name: "trustctl", dependencies: ["TrustCLI"]),
        .executableTarget(name: "TrustListd", dependencies: ["TrustCLI", "TrustLists", "CSystemd"]),
        .executableTarget(name: "trustlists-bench", dependencies: ["TrustLists", "COSE", "X509", "COpenSSL"]),

        // What the test targets share: the real fixtures, a test PKI, the list simulator, Python interop.
        .target(name: "TestSupport", dependencies: ["TrustLists", "COSE", "X509"]),
        .testTarget(name: "X509Tests", dependencies: ["X509", "TestSupport"]),
        .testTarget(name: "COSETests", dependencies: ["COSE", "X509", "TestSupport"]),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "COSE", "X509", "TestSupport"]),
        .testTarget(name: "TrustListsTests", dependencies: ["TrustLists", "COSE", "X509", "TestSupport"]),
        .testTarget(name: "TrustCLITests", dependencies: ["TrustCLI", "TrustLists", "X509", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), one folder each under Fuzz/ with one file defining `LLVMFuzzerTestOneInput`. They exist
// only when scripts/fuzz.sh sets TRUSTLISTS_FUZZ=1 (it builds them instrumented, into its own scratch path), so
// `swift build` and `swift test` neither build nor need them. A new target is a folder plus one line here.
if Context.environment["TRUSTLISTS_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("cbor", ["COSE"]),
        ("cose-sign1", ["COSE", "X509"]),
        ("vical", ["TrustLists"]),
        ("rical", ["TrustLists"]),
        ("signed-list", ["TrustLists", "X509"]),
        ("config", ["TrustLists"]),
        ("snapshot", ["TrustLists"]),
        ("device-request", ["Presentation", "COSE"]),
        ("certificate", ["X509"]),
    ]
    package.targets.append(
        .target(name: "FuzzSupport", dependencies: ["TrustLists", "COSE", "X509"], path: "Fuzz/Support"))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(
            .executableTarget(name: "fuzz-\(name)", dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/\(name)"))
    }
}
