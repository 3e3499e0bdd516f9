// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TrustLists",
    products: [
        .library(name: "TrustLists", targets: ["TrustLists"]),
        .library(name: "X509", targets: ["X509"]),
        .library(name: "COSE", targets: ["COSE"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
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

        .target(name: "X509", dependencies: ["COpenSSL"]),
        .target(name: "COSE", dependencies: ["X509"]),
        .target(name: "TrustLists", dependencies: ["COSE", "X509", "CCurl"]),
        // A generic HTTP/1.1 server on libmicrohttpd (routing, limits, drain, gzip, validators); no trust-list
        // logic. X509 only for CodedError, the package's one error type.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "CZlib", "X509"]),
        // Argument parsing and the commands of trustctl, as a library so that tests can drive them in-process.
        .target(name: "TrustCLI", dependencies: ["TrustLists", "X509", "COSE"]),
        .executableTarget(name: "trustctl", dependencies: ["TrustCLI"]),
        .executableTarget(name: "TrustListd", dependencies: ["TrustCLI", "TrustLists", "CSystemd"]),
        .executableTarget(name: "trustlists-bench", dependencies: ["TrustLists", "COSE", "X509", "COpenSSL"]),

        // What the test targets share: the real fixtures, a test PKI, the list simulator, Python interop.
        .target(name: "TestSupport", dependencies: ["TrustLists", "COSE", "X509"]),
        .testTarget(name: "X509Tests", dependencies: ["X509", "TestSupport"]),
        .testTarget(name: "COSETests", dependencies: ["COSE", "X509", "TestSupport"]),
        .testTarget(name: "TrustListsTests", dependencies: ["TrustLists", "COSE", "X509", "TestSupport"]),
        .testTarget(name: "TrustCLITests", dependencies: ["TrustCLI", "TrustLists", "X509", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "X509", "CCurl", "CZlib", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
