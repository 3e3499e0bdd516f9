import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

#if canImport(Glibc)
    import Glibc
#endif

extension Prerequisite {
    /// Debian's `chromium`, headless, for the console's browser tests.
    static let chromium = Prerequisite("chromium", hint: "looked on PATH; apt-get install chromium") {
        TestTools.executable(named: "chromium") != nil
    }
}

/// Headless Chromium against the console of a running `trustlistd`: `--dump-dom` after the scripts ran, and the
/// DevTools protocol over a pipe (`Tests/Support/cdp_pipe.py`) to press "refresh now".
enum HeadlessChromium {
    /// The flags of every run: as root in a container Chromium needs `--no-sandbox`.
    static let flags = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions"]

    /// The DOM of `url` after its scripts ran (virtual time: timers and fetches finish before the dump).
    static func dumpDOM(_ url: String, userDataDirectory: URL) throws -> String {
        let chromium = try #require(TestTools.executable(named: "chromium"))
        let process = Process()
        process.executableURL = chromium
        process.arguments =
            flags + [
                "--user-data-dir=\(userDataDirectory.path)", "--virtual-time-budget=10000", "--dump-dom", url,
            ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `steps` (see cdp_pipe.py) in one tab opened at `url`; returns the value of each `eval` step.
    static func drive(_ url: String, steps: [[String: Any]], userDataDirectory: URL) throws -> [Any] {
        let chromium = try #require(TestTools.executable(named: "chromium"))
        let python = try #require(TestTools.python3)
        let process = Process()
        process.executableURL = python
        process.arguments = [
            TestTools.scriptsDirectory.appendingPathComponent("cdp_pipe.py").path, chromium.path,
            userDataDirectory.path, url,
        ]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: steps))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = object["results"] as? [Any]
        else { throw TestSupportError("cdp_pipe.py failed (\(process.terminationStatus)): \(problem)") }
        return results
    }
}

/// The console (`GET /`) rendered by headless Chromium from a running `trustlistd` over the simulator network:
/// every list with its provider and state, the entries and the search, the timeline, the history, an entry whose
/// name is HTML shown as text, and "refresh now" moving the generation only with the admin token.
@Suite("trustlistd console in a browser", .serialized, .requires(.trustlistd, .python3, .chromium))
final class ConsoleBrowserTests {
    static let token = "browser-test-token-93ad"
    static let hostileName = "<img src=x onerror=alert(1)>"

    let network: ServedNetwork
    let daemon: DaemonProcess
    let base: String

    /// The network with a hostile `issuingAuthority` on the first IACA, refresh now on, the daemon after its first
    /// refresh.
    init() throws {
        network = try ServedNetwork(
            extraTop:
                "\"checkIntervalSeconds\": 1, \"server\": { \"listen\": [\"127.0.0.1:0\"], \"threads\": 4, "
                + "\"admin\": { \"tokenFile\": \"admin.token\", \"minIntervalSeconds\": 0 } }")
        let tokenFile = network.configuration.file.deletingLastPathComponent().appendingPathComponent("admin.token")
        try Data((Self.token + "\n").utf8).write(to: tokenFile)
        chmod(tokenFile.path, 0o600)
        var content = network.sim.vicalContent(issueID: 1, date: Date() - 60)
        content.entries[0].issuingAuthority = Self.hostileName
        try network.served.write(try network.sim.signed(content), to: "vical")
        daemon = try network.startDaemon()
        base = "http://127.0.0.1:\(try HTTPDaemon.port(of: daemon))"
        try daemon.waitFor("the first refresh") { $0.message == "refresh finished" }
    }

    deinit { daemon.kill() }

    /// The row of list `id` in the lists table.
    func listRow(_ dom: String, _ id: String) -> Substring? {
        guard let start = dom.range(of: "<tr class=\"list\" data-list=\"\(id)\">") else { return nil }
        let rest = dom[start.lowerBound...]
        return rest[..<(rest.range(of: "</tr>")?.upperBound ?? rest.endIndex)]
    }

    func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test(
        "the page shows every list's provider and state, the entries, the timeline with one mark per list, the history")
    func rendersEverything() throws {
        let profile = try TemporaryDirectory()
        let dom = try HeadlessChromium.dumpDOM(base + "/", userDataDirectory: profile.url)
        #expect(dom.contains("data-console=\"ready\""), "the script ran: \(dom.prefix(400))")
        for id in ["sim/vical", "sim/rical"] {
            let row = try #require(listRow(dom, id), "a row for \(id)")
            #expect(row.contains("<td class=\"provider\">Sim</td>"), "\(row)")
            #expect(row.contains("<span class=\"badge state-fresh\">fresh</span>"), "\(row)")
        }
        // Entries: the three IACAs and the reader CA of the simulator.
        #expect(count("<tr class=\"entry", in: dom) == 4)
        for name in ["CN=Sim IACA Utopia", "CN=Sim IACA Arcadia", "CN=Sim IACA Eldorado", "CN=Sim Reader CA"] {
            #expect(dom.contains(name), "\(name)")
        }
        // The timeline: an SVG with one group per list, and "now".
        #expect(dom.contains("<svg viewBox="))
        #expect(count("<g class=\"tl-list\"", in: dom) == 2)
        #expect(dom.contains("<g class=\"tl-list\" data-list=\"sim/vical\">"))
        #expect(dom.contains("<g class=\"tl-list\" data-list=\"sim/rical\">"))
        #expect(dom.contains("class=\"tl-now\""))
        // The history: the daemon's first refresh.
        #expect(dom.contains("<div class=\"event\" data-trigger=\"start\">"))
        // The hostile name is text: escaped in the serialized DOM, and no img element exists.
        #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!dom.contains("<img"))
    }

    @Test("the search (from the URL fragment) keeps only the matching entry")
    func search() throws {
        let profile = try TemporaryDirectory()
        let dom = try HeadlessChromium.dumpDOM(base + "/#q=eldorado", userDataDirectory: profile.url)
        #expect(dom.contains("data-console=\"ready\""))
        #expect(count("<tr class=\"entry", in: dom) == 1)
        #expect(dom.contains("<td class=\"subject\">CN=Sim IACA Eldorado"))
        #expect(dom.contains("1 of 4 entries"))
    }

    /// The generation `/v1/status` reports.
    func generation() throws -> Int {
        let status = try LoopbackClient.get(base + "/v1/status")
        let object = try JSONSerialization.jsonObject(with: Data(status.body)) as? [String: Any]
        return try #require((object?["snapshot"] as? [String: Any])?["generation"] as? Int)
    }

    @Test("refresh now with a wrong token changes nothing; with the token the new VICAL's generation shows")
    func refreshNow() throws {
        let before = try generation()
        // A new VICAL issue is waiting; the schedule would fetch it only hours from now.
        try network.publish(vicalIssue: 2, date: Date() - 10)
        let profile = try TemporaryDirectory()
        func text(_ id: String) -> String { "document.getElementById('\(id)').textContent" }
        let results = try HeadlessChromium.drive(
            base + "/",
            steps: [
                ["wait": "document.body.getAttribute('data-console') === 'ready'"],
                ["eval": text("generation")],
                // No token yet: the page asks for one instead of posting.
                [
                    "eval":
                        "document.getElementById('refresh-now').click(); !document.getElementById('token-form').hidden"
                ],
                [
                    "eval":
                        "document.getElementById('token-input').value = 'not-the-token'; "
                        + "document.getElementById('token-form').requestSubmit(); true"
                ],
                ["wait": "\(text("refresh-result")).indexOf('admin_token_invalid') >= 0"],
                ["eval": "sessionStorage.getItem('trustlistd.adminToken')"],
                ["eval": text("generation")],
                [
                    "eval":
                        "document.getElementById('token-input').value = '\(Self.token)'; "
                        + "document.getElementById('token-form').requestSubmit(); true"
                ],
                ["wait": "\(text("refresh-result")).indexOf('Refreshed') >= 0"],
                ["wait": "\(text("generation")) !== '\(before)'"],
                ["eval": text("generation")],
                ["eval": "sessionStorage.getItem('trustlistd.adminToken')"],
                ["eval": "window.location.href"],
            ], userDataDirectory: profile.url)
        // The values of the eval steps, in order: 0 generation, 1 form shown, 2 submitted, 3 token kept, 4 generation,
        // 5 submitted, 6 generation, 7 token kept, 8 address.
        try #require(results.count == 9, "\(results)")
        #expect(results[0] as? String == String(before))
        #expect(results[1] as? Bool == true, "the token form is shown")
        #expect(results[3] is NSNull, "a refused token is not kept")
        #expect(results[4] as? String == String(before), "a wrong token refreshed nothing")
        #expect(results[6] as? String == String(before + 1))
        #expect(results[7] as? String == Self.token, "kept in sessionStorage")
        #expect((results[8] as? String)?.contains(Self.token) == false, "never in the URL")
        #expect(try generation() == before + 1)
        let refreshes = daemon.logLines.filter { $0.message == "refresh started" }
        #expect(refreshes.map { $0["trigger"] } == ["start", "refresh_now"], "\(daemon.log)")
    }

    @Test(
        "a status with CRLs and another list kind, and a snapshot with another table of entries, are shown as they come"
    )
    func showsOtherKindsGenerically() throws {
        // The console's files as this daemon serves them, beside made-up API answers, on a plain file server.
        let folder = try TemporaryDirectory()
        for sub in ["console", "v1"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for (path, name) in [
            ("/", "page"), ("/console/console.js", "console/console.js"),
            ("/console/console.css", "console/console.css"),
        ] {
            try folder.write(try LoopbackClient.get(base + path).body, to: name)
        }
        let now = Date()
        func time(_ offset: TimeInterval) -> String { Timestamp.text(now + offset) }
        let status: [String: Any] = [
            "time": time(0), "status": "OK", "events": [] as [String],
            "snapshot": ["generation": 7, "builtAt": time(-60)],
            "lists": [
                [
                    "id": "eu/lote", "state": "fresh", "provider": "EU PID providers", "issueID": 12,
                    "date": time(-3600), "nextUpdate": time(86400), "entries": 1, "source": "network",
                ] as [String: Any]
            ],
            "crls": [
                [
                    "id": "sim/iaca-utopia", "url": "http://crl.test/utopia.crl", "state": "overdue",
                    "crlNumber": 7, "thisUpdate": time(-7200), "nextUpdate": time(-60), "revoked": 2,
                    "lastError": ["reason": "http_status", "message": "404 from crl.test"],
                ] as [String: Any]
            ],
        ]
        let snapshot: [String: Any] = [
            "generation": 7, "builtAt": time(-60), "sources": [] as [String],
            "entities": [
                "fields": ["subject", "name", "notBefore", "notAfter", "sha256", "source"],
                "rows": [
                    [
                        "CN=Example PID Provider", "Example PID Provider", time(-86400), time(40 * 86400), "ab",
                        "eu/lote",
                    ]
                ],
            ],
        ]
        try folder.write(Array(try JSONSerialization.data(withJSONObject: status)), to: "v1/status")
        try folder.write(Array(try JSONSerialization.data(withJSONObject: snapshot)), to: "v1/snapshot")
        try folder.write(Array("{\"events\": []}".utf8), to: "v1/events")
        let server = try ListServer(root: folder.url)
        defer { server.stop() }
        try server.setRules([
            "/page": ["content_type": "text/html; charset=utf-8"],
            "/console/console.js": ["content_type": "text/javascript"],
            "/console/console.css": ["content_type": "text/css"],
        ])
        let profile = try TemporaryDirectory()
        let dom = try HeadlessChromium.dumpDOM(server.url("/page"), userDataDirectory: profile.url)
        #expect(dom.contains("data-console=\"ready\""), "\(dom.prefix(600))")
        let row = try #require(listRow(dom, "eu/lote"))
        #expect(row.contains("<td>LOTE</td>") && row.contains("<td class=\"provider\">EU PID providers</td>"), "\(row)")
        #expect(dom.contains("<section id=\"crls-section\">"), "the CRL section is shown")
        #expect(dom.contains("http://crl.test/utopia.crl"))
        #expect(dom.contains("<span class=\"badge state-overdue\">overdue</span>"))
        #expect(dom.contains("<span class=\"reason\">http_status</span>"))
        #expect(count("<g class=\"tl-crl\">", in: dom) == 1)
        #expect(count("<g class=\"tl-list\"", in: dom) == 1)
        #expect(dom.contains("<td>entities</td>") && dom.contains("<td class=\"subject\">CN=Example PID Provider</td>"))
        #expect(dom.contains("Certificates ≤ 90 d (1)"), "the entity ending in 40 days is on the timeline")
    }
}
