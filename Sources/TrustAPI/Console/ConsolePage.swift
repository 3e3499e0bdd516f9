/// The console's text (docs/operations.md, "The console"): the files under `Console/Resources`, compiled into the
/// binary by SwiftPM (`embedInCode`, Package.swift), so that the daemon serves them with nothing installed beside it.
enum ConsoleText {
    /// The page: the skeleton the script fills from the JSON API. No inline script or style (the CSP forbids both).
    static let page = String(decoding: PackageResources.console_html, as: UTF8.self)

    /// The style sheet: states by colour (green fresh, amber overdue, red expired, dark red no trust), tables whose
    /// cells wrap so that no column leaves the screen.
    static let style = String(decoding: PackageResources.console_css, as: UTF8.self)

    /// The script: its parts, one concern each, in one function scope (`'use strict'`): `dom.js` (elements, times,
    /// badges), `load.js` (the API, the header), `lists.js`, `crls.js`, `statuslists.js`, `entries.js` (search, pages, details),
    /// `timeline.js` (SVG), `history.js`, `refresh.js` (refresh now, the start). Every value from the API is inserted
    /// as text (`textContent`, `setAttribute`), never as HTML.
    static let script =
        "'use strict';\n(function () {\n"
        + [
            PackageResources.dom_js, PackageResources.load_js, PackageResources.lists_js, PackageResources.crls_js,
            PackageResources.statuslists_js, PackageResources.entries_js, PackageResources.timeline_js, PackageResources.history_js,
            PackageResources.refresh_js,
        ].map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n") + "})();\n"

    /// What the refresh button says and does where `server.admin` is not configured.
    static let disabledRefreshButton =
        #"<button id="refresh-now" type="button" disabled title="POST /v1/refresh is off until the configuration "#
        + #"names an admin token (server.admin)">refresh disabled: configure server.admin</button>"#

    /// The page as served: with refresh now, as written; without it, the button disabled and saying why, and no token
    /// form at all (nothing would accept a token).
    /// - Parameter refreshNow: whether `server.admin` is configured.
    static func page(refreshNow: Bool) -> String {
        guard !refreshNow else { return page }
        let button = #"<button id="refresh-now" type="button">Refresh now</button>"#
        let formStart = "<!-- token form: only where server.admin is configured (ConsolePage.swift) -->"
        let formEnd = "<!-- end of token form -->\n"
        guard let start = page.range(of: formStart), let end = page.range(of: formEnd), page.contains(button) else {
            // The resource is part of this build; ConsoleTests checks both forms of the page.
            preconditionFailure("console.html lacks the refresh button or the token form's markers")
        }
        var text = page
        text.removeSubrange(start.lowerBound..<end.upperBound)
        return text.replacingOccurrences(of: button, with: disabledRefreshButton)
    }
}
