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
        #expect(dom.contains("<td class=\"subject\" title=\"CN=Sim IACA Eldorado"))
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

    /// `[scrollWidth, innerWidth]` of the page at each width the console must fit without a horizontal scroll.
    static let widths = [1024, 1280, 1400]
    static func widthSteps() -> [[String: Any]] {
        widths.flatMap { width -> [[String: Any]] in
            [
                ["viewport": [width, 800]],
                ["eval": "[document.documentElement.scrollWidth, window.innerWidth]"],
            ]
        }
    }

    /// Checks the `[scrollWidth, innerWidth]` pairs of ``widthSteps()``.
    func expectNoHorizontalScroll(_ pairs: [Any]) {
        #expect(pairs.count == Self.widths.count)
        for (width, pair) in zip(Self.widths, pairs) {
            let values = (pair as? [Any])?.compactMap { ($0 as? NSNumber)?.intValue } ?? []
            #expect(values.count == 2 && values[1] == width, "\(pair)")
            #expect(values.count == 2 && values[0] <= values[1], "at \(width) px the page scrolls sideways: \(pair)")
        }
    }

    @Test("the live console fits 1024, 1280 and 1400 px wide: no horizontal scroll")
    func fitsTheScreen() throws {
        let profile = try TemporaryDirectory()
        let results = try HeadlessChromium.drive(
            base + "/", steps: [["wait": "document.body.getAttribute('data-console') === 'ready'"]] + Self.widthSteps(),
            userDataDirectory: profile.url)
        expectNoHorizontalScroll(results)
    }

    @Test(
        "CRLs get the Lists table's headers; status lists a row each; long values wrap or elide; just now; a withdrawn service; short and missing windows"
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
        let longURL = "http://crl.test/" + String(repeating: "segment-without-any-break", count: 12) + ".crl"
        let longSubject = "CN=" + String(repeating: "Unbroken", count: 40) + ",O=Sim,C=US"
        let hash = String(repeating: "0123456789abcdef", count: 4)
        let statusListURI = "https://issuer.test/statuslists/" + String(repeating: "list-without-a-break", count: 10)
        let status: [String: Any] = [
            "time": time(0), "status": "OK", "events": [] as [String],
            "snapshot": ["generation": 7, "builtAt": time(-60)],
            "lists": [
                [
                    "id": "eu/lote", "kind": "lote", "state": "fresh", "provider": "EU PID providers", "issueID": 12,
                    "date": time(-3600), "nextUpdate": time(86400), "entries": 1, "source": "network",
                    "url": longURL, "lastSuccess": time(0), "lastAttempt": time(-7200),
                ] as [String: Any],
                [
                    "id": "eu/short", "kind": "lote", "state": "fresh", "provider": "Short window",
                    "date": time(-300), "nextUpdate": time(300), "entries": 1, "source": "network",
                ] as [String: Any],
            ],
            "crls": [
                [
                    "network": "sim", "issuer": longSubject, "issuerSHA256": hash, "urls": [longURL], "mode": "warn",
                    "state": "stale", "stateReason": "past nextUpdate, within revocation.graceSeconds",
                    "crlNumber": "7", "thisUpdate": time(-7200), "nextUpdate": time(-60), "revoked": 2,
                    "sha256": hash, "source": "network", "lastAttempt": time(-30), "lastSuccess": time(-7200),
                    "lastError": ["reason": "http_status", "message": "404 from crl.test", "count": 3] as [String: Any],
                ] as [String: Any],
                [
                    "network": "sim", "issuer": "CN=Sim Reader CA,O=Sim,C=US", "issuerSHA256": String(hash.reversed()),
                    "urls": [] as [String], "mode": "require", "state": "missing", "stateReason": "not fetched yet",
                    "crlNumber": NSNull(), "thisUpdate": NSNull(), "nextUpdate": NSNull(), "revoked": NSNull(),
                    "sha256": NSNull(), "source": NSNull(), "lastAttempt": NSNull(), "lastSuccess": NSNull(),
                    "lastError": NSNull(),
                ] as [String: Any],
            ],
            // The rows of /v1/status' statusLists (WireStatusListRow): one kept list, one prefetched and not verified.
            "statusLists": [
                [
                    "uri": statusListURI, "issuer": "CN=Sim Status List Signer,O=Sim,C=US", "format": "cwt",
                    "bits": 2, "count": 16, "iat": time(-60), "exp": time(86400), "fetchedAt": time(-30),
                    "state": "fresh", "lastError": NSNull(),
                ] as [String: Any],
                [
                    "uri": "https://issuer.test/statuslists/2", "issuer": NSNull(), "format": NSNull(),
                    "bits": NSNull(), "count": NSNull(), "iat": NSNull(), "exp": NSNull(), "fetchedAt": NSNull(),
                    "state": "missing",
                    "lastError": ["reason": "status_list_signer_mismatch", "message": "not under the IACA"],
                ] as [String: Any],
            ],
        ]
        let serviceFields = [
            "entity", "name", "type", "status", "statusStartingTime", "listed", "certificates", "keyThumbprints",
            "skis", "source",
        ]
        let snapshot: [String: Any] = [
            "generation": 7, "builtAt": time(-60), "sources": [] as [String],
            "issuers": [
                "fields": ["subject", "notBefore", "notAfter", "sha256", "source"],
                "rows": [[longSubject, time(-86400), time(400 * 86400), hash, "eu/lote"]],
            ],
            "entities": [
                "fields": ["subject", "name", "notBefore", "notAfter", "sha256", "source"],
                "rows": [
                    [
                        "CN=Example PID Provider", "Example PID Provider", time(-86400), time(40 * 86400), "ab",
                        "eu/lote",
                    ]
                ],
            ],
            "services": [
                "fields": serviceFields,
                "rows": [
                    [
                        "Gone Provider", "Gone PID issuance", "http://uri.etsi.org/19602/SvcType/PID/Issuance",
                        "http://uri.etsi.org/19602/ServiceStatus/withdrawn", time(-86400), false, [hash],
                        [] as [String], [] as [String], "eu/lote",
                    ] as [Any],
                    [
                        "Live Provider", "Live PID issuance", "http://uri.etsi.org/19602/SvcType/PID/Issuance",
                        NSNull(), NSNull(), true, [String(hash.reversed())], [] as [String], [] as [String], "eu/lote",
                    ] as [Any],
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
        let results = try HeadlessChromium.drive(
            server.url("/page"),
            steps: [
                ["wait": "document.body.getAttribute('data-console') === 'ready'"],
                ["eval": "document.documentElement.outerHTML"],
                [
                    "eval":
                        "Array.from(document.querySelectorAll('#crls th')).map(function (th) { return th.textContent; })"
                ],
                [
                    "eval":
                        "Number(document.querySelector('g.tl-list[data-list=\"eu/short\"] rect').getAttribute('width'))"
                ],
                [
                    "eval":
                        "Array.from(document.querySelectorAll('#status-lists th')).map(function (th) { return th.textContent; })"
                ],
            ] + Self.widthSteps(), userDataDirectory: profile.url)
        try #require(results.count == 4 + Self.widths.count, "\(results)")
        let dom = try #require(results[0] as? String)
        #expect(dom.contains("data-console=\"ready\""), "\(dom.prefix(600))")
        let row = try #require(listRow(dom, "eu/lote"))
        #expect(
            row.contains("<td>LoTE lote</td>") && row.contains("<td class=\"provider\">EU PID providers</td>"), "\(row)"
        )
        // Just after a refresh, not "in 0 s"; two hours back in hours.
        #expect(row.contains("<span class=\"meta\">just now</span>"), "\(row)")
        #expect(row.contains("<span class=\"meta\">2 h ago</span>"), "\(row)")
        #expect(!dom.contains("in 0 s"))

        // The CRL table: the Lists table's words, never a raw JSON key.
        #expect(
            results[1] as? [String]
                == [
                    "Issuer", "State", "CRL number", "This update", "Next update", "Revoked", "Last success",
                    "Last error",
                ])
        #expect(dom.contains("<section id=\"crls-section\">"), "the CRL section is shown")
        for key in ["issuerSHA256", "crlNumber", "thisUpdate", "lastError", "stateReason"] {
            #expect(!dom.contains("<th>\(key)</th>"), "\(key)")
        }
        #expect(dom.contains(longURL) && dom.contains("title=\"\(longURL)\""), "a URL wraps, the whole of it on hover")
        #expect(dom.contains("<span class=\"mono\" title=\"\(hash)\">\(hash.prefix(16))…</span>"), "a hash is elided")
        #expect(dom.contains("<span class=\"badge state-stale\">stale</span>"))
        #expect(dom.contains("past nextUpdate, within revocation.graceSeconds"))
        #expect(dom.contains("<span class=\"badge state-missing\">missing</span>") && dom.contains("not fetched yet"))
        #expect(dom.contains("<span class=\"reason\">http_status</span>"))

        // The timeline: a CRL row each; the missing one says so; a ten-minute window is still visible.
        #expect(count("<g class=\"tl-crl\"", in: dom) == 2)
        #expect(count("<g class=\"tl-list\"", in: dom) == 2)
        #expect(dom.contains("no verified CRL (missing)"))
        #expect((results[2] as? NSNumber)?.doubleValue ?? 0 >= 8, "\(results[2])")

        // Entries: a withdrawn LoTE service is marked so (with since when), the listed one is not.
        #expect(dom.contains("<span class=\"badge status-withdrawn\">withdrawn</span>"))
        #expect(count("badge status-", in: dom) == 1)
        #expect(dom.contains("<td class=\"subject\" title=\"Gone Provider\">Gone Provider</td>"))
        #expect(dom.contains("<td>entities</td>") && dom.contains("CN=Example PID Provider"))
        #expect(dom.contains("Certificates ≤ 90 d (1)"), "the entity ending in 40 days is on the timeline")

        // The status lists: the section shown, a table with the words of /v1/status' rows, a row per URI.
        #expect(
            results[3] as? [String] == ["URI", "Issuer", "Bits", "Count", "Issued", "Expires", "State", "Last error"],
            "\(results[3])")
        #expect(dom.contains("<section id=\"status-lists-section\">"), "the status list section is shown")
        #expect(count("<tr class=\"status-list\"", in: dom) == 2)
        let kept = try #require(
            dom.range(of: "<tr class=\"status-list\" data-uri=\"\(statusListURI)\">").map {
                String(dom[$0.lowerBound...].prefix { $0 != "\n" }.split(separator: "</tr>")[0])
            }, "\(dom)")
        #expect(kept.contains("Sim Status List Signer") && kept.contains("<td class=\"num\">2</td>"), "\(kept)")
        #expect(kept.contains("<td class=\"num\">16</td>"), "\(kept)")
        #expect(kept.contains("<span class=\"badge state-fresh\">fresh</span>"), "\(kept)")
        #expect(dom.contains("<span class=\"badge state-missing\">missing</span>"))
        #expect(dom.contains("<span class=\"reason\">status_list_signer_mismatch</span>"))

        // Long subjects and URLs wrap: no width scrolls sideways.
        expectNoHorizontalScroll(Array(results[4...]))
    }
}
