import HTTPServer

extension TrustAPI {
    /// `GET /`: the console page with the console's security headers: with "Refresh now" and the token form when
    /// `server.admin` is configured (``ConsoleAsset/page``), else with the button disabled and no form
    /// (``ConsoleAsset/pageWithoutRefreshNow``).
    func consolePage(_ request: HTTPRequest) -> HTTPResponse {
        serve(refreshNowAccess == nil ? ConsoleAsset.pageWithoutRefreshNow : ConsoleAsset.page, request)
    }

    /// `GET /console/{asset}`: the console's style sheet (`console.css`) or script (`console.js`); 404
    /// `unknown_asset` for another name.
    func consoleAsset(_ request: HTTPRequest) -> HTTPResponse {
        let name = request.pathParameters["asset"] ?? ""
        guard let asset = ConsoleAsset.files[name] else {
            return APIFailure(
                404, .unknownAsset, "the console has no file \"\(name)\"; it has console.css and console.js"
            )
            .response
        }
        return serve(asset, request)
    }

    /// An asset with its ETag (304 on `If-None-Match`), `Cache-Control: no-cache` (revalidated each time, so a new
    /// daemon's page is never mixed with an old script) and the security headers.
    private func serve(_ asset: ConsoleAsset, _ request: HTTPRequest) -> HTTPResponse {
        var headers = ConsoleAsset.securityHeaders
        headers["ETag"] = asset.etag.fieldValue
        headers["Cache-Control"] = "no-cache"
        if request.ifNoneMatchFails(for: asset.etag) {
            return APIResponse.notModified(headers: headers)
        }
        headers["Content-Type"] = asset.contentType
        return HTTPResponse(status: 200, headers: headers, body: asset.body)
    }
}
