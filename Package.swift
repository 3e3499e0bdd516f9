// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TrustLists",
    products: [
        .library(name: "TrustLists", targets: ["TrustLists"]),
        .library(name: "X509", targets: ["X509"]),
        .library(name: "COSE", targets: ["COSE"]),
        .library(name: "JOSE", targets: ["JOSE"]),
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
        // JWS compact (RFC 7515), base64url, JSON with limits, JWT claims (RFC 7519): beside COSE, on X509 only.
        .target(name: "JOSE", dependencies: ["X509"]),
        .target(name: "TrustLists", dependencies: ["COSE", "X509", "CCurl"]),
        // What a wallet receives from a verifier (ISO/IEC 18013-5 DeviceRequest and ReaderAuth, OpenID4VP 1.0 request
        // objects) turned into a PresentationDecision; the reader decision comes from TrustLists' queries. Fetching a
        // request_uri is a protocol the service fulfils: this target never links libcurl itself.
        .target(name: "Presentation", dependencies: ["COSE", "JOSE", "X509", "TrustLists"]),
        // Argument parsing and the commands of trustctl, as a library so that tests can drive them in-process.
        .target(name: "TrustCLI", dependencies: ["TrustLists", "X509", "COSE"]),
        .executableTarget(name: "trustctl", dependencies: ["TrustCLI"]),
        .executableTarget(name: "TrustListd", dependencies: ["TrustCLI", "TrustLists", "CSystemd"]),
        .executableTarget(name: "trustlists-bench", dependencies: ["TrustLists", "COSE", "X509", "COpenSSL"]),

        // What the test targets share: the real fixtures, a test PKI, the list simulator, Python interop.
        .target(name: "TestSupport", dependencies: ["TrustLists", "COSE", "X509"]),
        .testTarget(name: "X509Tests", dependencies: ["X509", "TestSupport"]),
        .testTarget(name: "COSETests", dependencies: ["COSE", "X509", "TestSupport"]),
        .testTarget(name: "JOSETests", dependencies: ["JOSE", "X509", "TestSupport"]),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["Presentation", "COSE", "JOSE", "X509", "TrustLists", "TestSupport"]),
        .testTarget(name: "TrustListsTests", dependencies: ["TrustLists", "COSE", "X509", "TestSupport"]),
        .testTarget(name: "TrustCLITests", dependencies: ["TrustCLI", "TrustLists", "X509", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
