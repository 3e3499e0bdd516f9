import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustListsService

/// The header fields of 304s and of answers to `HEAD`, as bytes on the wire (issue 35 §4), read from a raw socket
/// with a second request pipelined behind each: what RFC 9110 §15.4.5 (304) and §9.3.2 (HEAD) ask of the fields, and
/// RFC 9112 §6.3 of the framing (both end at the blank line after their fields, whatever those say, so the next
/// response starts right there).
@Suite("TrustAPI: 304 and HEAD on the wire", .serialized)
struct WireHeaderTests {
    /// One response as sent: the status line, the fields in order, and the content.
    struct WireResponse {
        let statusLine: String
        let fields: [(name: String, value: String)]
        let content: [UInt8]

        func values(_ name: String) -> [String] {
            fields.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
        }

        func value(_ name: String) -> String? { values(name).first }

        /// The field names, lower-cased, without `Date` (it changes from one second to the next).
        var namesWithoutDate: [String] { fields.map { $0.name.lowercased() }.filter { $0 != "date" } }
    }

    /// Reads `count` responses from `socket`; a response has content only when it is neither a 304 nor the answer to
    /// a `HEAD` (`heads[i]`), and then exactly `Content-Length` bytes of it.
    static func read(_ count: Int, from socket: RawSocket, heads: [Bool]) throws -> [WireResponse] {
        var buffer: [UInt8] = []
        var responses: [WireResponse] = []
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        while responses.count < count {
            if let end = firstRange(of: separator, in: buffer) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let fields = lines.dropFirst().map { line -> (String, String) in
                    let colon = line.firstIndex(of: ":") ?? line.endIndex
                    return (
                        String(line[..<colon]),
                        String(line[colon...].dropFirst()).trimmingCharacters(in: .whitespaces)
                    )
                }
                let statusLine = lines[0]
                let bodiless = statusLine.hasPrefix("HTTP/1.1 304") || heads[responses.count]
                let length =
                    bodiless ? 0 : Int(fields.first { $0.0.lowercased() == "content-length" }?.1 ?? "0") ?? 0
                if buffer.count - end.upperBound >= length {
                    let content = Array(buffer[end.upperBound..<(end.upperBound + length)])
                    responses.append(
                        WireResponse(
                            statusLine: statusLine, fields: fields.map { (name: $0.0, value: $0.1) }, content: content))
                    buffer.removeFirst(end.upperBound + length)
                    continue
                }
            }
            let more = try socket.readSome()
            guard !more.isEmpty else { throw SocketError("recv: the server closed the connection", 0) }
            buffer.append(contentsOf: more)
        }
        #expect(buffer.isEmpty, "bytes after the last response: \(String(decoding: buffer, as: UTF8.self))")
        return responses
    }

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }

    /// Sends `requests` on one connection at once and reads their responses.
    static func exchange(
        port: Int, _ requests: [(method: String, path: String, fields: String)]
    ) throws -> [WireResponse] {
        let socket = try RawSocket.connect(port: port, receiveTimeoutSeconds: 30)
        defer { socket.close() }
        let text = requests.map { "\($0.method) \($0.path) HTTP/1.1\r\nHost: test\r\n\($0.fields)\r\n" }.joined()
        try socket.send(text)
        return try read(requests.count, from: socket, heads: requests.map { $0.method == "HEAD" })
    }

    @Test(
        "a 304 carries the 200's ETag, Cache-Control and Vary, no other metadata, no content, Content-Length 0 at most")
    func notModified() throws {
        let world = try APIWorld()
        let server = try LoopbackTests.serve(world)
        defer { server.stop(drainTimeout: .seconds(5)) }
        let port = server.ports[0]
        for (path, fields) in [
            ("/v1/snapshot", ""), ("/v1/snapshot", "Accept-Encoding: gzip\r\n"), ("/v1/lists/sim/vical", ""),
        ] {
            let full = try Self.exchange(port: port, [("GET", path, fields)])[0]
            #expect(full.statusLine == "HTTP/1.1 200 OK")
            let etag = try #require(full.value("ETag"))
            let pair = try Self.exchange(
                port: port, [("GET", path, fields + "If-None-Match: \(etag)\r\n"), ("GET", "/healthz", "")])
            let notModified = pair[0]
            #expect(notModified.statusLine == "HTTP/1.1 304 Not Modified", "\(path)")
            // RFC 9110 §15.4.5: the fields a 200 would carry that a cache needs.
            for name in ["ETag", "Cache-Control", "Vary"] {
                #expect(notModified.values(name) == full.values(name), "\(path) \(name)")
            }
            #expect(notModified.value("Date") != nil)
            // ... and no other representation metadata: the ETag is there.
            for name in ["Content-Type", "Content-Encoding", "Last-Modified", "Transfer-Encoding"] {
                #expect(notModified.value(name) == nil, "\(path) \(name)")
            }
            // libmicrohttpd 0.9.75 writes a Content-Length on every 304; it is 0, never a length of content that is
            // not sent (RFC 9110 §8.6 allows only the 200's, which clients such as wrk would wait for).
            #expect(notModified.values("Content-Length").allSatisfy { $0 == "0" }, "\(path)")
            #expect(notModified.content.isEmpty)
            // The next response starts right after the 304's blank line (RFC 9112 §6.3).
            #expect(pair[1].statusLine == "HTTP/1.1 200 OK")
            #expect(String(decoding: pair[1].content, as: UTF8.self).contains("alive"))
        }
    }

    @Test("HEAD of /v1/snapshot, /v1/lists and /healthz carries the GET's fields and Content-Length, and no content")
    func head() throws {
        let world = try APIWorld()
        let server = try LoopbackTests.serve(world)
        defer { server.stop(drainTimeout: .seconds(5)) }
        let port = server.ports[0]
        for (path, fields) in [
            ("/v1/snapshot", ""), ("/v1/snapshot", "Accept-Encoding: gzip\r\n"), ("/v1/lists/sim/rical", ""),
            ("/healthz", ""),
        ] {
            let responses = try Self.exchange(
                port: port, [("GET", path, fields), ("HEAD", path, fields), ("GET", "/healthz", "")])
            let (get, head, next) = (responses[0], responses[1], responses[2])
            #expect(get.statusLine == "HTTP/1.1 200 OK" && head.statusLine == "HTTP/1.1 200 OK", "\(path)")
            // RFC 9110 §9.3.2: the same fields as the GET, Content-Length included, values and all.
            #expect(head.namesWithoutDate == get.namesWithoutDate, "\(path)")
            for name in head.namesWithoutDate {
                #expect(head.values(name) == get.values(name), "\(path) \(name)")
            }
            #expect(head.value("Content-Length") == String(get.content.count), "\(path)")
            #expect(!get.content.isEmpty && head.content.isEmpty)
            #expect(next.statusLine == "HTTP/1.1 200 OK", "\(path): the HEAD sent content")
        }
    }
}
