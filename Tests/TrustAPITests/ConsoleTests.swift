import Foundation
import HTTPServer
import TestSupport
import Testing
import TrustAPI
import TrustLists
import TrustListsService

/// `GET /` and its files: served from the binary, with a strict Content-Security-Policy and the other security
/// headers, no inline script or style, and values inserted only as text.
@Suite("TrustAPI: the console page")
struct ConsoleTests {
    static let policy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

    @Test(
        "the page, its style sheet and its script carry the CSP, nosniff and no-referrer, with their content types",
        arguments: [
            ("/", "text/html; charset=utf-8"), ("/console/console.css", "text/css; charset=utf-8"),
            ("/console/console.js", "text/javascript; charset=utf-8"),
        ])
    func securityHeaders(path: String, contentType: String) throws {
        let world = try APIWorld()
        let response = world.get(path)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == contentType)
        #expect(response.headers["Content-Security-Policy"] == Self.policy)
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        #expect(response.headers["Referrer-Policy"] == "no-referrer")
        #expect(response.headers["X-Frame-Options"] == "DENY")
        #expect(!response.body.isEmpty)
        // Revalidated with its ETag: 304 with the same security headers.
        let etag = try #require(response.headers["ETag"])
        let again = world.get(path, headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.headers["Content-Security-Policy"] == Self.policy)
    }

    @Test("the page loads only this server's files: no inline script or style, no outside URL")
    func pageIsSelfContained() throws {
        let world = try APIWorld()
        let page = world.get("/").bodyText
        #expect(page.contains("<script src=\"/console/console.js\" defer></script>"))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/console/console.css\">"))
        // One script element, empty, and no style element or attribute: the CSP forbids inline ones.
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(!page.contains("<style") && !page.contains("style="))
        #expect(!page.contains(try Regex("\\son[a-z]+\\s*=")), "no event handler attribute")
        for text in [page, world.get("/console/console.js").bodyText, world.get("/console/console.css").bodyText] {
            #expect(!text.contains("http://") || text.contains("http://www.w3.org/2000/svg"))
            #expect(!text.contains("https://"))
            #expect(!text.contains("@import"))
        }
    }

    @Test("the script inserts values as text: no innerHTML, outerHTML, insertAdjacentHTML, document.write or eval")
    func scriptNeverParsesHTML() throws {
        let script = try APIWorld().get("/console/console.js").bodyText
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!script.contains(sink), "\(sink)")
        }
        #expect(script.contains("textContent") && script.contains("setAttribute"))
        #expect(script.contains("sessionStorage") && !script.contains("localStorage") && !script.contains("cookie"))
    }

    @Test("without server.admin the button is disabled and says why, and there is no token form; with it, both work")
    func refreshNowControls() throws {
        let world = try APIWorld()
        let without = world.get("/").bodyText
        #expect(
            without.contains(
                #"<button id="refresh-now" type="button" disabled title="POST /v1/refresh is off until the "#
                    + #"configuration names an admin token (server.admin)">refresh disabled: configure server.admin</button>"#
            ))
        #expect(!without.contains("token-form") && !without.contains("token-input") && !without.contains("Refresh now"))
        let withAdmin = TrustAPI(
            holder: world.holder, now: { APIWorld.now },
            refreshNow: RefreshNowAccess(
                token: AdminToken(sha256: [UInt8](repeating: 7, count: 32)),
                requests: RefreshNow(minimumInterval: 10, runner: .caller { .failure(TrustListError(.cacheLocked)) })))
        let page = withAdmin.makeRouter().respond(to: HTTPRequest(method: .get, path: "/")).bodyText
        #expect(page.contains(#"<button id="refresh-now" type="button">Refresh now</button>"#))
        #expect(page.contains(#"<form id="token-form" class="token-form" hidden>"#))
        #expect(!page.contains("disabled"))
        // The two pages differ only there: the same script and style sheet, the same sections.
        for section in ["lists-section", "crls-section", "timeline-section", "entries-section", "history-section"] {
            #expect(page.contains(section) && without.contains(section))
        }
    }

    @Test("the script is the parts under Console/Resources, in one strict function scope, each kept under 400 lines")
    func scriptParts() throws {
        let script = try APIWorld().get("/console/console.js").bodyText
        #expect(script.hasPrefix("'use strict';\n(function () {\n// trustlistd console, the parts"))
        #expect(script.hasSuffix("})();\n"))
        let folder = PackageRoot.url.appendingPathComponent("Sources/TrustAPI/Console/Resources")
        for part in [
            "dom.js", "load.js", "lists.js", "crls.js", "entries.js", "timeline.js", "history.js", "refresh.js",
        ] {
            let text = try String(contentsOf: folder.appendingPathComponent(part), encoding: .utf8)
            #expect(script.contains(text), "\(part) is in the served script")
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 400, "\(part)")
        }
    }

    @Test("an unknown console file is 404 unknown_asset")
    func unknownAsset() throws {
        let response = try APIWorld().get("/console/secret.txt")
        #expect(response.status == 404)
        #expect(response.reason == "unknown_asset")
    }
}
