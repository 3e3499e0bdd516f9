import Foundation
import TestSupport
import Testing
import TrustLists

/// Messages built from Foundation's errors say what went wrong (the system error, the JSON syntax error), not
/// `NSCocoaErrorDomain error 512`.
@Suite("Foundation error texts")
struct FoundationErrorTextTests {
    @Test("a folder that cannot be made under a regular file names the system error (strerror ENOTDIR)")
    func folderUnderFile() throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("file")
        try Data([1]).write(to: file)
        let target = file.appendingPathComponent("cache")
        do {
            try AtomicFile.makeFolder(target)
            Issue.record("made a folder under a regular file")
        } catch {
            #expect(error.code == .persistError)
            #expect(error.reason.contains(String(cString: strerror(ENOTDIR))), "\(error.reason)")
            #expect(!error.reason.contains("NSCocoaErrorDomain"), "\(error.reason)")
        }
    }

    @Test("a configuration that is not JSON says where the syntax fails, by line and column, with no Foundation type")
    func configurationSyntax() throws {
        let text = Data("{\"networks\": [\n".utf8)
        // JSONSerialization refuses the same text: it is not JSON for Foundation either.
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: text) }
        do {
            _ = try Configuration(json: text, file: URL(fileURLWithPath: "/etc/trustlists.json"))
            Issue.record("accepted a truncated configuration")
        } catch {
            #expect(
                error.description
                    == "/etc/trustlists.json: networks: not valid JSON at line 2, column 1: expected a value, found "
                    + "the end of the input", "\(error.description)")
            #expect(!error.description.contains("DecodingError"), "\(error.description)")
        }
    }
}
