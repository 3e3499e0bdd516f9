import Foundation
import HTTPServer
import TestSupport
import Testing

@Suite("gzip and Accept-Encoding")
struct GzipTests {
    @Test(
        "gzip output decodes with Python's gzip module to the input",
        .requires(.python3),
        arguments: [0, 1, 1000, 300_000])
    func roundTripsThroughPython(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        // Half random, half repetitive, so that both stored and compressed blocks occur.
        let input = (0..<count).map { $0 % 2 == 0 ? UInt8(truncatingIfNeeded: generator.next()) : UInt8($0 % 7) }

        let compressed = Gzip.compress(input)
        let decoded = try Python.run(
            "import sys, gzip; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))", input: compressed)

        #expect(Array(compressed.prefix(3)) == [0x1F, 0x8B, 0x08])  // RFC 1952 §2.3.1: magic, CM = deflate
        #expect(decoded == input)
    }

    @Test(
        "Accept-Encoding accepts gzip unless it is absent or weighted 0 (RFC 9110 §12.5.3)",
        arguments: [
            ("gzip", true),
            ("gzip, deflate, br", true),
            ("br;q=1.0, gzip;q=0.8, *;q=0.1", true),
            ("x-gzip", true),
            ("GZIP", true),
            ("gzip ; Q=0.5", true),
            ("*", true),
            ("gzip;q=0.001", true),
            ("identity", false),
            ("", false),
            ("br, deflate", false),
            ("gzip;q=0", false),
            ("gzip;q=0.000", false),
            ("gzip;q=0, *", false),
            ("*;q=0", false),
            ("*, gzip;q=0", false),
            ("gzip;q=2", false),
            ("gzip;q=0.0001", false),
            ("gzip;q=1.5", false),
            ("gzip;q=", false),
        ])
    func acceptEncoding(field: String, accepts: Bool) {
        #expect(Gzip.isAccepted(byAcceptEncoding: field) == accepts)
    }

    @Test("no Accept-Encoding field means no gzip")
    func absentField() {
        #expect(!Gzip.isAccepted(byAcceptEncoding: nil))
    }

    @Test("gzipped(for:) codes the body only for clients that accept gzip, and always varies on Accept-Encoding")
    func gzippedResponse() {
        let response = HTTPResponse.text(200, String(repeating: "trust list ", count: 100))
        let accepting = HTTPRequest(method: .get, path: "/", headers: ["Accept-Encoding": "gzip"])
        let refusing = HTTPRequest(method: .get, path: "/", headers: ["Accept-Encoding": "gzip;q=0"])

        let coded = response.gzipped(for: accepting)
        let plain = response.gzipped(for: refusing)

        #expect(coded.headers["Content-Encoding"] == "gzip")
        #expect(coded.headers["Vary"] == "Accept-Encoding")
        #expect(coded.body.count < response.body.count)
        #expect(plain.body == response.body)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.headers["Vary"] == "Accept-Encoding")
    }

    @Test("a gzip-coded response over loopback is decoded by libcurl to the original body")
    func gzipOverTheWire() throws {
        let body = Array(String(repeating: "0123456789abcdef", count: 4096).utf8)
        var router = HTTPRouter()
        try router.add(.get, "/snapshot") { request in HTTPResponse(status: 200, body: body).gzipped(for: request) }
        let server = try startServer(router)
        defer { server.stop(drainTimeout: .zero) }

        let decoded = try LoopbackClient.get(server.url("/snapshot"), decodeGzip: true)
        let raw = try LoopbackClient.get(server.url("/snapshot"), headers: ["Accept-Encoding: gzip"])
        let identity = try LoopbackClient.get(server.url("/snapshot"))

        #expect(decoded.body == body)
        #expect(raw.header("Content-Encoding") == "gzip")
        #expect(raw.body == Gzip.compress(body))
        #expect(identity.header("Content-Encoding") == nil)
        #expect(identity.body == body)
    }
}

@Suite("ETag and If-None-Match (RFC 9110 §8.8.3, §13.1.2)")
struct ETagTests {
    @Test(
        "weak and strong comparison follow RFC 9110 §8.8.3.2's table",
        arguments: [
            ("W/\"1\"", "W/\"1\"", false, true),
            ("W/\"1\"", "W/\"2\"", false, false),
            ("W/\"1\"", "\"1\"", false, true),
            ("\"1\"", "\"1\"", true, true),
        ])
    func comparisonTable(first: String, second: String, strong: Bool, weak: Bool) throws {
        let a = try #require(ETag(fieldValue: first))
        let b = try #require(ETag(fieldValue: second))

        #expect(a.matchesStrongly(b) == strong)
        #expect(a.matchesWeakly(b) == weak)
    }

    @Test("a strong tag is quoted; a weak one gets W/; characters etagc excludes are refused")
    func quoting() {
        #expect(ETag(strong: "sha256-abc")?.fieldValue == "\"sha256-abc\"")
        #expect(ETag(weak: "v1")?.fieldValue == "W/\"v1\"")
        #expect(ETag(strong: "has\"quote") == nil)
        #expect(ETag(strong: "has space") == nil)
        #expect(ETag(fieldValue: "unquoted") == nil)
        #expect(ETag(fieldValue: "w/\"lowercase-w\"") == nil)
        #expect(ETag(fieldValue: " \"padded\" ")?.opaqueTag == "padded")
    }

    @Test(
        "If-None-Match with RFC 9110 §13.1.2's examples fails for a matching current tag, weakly compared",
        arguments: [
            ("\"xyzzy\"", false),
            ("W/\"xyzzy\"", false),
            ("\"xyzzy\", \"r2d2xxxx\", \"c3piozzzz\"", false),
            ("W/\"xyzzy\", W/\"r2d2xxxx\", W/\"c3piozzzz\"", false),
            ("*", false),
            ("\"r2d2xxxx\", \"c3piozzzz\"", true),
            ("W/\"other\"", true),
            ("\"a,b\", \"xyzzy\"", false),  // a comma is an etagc character
            (",, \"xyzzy\" ,", false),  // empty list elements are allowed (RFC 9110 §5.6.1)
            ("xyzzy", true),  // malformed: ignored, the condition holds
            ("\"xyzzy", true),
        ])
    func ifNoneMatchAgainstStrongCurrent(field: String, passes: Bool) throws {
        let current = try #require(ETag(strong: "xyzzy"))

        #expect(ETag.ifNoneMatchPasses(field, current: current) == passes)
    }

    @Test("If-None-Match: * holds only when there is no current representation; an absent field always holds")
    func starAndAbsent() throws {
        let current = try #require(ETag(weak: "xyzzy"))

        #expect(!ETag.ifNoneMatchPasses("*", current: current))
        #expect(ETag.ifNoneMatchPasses("*", current: nil))
        #expect(ETag.ifNoneMatchPasses(nil, current: current))
        #expect(!ETag.ifNoneMatchPasses("\"xyzzy\"", current: current))
    }

    @Test("a request's If-None-Match lines are read together")
    func requestHelper() throws {
        var headers: HTTPHeaders = ["If-None-Match": "\"a\""]
        headers.add("if-none-match", "\"b\"")
        let request = HTTPRequest(method: .get, path: "/", headers: headers)

        #expect(request.ifNoneMatchFails(for: try #require(ETag(strong: "b"))))
        #expect(!request.ifNoneMatchFails(for: try #require(ETag(strong: "c"))))
    }
}

@Suite("HTTP-date (RFC 9110 §5.6.7)")
struct HTTPDateTests {
    @Test("IMF-fixdate of RFC 9110 §5.6.7's example")
    func rfcExample() {
        // 1994-11-06T08:49:37Z
        #expect(HTTPDate.imfFixdate(Date(timeIntervalSince1970: 784_111_777)) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test(
        "IMF-fixdate across epochs, leap days and the ends of the four-digit range, fractions dropped",
        arguments: [
            (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (0.999, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (-0.5, "Wed, 31 Dec 1969 23:59:59 GMT"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (4_107_542_399, "Sun, 28 Feb 2100 23:59:59 GMT"),
            (4_107_542_400, "Mon, 01 Mar 2100 00:00:00 GMT"),
            (1_709_164_800, "Thu, 29 Feb 2024 00:00:00 GMT"),
            (253_402_300_799, "Fri, 31 Dec 9999 23:59:59 GMT"),
            (1e15, "Fri, 31 Dec 9999 23:59:59 GMT"),
            (-62_135_596_800, "Mon, 01 Jan 0001 00:00:00 GMT"),
        ])
    func formats(seconds: Double, expected: String) {
        #expect(HTTPDate.imfFixdate(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("IMF-fixdate agrees with Foundation's formatter for a spread of times")
    func agreesWithFoundation() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let seconds = Double(generator.next() % 8_000_000_000) - 2_000_000_000
            let date = Date(timeIntervalSince1970: seconds)
            #expect(HTTPDate.imfFixdate(date) == formatter.string(from: date))
        }
    }
}
