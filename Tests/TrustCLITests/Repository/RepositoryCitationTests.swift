import Foundation
import TestSupport
import Testing

/// The repository explains itself (docs/architecture.md, Testing): nothing under `Sources`, `Tests` or `Fuzz` cites the
/// old design brief that lived outside the repository, no comment or test name points into the folder beside the
/// package, and every section of `docs/architecture.md` a file cites exists.
@Suite("Repository citations")
struct RepositoryCitationTests {
    /// The brief's file name, spelled in two parts so that this file does not name it.
    static let brief = "DESIGN" + ".md"
    /// The folder beside the package, spelled in two parts for the same reason.
    static let outside = "../" + "shared"
    static let document = "docs/architecture.md"

    /// One line of a source file.
    struct Line: CustomStringConvertible {
        let file: String
        let number: Int
        let text: String
        var description: String { "\(file):\(number): \(text.trimmingCharacters(in: .whitespaces))" }
    }

    /// Every line of every file under Sources, Tests and Fuzz.
    static func sourceLines() throws -> [Line] {
        var lines: [Line] = []
        for folder in ["Sources", "Tests", "Fuzz"] {
            let base = PackageRoot.url.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where !url.hasDirectoryPath {
                guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) else {
                    continue
                }
                let relative = String(url.path.dropFirst(PackageRoot.url.path.count + 1))
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    lines.append(Line(file: relative, number: index + 1, text: String(line)))
                }
            }
        }
        return lines
    }

    /// The section titles (`## …`) of the architecture document.
    static func sections() throws -> [String] {
        let text = try String(
            contentsOf: PackageRoot.url.appendingPathComponent(document), encoding: .utf8)
        return text.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// The comment of a line (after `//`), or the name in a `@Test(` / `@Suite(` line; nil for other code.
    static func prose(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("@Test(") || trimmed.hasPrefix("@Suite(") { return trimmed }
        guard let range = line.range(of: "//") else { return nil }
        return String(line[range.upperBound...])
    }

    /// The sections cited on a line (the document's path, a comma and a title, quoted or not) that are not titles of
    /// the document. A citation that a line break cuts short counts when it begins a title.
    static func unknownCitations(in line: String, sections: [String]) -> [String] {
        var unknown: [String] = []
        var rest = Substring(line)
        while let range = rest.range(of: document + ", ") {
            rest = rest[range.upperBound...]
            var cited = rest.prefix { !")];:".contains($0) }.trimmingCharacters(in: .whitespaces)
            cited = cited.trimmingCharacters(in: CharacterSet(charactersIn: "\"'`.,"))
            guard !cited.isEmpty else { continue }
            let known = sections.contains { title in
                title.caseInsensitiveCompare(cited) == .orderedSame || title.hasPrefix(cited)
                    || cited.hasPrefix(title + " ") || cited.hasPrefix(title + ",")
            }
            if !known { unknown.append(cited) }
        }
        return unknown
    }

    @Test("no file under Sources, Tests or Fuzz names the brief that lived outside the repository")
    func noBriefCitation() throws {
        let offending = try Self.sourceLines().filter { $0.text.contains(Self.brief) }
        #expect(offending.isEmpty, "\(offending.map(\.description).joined(separator: "\n"))")
    }

    @Test("no comment or test name under Sources, Tests or Fuzz points into the folder beside the package")
    func noOutsideCitation() throws {
        let offending = try Self.sourceLines().filter { Self.prose($0.text)?.contains(Self.outside) ?? false }
        #expect(offending.isEmpty, "\(offending.map(\.description).joined(separator: "\n"))")
    }

    @Test("every section of docs/architecture.md that a file cites exists")
    func citedSectionsExist() throws {
        let sections = try Self.sections()
        #expect(sections.count >= 10, "\(sections)")
        var offending: [String] = []
        for line in try Self.sourceLines() where line.text.contains(Self.document + ", ") {
            for cited in Self.unknownCitations(in: line.text, sections: sections) {
                offending.append("\(line) (no section \"\(cited)\")")
            }
        }
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }

    @Test("the check finds a citation of a section that does not exist, and accepts one cut by a line break")
    func checkerFindsUnknownSections() {
        let sections = ["The pipeline", "The store and the cache"]
        #expect(
            Self.unknownCitations(in: "/// (\(Self.document), The pipeline: step 2)", sections: sections).isEmpty)
        #expect(
            Self.unknownCitations(in: "/// (\(Self.document), \"The pipeline\").", sections: sections).isEmpty)
        #expect(Self.unknownCitations(in: "/// see \(Self.document), The store and the", sections: sections).isEmpty)
        #expect(
            Self.unknownCitations(in: "/// (\(Self.document), Persistence)", sections: sections) == ["Persistence"])
        #expect(Self.prose("let x = 1 // see \(Self.outside)/x") == " see \(Self.outside)/x")
        #expect(Self.prose("let path = \"x\"") == nil)
    }
}
