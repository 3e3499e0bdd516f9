import Foundation

/// The real signed lists and roots of the real-fixture folder (``directory``, outside the package), read in place: they
/// are not copied into the project. Tests that need them declare `.requires(.realFixtures)` (``Prerequisite``): skipped
/// with a message where the folder is absent, a failure in CI.
public enum RealFixtures {
    /// The fixture folder: `$TRUSTLISTS_FIXTURES`, else `fixtures/real` in the `shared` folder beside the package root.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["TRUSTLISTS_FIXTURES"] {
            return URL(fileURLWithPath: override)
        }
        return PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/fixtures/real")
    }()

    /// Whether the fixture folder is there.
    public static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("SHA256SUMS").path)
    }

    /// The bytes of a fixture file.
    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The text of a fixture file.
    public static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }
}

/// The unsigned EU LoTE payloads of the LoTE fixture folder (``directory``, outside the package; ETSI TS 119 602 JSON),
/// read in place. Tests that need them declare `.requires(.loteFixtures)`.
public enum LoTEFixtures {
    /// The European Commission's mock PID providers list (15 entities, 17 certificates).
    public static let mockPIDProviders = "eu_mock_pid_providers_v0.0.2.json"
    /// The reference implementation's PID providers list (7 entities, no ServiceTypeIdentifier).
    public static let referencePIDProviders = "eudi_refimpl_pid_providers_payload.json"

    /// The fixture folder: `$TRUSTLISTS_LOTE_FIXTURES`, else `fixtures/lote` in the `shared` folder beside the package
    /// root.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["TRUSTLISTS_LOTE_FIXTURES"] {
            return URL(fileURLWithPath: override)
        }
        return PackageRoot.url.deletingLastPathComponent().appendingPathComponent("shared/fixtures/lote")
    }()

    /// Whether both payloads are there.
    public static var isAvailable: Bool {
        [mockPIDProviders, referencePIDProviders].allSatisfy {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }

    /// The bytes of a fixture file.
    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}

/// The package's root folder, found from this source file's path.
public enum PackageRoot {
    /// `<root>/Sources/TestSupport/RealFixtures.swift` → `<root>`.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
