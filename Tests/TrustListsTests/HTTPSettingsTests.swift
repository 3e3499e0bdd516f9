import Foundation
import Publishing
import TestSupport
import Testing
import TrustLists

@testable import TrustListsService

@Suite("HTTPSettings: defaults, decoding and validation")
struct HTTPSettingsTests {
    @Test("the defaults are 10 s connect, 60 s total, 8 MiB, 5 redirects, 100 B/s for 15 s, https only")
    func defaults() throws {
        let settings = HTTPSettings()
        #expect(settings.connectTimeoutSeconds == 10)
        #expect(settings.totalTimeoutSeconds == 60)
        #expect(settings.maxBytes == 8_388_608)
        #expect(settings.maxRedirects == 5)
        #expect(settings.lowSpeedLimitBytesPerSecond == 100)
        #expect(settings.lowSpeedTimeSeconds == 15)
        #expect(settings.allowInsecureURLs == false)
        #expect(settings.caFile == nil)
        try settings.validate()
    }

    @Test("decoding an empty object gives the defaults")
    func decodesEmptyObject() throws {
        let decoded = try JSONDecoder().decode(HTTPSettings.self, from: Data("{}".utf8))
        #expect(decoded == HTTPSettings())
    }

    @Test("decoding the configuration's http object keeps given keys and defaults the others")
    func decodesPartialObject() throws {
        let json = #"{"connectTimeoutSeconds": 3, "totalTimeoutSeconds": 30.5, "maxBytes": 1024, "caFile": "/x.pem"}"#

        let decoded = try JSONDecoder().decode(HTTPSettings.self, from: Data(json.utf8))

        #expect(
            decoded
                == HTTPSettings(connectTimeoutSeconds: 3, totalTimeoutSeconds: 30.5, maxBytes: 1024, caFile: "/x.pem"))
    }

    @Test("settings survive an encode/decode round trip")
    func roundTrip() throws {
        let settings = HTTPSettings(
            connectTimeoutSeconds: 1.5, totalTimeoutSeconds: 9, maxBytes: 77, maxRedirects: 0,
            lowSpeedLimitBytesPerSecond: 0, lowSpeedTimeSeconds: 4, allowInsecureURLs: true, caFile: "/ca.pem")

        let decoded = try JSONDecoder().decode(HTTPSettings.self, from: JSONEncoder().encode(settings))

        #expect(decoded == settings)
    }

    @Test(
        "out-of-range settings are rejected, naming the setting",
        arguments: [
            (HTTPSettings(connectTimeoutSeconds: 0), "connectTimeoutSeconds"),
            (HTTPSettings(connectTimeoutSeconds: .nan), "connectTimeoutSeconds"),
            (HTTPSettings(totalTimeoutSeconds: -1), "totalTimeoutSeconds"),
            (HTTPSettings(totalTimeoutSeconds: .infinity), "totalTimeoutSeconds"),
            (HTTPSettings(maxBytes: 0), "maxBytes"),
            (HTTPSettings(maxRedirects: -1), "maxRedirects"),
            (HTTPSettings(lowSpeedLimitBytesPerSecond: -5), "lowSpeedLimitBytesPerSecond"),
            (HTTPSettings(lowSpeedLimitBytesPerSecond: 10, lowSpeedTimeSeconds: 0), "lowSpeedTimeSeconds"),
        ])
    func rejectsOutOfRange(settings: HTTPSettings, name: String) {
        #expect(throws: TrustListError(.networkError)) { try settings.validate() }
        do {
            try settings.validate()
        } catch {
            #expect(error.reason.contains(name), "\(error)")
        }
    }

    @Test("a zero low-speed limit needs no window")
    func lowSpeedOffNeedsNoWindow() throws {
        try HTTPSettings(lowSpeedLimitBytesPerSecond: 0, lowSpeedTimeSeconds: 0).validate()
    }

    @Test("a fetch with invalid settings fails before any I/O")
    func fetchChecksSettings() {
        let fetcher = CurlFetcher(settings: HTTPSettings(maxBytes: -1, allowInsecureURLs: true))
        let error = expectFetchError(.networkError) { () throws(TrustListError) in
            // A file that exists: only the settings can make this fail.
            try fetcher.fetch(FetchRequest(url: URL(fileURLWithPath: #filePath).absoluteString))
        }
        #expect(error?.reason.contains("maxBytes") == true, "\(String(describing: error))")
    }
}
