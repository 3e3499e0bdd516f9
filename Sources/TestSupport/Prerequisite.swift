import Foundation
import Testing

/// Something a test needs from the machine rather than from the package: the real fixtures beside the package,
/// Python with `cbor2` and `cryptography`, a built binary, a system tool.
///
/// Outside CI a test whose prerequisite is missing is skipped with a message. In CI (`CI=true` in the environment)
/// it fails instead: CI provides every prerequisite (`.ci/run` installs them), so a skip there would mean something
/// broke and would hide the tests that depend on it. Use it as a trait, `@Test(.requires(.realFixtures))` or
/// `@Suite(.requires(.python3))`, never with a `return` or `#require` inside the test.
public struct Prerequisite: Sendable, CustomStringConvertible {
    /// What is needed, for messages ("python3 with cbor2 and cryptography").
    public let description: String
    /// Where to look, or how to provide it, for messages.
    public let hint: String
    private let check: @Sendable () -> Bool

    /// A prerequisite.
    /// - Parameters:
    ///   - description: what is needed.
    ///   - hint: where it was looked for, or how to provide it.
    ///   - check: whether it is there; evaluated once per test, when the test is about to run.
    public init(_ description: String, hint: String, check: @escaping @Sendable () -> Bool) {
        self.description = description
        self.hint = hint
        self.check = check
    }

    /// Whether it is there.
    public var isMet: Bool { check() }

    /// Whether the tests run in CI: the environment has `CI=true` (or `CI=1`), as CI services set it.
    public static var isCI: Bool { isCI(ProcessInfo.processInfo.environment) }

    /// Whether an environment is CI's (`CI` is `true` or `1`, in any case).
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return value == "true" || value == "1"
    }

    /// What a skipped test says.
    public var skipMessage: String { "\(description) absent (\(hint)): skipped outside CI" }

    /// What a failing test says in CI.
    public var missingInCIMessage: String {
        "CI=true, but \(description) is missing (\(hint)): in CI this is a failure, not a skip"
    }

    /// Whether a test that needs `prerequisites` runs: true when they are all there; false (skip) when one is
    /// missing outside CI.
    /// - Parameter environment: the environment deciding whether this is CI.
    /// - Throws: ``PrerequisiteMissing`` when one is missing in CI.
    public static func evaluate(
        _ prerequisites: [Prerequisite], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Bool {
        guard let missing = prerequisites.first(where: { !$0.isMet }) else { return true }
        if isCI(environment) { throw PrerequisiteMissing(prerequisite: missing) }
        return false
    }
}

/// A prerequisite missing in CI: the test fails with this error instead of being skipped.
public struct PrerequisiteMissing: Error, CustomStringConvertible {
    /// What is missing.
    public let prerequisite: Prerequisite
    /// The message.
    public var description: String { prerequisite.missingInCIMessage }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only where every prerequisite is there: outside CI a missing one skips it with a
    /// message, in CI (`CI=true`) it fails.
    /// - Parameter prerequisites: what the test needs.
    public static func requires(
        _ prerequisites: Prerequisite..., sourceLocation: SourceLocation = #_sourceLocation
    )
        -> Self
    {
        let comment = Comment(rawValue: prerequisites.map(\.skipMessage).joined(separator: "; "))
        return .enabled(comment, sourceLocation: sourceLocation) { try Prerequisite.evaluate(prerequisites) }
    }
}

extension Prerequisite {
    /// The real signed lists of the real-fixture folder (``RealFixtures``).
    public static let realFixtures = Prerequisite(
        "the real fixture folder", hint: "looked for \(RealFixtures.directory.path)/SHA256SUMS"
    ) { RealFixtures.isAvailable }

    /// The unsigned LoTE payloads of the LoTE fixture folder (``LoTEFixtures``).
    public static let loteFixtures = Prerequisite(
        "the LoTE fixture folder", hint: "looked in \(LoTEFixtures.directory.path)"
    ) { LoTEFixtures.isAvailable }

    /// `python3`, for the loopback list server (standard library only).
    public static let python3 = Prerequisite("python3", hint: "looked on PATH and at /usr/bin/python3") {
        TestTools.python3 != nil
    }

    /// Python 3 with `cbor2` and `cryptography` (``Python``), the independent implementation of interop tests.
    public static let interopModules = Prerequisite(
        "python3 with cbor2 and cryptography",
        hint:
            "tried python3 on PATH, then /usr/bin/python3; on Debian: apt-get install python3-cbor2 python3-cryptography"
    ) { Python.interpreter != nil }

    /// Python 3 with `cryptography` (the JWS interop tests need no `cbor2`).
    public static let pythonCryptography = Prerequisite(
        "python3 with cryptography",
        hint: "tried python3 on PATH, then /usr/bin/python3; on Debian: apt-get install python3-cryptography"
    ) { Python.interpreter(with: ["cryptography"]) != nil }

    /// What `Tests/Support/make_test_pki.py` needs: `python3` plus its `cryptography` package or the `openssl`
    /// command.
    public static let tlsTestPKI = Prerequisite(
        "python3 with cryptography, or python3 and openssl, to make a TLS test PKI", hint: "see make_test_pki.py"
    ) { TestTools.canMakeTestPKI }

    /// An executable found on `PATH`.
    /// - Parameter name: its file name, e.g. `systemd-analyze`.
    public static func executable(_ name: String) -> Prerequisite {
        Prerequisite(name, hint: "looked on PATH") { TestTools.executable(named: name) != nil }
    }
}
