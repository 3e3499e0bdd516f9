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

/// The package's root folder, found from this source file's path.
public enum PackageRoot {
    /// `<root>/Sources/TestSupport/RealFixtures.swift` → `<root>`.
    public static let url = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}
