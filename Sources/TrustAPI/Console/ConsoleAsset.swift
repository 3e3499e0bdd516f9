import HTTPServer
import X509

/// One file of the console (docs/operations.md, "The console"): the page, its style sheet or its script, compiled
/// into the binary so that the daemon serves them with no file to install and nothing fetched from elsewhere (an
/// air-gapped host shows the same page).
struct ConsoleAsset: Sendable {
    /// The `Content-Type`.
    let contentType: String
    /// The bytes served.
    let body: [UInt8]
    /// A strong ETag: SHA-256 of the bytes.
    let etag: ETag

    init(contentType: String, text: String) {
        self.contentType = contentType
        body = Array(text.utf8)
        etag = ETag(strong: hexString(Digest.sha256.hash(body)))!
    }

    /// `GET /` where `server.admin` is configured: "Refresh now" and the token form.
    static let page = ConsoleAsset(contentType: "text/html; charset=utf-8", text: ConsoleText.page(refreshNow: true))

    /// `GET /` without `server.admin`: the button disabled, saying so, and no token form.
    static let pageWithoutRefreshNow = ConsoleAsset(
        contentType: "text/html; charset=utf-8", text: ConsoleText.page(refreshNow: false))

    /// `GET /console/{asset}`, by name.
    static let files: [String: ConsoleAsset] = [
        "console.css": ConsoleAsset(contentType: "text/css; charset=utf-8", text: ConsoleText.style),
        "console.js": ConsoleAsset(contentType: "text/javascript; charset=utf-8", text: ConsoleText.script),
    ]

    /// The headers of every console response: a Content-Security-Policy that allows only this server's own script,
    /// style sheet, fetches and `data:` images (no inline script or style, no framing, no base or form target), no
    /// MIME sniffing, no referrer.
    static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Resource-Policy": "same-origin",
    ]
}
