import Foundation
import TestSupport
import Testing
import TrustLists

/// The fixture most fetch tests serve: its bytes, and the validators the loopback server gives it.
enum HelloFixture {
    /// The file's content.
    static let bytes = Array("hello trust list\n".utf8)
    /// The server's default ETag: the first 16 hex digits of the content's SHA-256 in quotes. The digest
    /// 779a112bd680931ef0f04e750d76a81d1683ea50f5a3ce2eb9d6bf4ff5dcc5a1 was computed with `sha256sum`.
    static let etag = "\"779a112bd680931e\""
    /// The modification time the tests give the file: 2024-01-02T03:04:05Z.
    static let modified = Date(timeIntervalSince1970: 1_704_164_645)
    /// That time as the server's `Last-Modified` (RFC 9110 IMF-fixdate).
    static let lastModified = "Tue, 02 Jan 2024 03:04:05 GMT"

    /// Writes the fixture as `name` into `directory`.
    @discardableResult
    static func write(into directory: TemporaryDirectory, as name: String = "data.bin") throws -> URL {
        try directory.write(bytes, to: name, modified: modified)
    }
}

/// A short description of a fetch result for failure messages (not the whole body).
func summary(_ result: FetchResult) -> String {
    switch result {
    case .notModified:
        return "notModified"
    case .fetched(let body, let etag, let lastModified, let effectiveURL):
        return "fetched(\(body.count) bytes, etag: \(etag ?? "nil"), lastModified: \(lastModified ?? "nil"), "
            + "effectiveURL: \(effectiveURL))"
    }
}

/// Runs `body`, expecting it to throw a ``TrustListError`` with `code`.
/// - Returns: the error when it has that code (for checks of its message), else nil after recording an issue.
@discardableResult
func expectFetchError(
    _ code: TrustListError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(TrustListError) -> FetchResult
) -> TrustListError? {
    do {
        let result = try body()
        Issue.record("expected \(code), got \(summary(result))", sourceLocation: sourceLocation)
        return nil
    } catch {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error.code == code ? error : nil
    }
}
