import Foundation
import TestSupport
import Testing

/// Every Swift example in the README and in `docs/` compiles as written (docs/architecture.md, Testing): each ```swift
/// block becomes the `main.swift` of its own executable target in ONE package that depends on this package by path
/// and links its products `TrustLists`, `X509`, `TrustListsService` and `Presentation`, as a user's package would;
/// one `swift build` compiles them all. The package and its build folder live under `.build/doc-examples` (their own
/// scratch path, so they neither collide with the package's build nor start from nothing each run).
@Suite("Documentation examples")
struct DocumentationExampleTests {
    /// One ```swift block of a Markdown file.
    struct Example {
        let file: String
        let line: Int
        let code: String
    }

    /// The ```swift blocks of a Markdown text, with the line of each block's first code line.
    static func swiftBlocks(in text: String, file: String) -> [Example] {
        var examples: [Example] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var open = current {
                if trimmed == "```" {
                    examples.append(Example(file: file, line: open.line, code: open.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    open.lines.append(String(line))
                    current = open
                }
            } else if trimmed == "```swift" {
                current = (index + 2, [])
            }
        }
        return examples
    }

    /// The examples of README.md and docs/*.md.
    static func examples() throws -> [Example] {
        let root = PackageRoot.url
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        var examples: [Example] = []
        for relative in ["README.md"] + names.map({ "docs/\($0)" }) {
            let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
            examples += swiftBlocks(in: text, file: relative)
        }
        return examples
    }

    /// The manifest of the examples' package: one executable target per example, each linking the four products.
    static func manifest(targets: [String], dependencyPath: String) -> String {
        let identity = URL(fileURLWithPath: dependencyPath).lastPathComponent
        let products = ["TrustLists", "X509", "TrustListsService", "Presentation"]
            .map { ".product(name: \"\($0)\", package: \"\(identity)\")" }.joined(separator: ", ")
        let targetLines = targets.map { "        .executableTarget(name: \"\($0)\", dependencies: [\(products)])," }
        return """
            // swift-tools-version:6.0
            // Written by DocumentationExampleTests: the Swift examples of README.md and docs/, one target each.
            import PackageDescription

            let package = Package(
                name: "DocumentationExamples",
                dependencies: [.package(path: "\(dependencyPath)")],
                targets: [
            \(targetLines.joined(separator: "\n"))
                ]
            )

            """
    }

    /// Writes `text` unless the file already holds it, so that an unchanged example is not compiled again.
    static func write(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    @Test("the block extractor finds each swift block with its first line, and no other language's")
    func extractsSwiftBlocks() {
        let text = "# T\n\n```swift\nlet a = 1\nprint(a)\n```\n\n```json\n{}\n```\n    ```swift\nlet b = 2\n    ```\n"
        let blocks = Self.swiftBlocks(in: text, file: "x.md")
        #expect(blocks.map(\.code) == ["let a = 1\nprint(a)", "let b = 2"])
        #expect(blocks.map(\.line) == [4, 12])
    }

    @Test("every Swift example of README.md and docs/ builds as the main.swift of a package depending on this one")
    func examplesBuild() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 3, "README.md shows the queries, Presentation and TrustService examples")
        let folder = PackageRoot.url.appendingPathComponent(".build/doc-examples")
        let package = folder.appendingPathComponent("package")
        let targets = examples.indices.map { "example\($0 + 1)" }
        // Targets of examples that were removed since the last run would break the package: start the sources over.
        let sources = package.appendingPathComponent("Sources")
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for name in existing where !targets.contains(name) {
            try FileManager.default.removeItem(at: sources.appendingPathComponent(name))
        }
        for (target, example) in zip(targets, examples) {
            let header = "// \(example.file):\(example.line)\n"
            try Self.write(header + example.code + "\n", to: sources.appendingPathComponent("\(target)/main.swift"))
        }
        try Self.write(
            Self.manifest(targets: targets, dependencyPath: PackageRoot.url.path),
            to: package.appendingPathComponent("Package.swift"))

        let log = folder.appendingPathComponent("build.log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw TestSupportError("cannot create \(log.path)")
        }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "build", "--package-path", package.path, "--scratch-path",
            folder.appendingPathComponent("build").path,
            // The build plan is cached per package graph; a source file added to this package since the last run
            // would not be seen without planning again.
            "--disable-build-manifest-caching",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let places = zip(targets, examples).map { "\($0) = \($1.file):\($1.line)" }.joined(separator: ", ")
        #expect(process.terminationStatus == 0, "swift build of the examples failed (\(places)):\n\(text.suffix(6000))")
    }
}
