import Foundation
import JOSE
import X509

/// The service's configuration: one JSON file (docs/architecture.md, Configuration). Relative paths in it resolve
/// against the file's folder. Unknown keys are errors, so a misspelt setting never silently falls back to a default.
public struct Configuration: Sendable {
    /// Where the configuration is read from when nothing else says: `config/trustlists.json`.
    public static let defaultPath = "config/trustlists.json"
    /// The environment variable that names the configuration file when `--config` is not given.
    public static let environmentVariable = "TRUSTLISTS_CONFIG"

    /// The file this was read from.
    public var file: URL
    /// The cache directory (docs/architecture.md, The store and the cache); default `../cache` beside the file's
    /// folder.
    public var cacheDirectory: URL
    /// How often the daemon wakes up, in seconds (default 900).
    public var checkIntervalSeconds: Double
    /// How long after its last success a fresh list is fetched again, in seconds (default 21600).
    public var refreshIntervalSeconds: Double
    /// The daemon's first retry after a failed refresh comes at most this many seconds later (default 30); each
    /// further failure doubles the bound, up to ``backoffCapSeconds`` (exponential backoff with full jitter).
    public var backoffBaseSeconds: Double
    /// The largest retry delay after failures, in seconds (default 3600, at least ``backoffBaseSeconds``).
    public var backoffCapSeconds: Double
    /// How far a list's `date` may lie in the future, in seconds (default 180).
    public var clockSkewSeconds: Double
    /// Download settings; `allowInsecureURLs` is the top-level key of the file.
    public var http: HTTPSettings
    /// The trust networks, in file order.
    public var networks: [NetworkConfiguration]
    /// How presentation requests (OpenID4VP, ISO/IEC 18013-5 DeviceRequests) are judged (`presentation`).
    public var presentation: PresentationSettings
    /// The HTTP API of `trustlistd` (`server`); nil when absent (the daemon then serves only on sockets systemd
    /// passes it).
    public var server: ServerSettings?
    /// How `trustlistd` writes its log (`log`; defaults when absent).
    public var log: LogSettings

    /// Every configured list, in file order (VICAL, RICAL, then the LoTEs in their order within a network).
    public var lists: [ListConfiguration] {
        networks.flatMap { network in
            ([network.vical, network.rical].compactMap { $0 } + network.lotes).map {
                ListConfiguration(network: network, source: $0)
            }
        }
    }

    /// The configured list with this id, if any.
    public func list(_ id: ListID) -> ListConfiguration? { lists.first { $0.id == id } }

    /// Finds and reads the configuration: `path` when given, else `$TRUSTLISTS_CONFIG`, else
    /// `config/trustlists.json` in the current directory.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or is not a valid configuration.
    public static func load(
        path: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(ConfigurationError) -> Configuration
    {
        let fromEnvironment = environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let chosen = path ?? fromEnvironment ?? defaultPath
        guard !chosen.isEmpty else {
            throw ConfigurationError(file: chosen, path: "", message: "the configuration path is empty")
        }
        let url = URL(fileURLWithPath: chosen).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ConfigurationError(file: chosen, path: "", message: "is a folder; give the configuration file itself")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(
                file: chosen, path: "",
                message:
                    "cannot read the configuration (\(FoundationErrorText.describe(error))); give one with --config FILE or \(environmentVariable)"
            )
        }
        return try Configuration(json: data, file: url)
    }

    /// Parses configuration JSON.
    /// - Parameters:
    ///   - json: the file's bytes, at most 1 MiB.
    ///   - file: where it came from; relative paths resolve against its folder.
    /// - Throws: ``ConfigurationError`` with the JSON path of the first problem.
    public init(json: Data, file: URL) throws(ConfigurationError) {
        let name = file.path
        guard json.count <= 1 << 20 else {
            throw ConfigurationError(
                file: name, path: "", message: "\(json.count) bytes; a configuration has at most 1 MiB")
        }
        let value = try Self.document(json, file: name)
        let folder = file.deletingLastPathComponent()
        let top = try JSONObjectReader(value, path: "", file: name)
        try top.requireOnly([
            "cacheDirectory", "checkIntervalSeconds", "refreshIntervalSeconds", "backoffBaseSeconds",
            "backoffCapSeconds",
            "clockSkewSeconds", "allowInsecureURLs", "http", "networks", "presentation", "server", "log",
        ])
        self.file = file
        let cachePath = try top.string("cacheDirectory") ?? "../cache"
        guard !cachePath.isEmpty else { throw top.error(at: "cacheDirectory", "must not be empty") }
        cacheDirectory = Self.resolve(cachePath, against: folder)
        // The cache is made private (0700) and filled with lists: never the configuration's own folder.
        guard cacheDirectory.path != folder.standardizedFileURL.path else {
            throw top.error(
                at: "cacheDirectory", "'\(cachePath)' is the configuration's own folder; give a folder of its own")
        }
        var cacheIsDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: cacheDirectory.path, isDirectory: &cacheIsDirectory),
            !cacheIsDirectory.boolValue
        {
            throw top.error(at: "cacheDirectory", "\(cacheDirectory.path) exists and is not a folder")
        }
        checkIntervalSeconds = try top.number("checkIntervalSeconds", in: 1...86_400) ?? 900
        refreshIntervalSeconds = try top.number("refreshIntervalSeconds", in: 60...(30 * 86_400)) ?? 21_600
        backoffBaseSeconds = try top.number("backoffBaseSeconds", in: 1...3_600) ?? 30
        backoffCapSeconds = try top.number("backoffCapSeconds", in: 1...86_400) ?? 3_600
        guard backoffCapSeconds >= backoffBaseSeconds else {
            throw top.error(
                at: "backoffCapSeconds",
                "\(backoffCapSeconds) is below backoffBaseSeconds (\(backoffBaseSeconds)); the cap must be at least the base"
            )
        }
        clockSkewSeconds = try top.number("clockSkewSeconds", in: 0...3_600) ?? 180
        http = try Self.httpSettings(top, folder: folder)
        presentation = try PresentationSettings(top.object("presentation"))
        server = try ServerSettings(top.object("server"), folder: folder)
        log = try LogSettings(top.object("log"))

        guard let entries = try top.array("networks") else { throw top.error(at: "networks", "missing (required)") }
        guard !entries.isEmpty else { throw top.error(at: "networks", "must name at least one network") }
        var networks: [NetworkConfiguration] = []
        for (entry, path) in entries {
            let network = try NetworkConfiguration(
                try JSONObjectReader(entry, path: path, file: name), folder: folder, http: http)
            if networks.contains(where: { $0.id == network.id }) {
                throw ConfigurationError(
                    file: name, path: "\(path).id", message: "duplicate network id '\(network.id)'")
            }
            networks.append(network)
        }
        self.networks = networks
        let configured = Set(lists.map(\.id))
        for (network, (_, path)) in zip(networks, entries) {
            try network.credentials.check(configured: configured, file: name, path: "\(path).credentials")
        }
    }

    /// The file's one JSON value, read by the JOSE module's strict reader: a duplicate member anywhere, a trailing
    /// comma or anything else outside RFC 8259 refuses the whole file (most JSON tools keep the last of two equal
    /// keys and this service's reader would not, so an operator's reading and the service's could differ).
    /// - Throws: ``ConfigurationError`` naming the path (`networks[0].root.sha256: given twice`) and, for text that
    ///   is not JSON, the line and column.
    private static func document(_ json: Data, file name: String) throws(ConfigurationError) -> JSONValue {
        let bytes = [UInt8](json)
        do {
            return try JSONDocument(locating: bytes, limits: JSONLimits(maxBytes: 1 << 20, maxDepth: 32)).root.value
        } catch {
            let path = JSONPathComponent.dotted(error.path)
            if error.duplicateName != nil {
                throw ConfigurationError(
                    file: name, path: path,
                    message: "given twice; a key may appear once in an object (tools differ on which one counts)")
            }
            let prefix = bytes.prefix(min(error.offset, bytes.count))
            let line = prefix.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            let column = prefix.count - (prefix.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw ConfigurationError(
                file: name, path: path,
                message: "not valid JSON at line \(line), column \(column): \(error.message)"
                    + (Self.isTrailingComma(bytes, at: error.offset) ? " (a trailing comma is not allowed)" : ""))
        }
    }

    /// Whether `offset` is a `}` or `]` right after a comma (white space aside).
    private static func isTrailingComma(_ bytes: [UInt8], at offset: Int) -> Bool {
        guard bytes.indices.contains(offset), bytes[offset] == UInt8(ascii: "}") || bytes[offset] == UInt8(ascii: "]")
        else { return false }
        let before = bytes[..<offset].last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return before == UInt8(ascii: ",")
    }

    private static func httpSettings(_ top: JSONObjectReader, folder: URL) throws(ConfigurationError) -> HTTPSettings {
        var settings = HTTPSettings()
        settings.allowInsecureURLs = try top.bool("allowInsecureURLs") ?? false
        guard let http = try top.object("http") else { return settings }
        try http.requireOnly([
            "connectTimeoutSeconds", "totalTimeoutSeconds", "maxBytes", "maxRedirects", "lowSpeedLimitBytesPerSecond",
            "lowSpeedTimeSeconds", "caFile",
        ])
        settings.connectTimeoutSeconds =
            try http.number("connectTimeoutSeconds", in: 0.1...600) ?? settings.connectTimeoutSeconds
        settings.totalTimeoutSeconds =
            try http.number("totalTimeoutSeconds", in: 0.1...3_600) ?? settings.totalTimeoutSeconds
        settings.maxBytes = try http.integer("maxBytes", in: 1...(1 << 30)) ?? settings.maxBytes
        settings.maxRedirects = try http.integer("maxRedirects", in: 0...20) ?? settings.maxRedirects
        settings.lowSpeedLimitBytesPerSecond =
            try http.integer("lowSpeedLimitBytesPerSecond", in: 0...(1 << 30)) ?? settings.lowSpeedLimitBytesPerSecond
        settings.lowSpeedTimeSeconds =
            try http.integer("lowSpeedTimeSeconds", in: 1...3_600) ?? settings.lowSpeedTimeSeconds
        settings.caFile = try http.string("caFile").map { resolve($0, against: folder).path }
        return settings
    }

    /// `path` as an absolute file URL, relative ones taken from `folder`.
    static func resolve(_ path: String, against folder: URL) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path).standardizedFileURL
            : folder.appendingPathComponent(path).standardizedFileURL
    }
}

/// One trust network of the configuration: its pinned root and its lists.
public struct NetworkConfiguration: Sendable {
    /// Short id, `[a-z0-9._-]`, unique in the file; the first part of ``ListID``.
    public var id: String
    /// Where the root comes from and which SHA-256 pins it must match.
    public var root: RootSource
    /// The VICAL, if the network publishes one.
    public var vical: ListSource?
    /// The RICAL, if the network publishes one.
    public var rical: ListSource?
    /// The Lists of Trusted Entities (`lotes`), in file order; empty when none.
    public var lotes: [ListSource]
    /// For lists without `nextUpdate`: how long after `date` a list stays fresh, in seconds (default 30 days).
    public var maxAgeSeconds: Double
    /// How long past `nextUpdate` (or `date + maxAge`) a list is overdue but still trusted, in seconds
    /// (default 3 days).
    public var overdueGraceSeconds: Double
    /// Whether readers of this network may lack the reader EKU 1.0.18013.5.1.6 in OpenID4VP requests (real EU access
    /// certificates carry none); never for ISO/IEC 18013-5 ReaderAuth. Default false.
    public var readerEKUOptionalForOpenID4VP: Bool
    /// How certificates under the network's CAs are checked for revocation (`revocation`; defaults when absent).
    public var revocation: RevocationSettings
    /// Which EKUs its document signers may carry and which lists may issue each SD-JWT VC type (`credentials`;
    /// defaults when absent).
    public var credentials: CredentialSettings
    /// How its credentials' status lists are checked, prefetched and fetched on demand (`statusLists`; defaults when
    /// absent: `warn`, no prefetch, no allowed host).
    public var statusLists: StatusListSettings

    init(_ reader: JSONObjectReader, folder: URL, http: HTTPSettings) throws(ConfigurationError) {
        try reader.requireOnly([
            "id", "root", "vical", "rical", "lotes", "maxAgeSeconds", "overdueGraceSeconds",
            "readerEKUOptionalForOpenID4VP",
            "revocation", "credentials", "statusLists",
        ])
        id = try reader.requiredString("id")
        guard ListID.isValidName(id) else {
            throw reader.error(
                at: "id", "'\(id)' must start with a-z or 0-9 and use only a-z, 0-9, '.', '_' and '-' (at most 64)")
        }
        guard let rootReader = try reader.object("root") else { throw reader.error(at: "root", "missing (required)") }
        root = try RootSource(rootReader, folder: folder, http: http)
        vical = try reader.object("vical").map { r throws(ConfigurationError) in
            try ListSource(r, kind: .vical, folder: folder, http: http)
        }
        rical = try reader.object("rical").map { r throws(ConfigurationError) in
            try ListSource(r, kind: .rical, folder: folder, http: http)
        }
        var lotes: [ListSource] = []
        for (entry, path) in try reader.array("lotes") ?? [] {
            let lote = try ListSource(
                try JSONObjectReader(entry, path: path, file: reader.file), kind: .lote, folder: folder, http: http)
            if lotes.contains(where: { $0.name == lote.name }) {
                throw ConfigurationError(
                    file: reader.file, path: "\(path).id", message: "duplicate LoTE id '\(lote.name)'")
            }
            lotes.append(lote)
        }
        self.lotes = lotes
        guard vical != nil || rical != nil || !lotes.isEmpty else {
            throw reader.error(at: nil, "names no list: give a vical, a rical or lotes")
        }
        maxAgeSeconds = try reader.number("maxAgeSeconds", in: 60...(366 * 86_400)) ?? 2_592_000
        overdueGraceSeconds = try reader.number("overdueGraceSeconds", in: 0...(366 * 86_400)) ?? 259_200
        readerEKUOptionalForOpenID4VP = try reader.bool("readerEKUOptionalForOpenID4VP") ?? false
        revocation = try RevocationSettings(reader.object("revocation"), http: http)
        let networkID = id
        let pidProviders = lotes.filter { LoTEServiceRole.isPIDProvidersList($0.loteType) }.map {
            ListID(network: networkID, name: $0.name)
        }
        credentials = try CredentialSettings(reader.object("credentials"), pidProviders: pidProviders)
        statusLists = try StatusListSettings(reader.object("statusLists"), http: http)
    }
}

/// Where a network's root certificate comes from, and the pins it must match (docs/architecture.md, The pipeline).
public struct RootSource: Sendable {
    /// URL to fetch the root from (PEM or DER), or nil when ``file`` is used.
    public var url: String?
    /// Local PEM or DER file, or nil when ``url`` is used.
    public var file: URL?
    /// Accepted SHA-256 pins of the root's DER (32 bytes each); several allow a root rollover.
    public var pins: [[UInt8]]

    init(_ reader: JSONObjectReader, folder: URL, http: HTTPSettings) throws(ConfigurationError) {
        try reader.requireOnly(["url", "file", "sha256"])
        url = try reader.string("url")
        file = try reader.string("file").map { Configuration.resolve($0, against: folder) }
        guard (url == nil) != (file == nil) else { throw reader.error(at: nil, "give exactly one of url and file") }
        if let url { try checkURL(url, reader: reader, key: "url", http: http) }
        guard let pins = try reader.sha256Digests("sha256", of: "the root's DER") else {
            throw reader.error(at: "sha256", "missing: at least one SHA-256 pin of the root's DER is required")
        }
        self.pins = pins
    }
}

/// Where one list comes from and what it must say about itself.
public struct ListSource: Sendable {
    /// Which kind of list.
    public var kind: ListKind
    /// The list's name in its network: `vical`, `rical`, or a LoTE's `id`.
    public var name: String
    /// A LoTE's `loteType`: the `LoTEType` URI the list must carry (ETSI TS 119 602); nil for VICALs and RICALs.
    public var loteType: String?
    /// URL of the signed list.
    public var url: String
    /// The provider the list must name (`vicalProvider` / `provider`; a LoTE's `SchemeOperatorName` in any of its
    /// languages); nil accepts any.
    public var provider: String?
    /// A signed list shipped with the deployment, used while nothing better is cached; nil for none.
    public var bootstrap: URL?
    /// An EKU the list signer must carry; default ``OID/vicalSignerEKU`` for VICALs, none for RICALs (real RICAL
    /// signers carry none).
    public var signerEKU: String?

    init(_ reader: JSONObjectReader, kind: ListKind, folder: URL, http: HTTPSettings) throws(ConfigurationError) {
        if kind == .lote {
            try reader.requireOnly(["id", "url", "loteType", "provider", "bootstrap"])
            name = try reader.requiredString("id")
            guard ListID.isValidName(name), ListKind(rawValue: name) == nil || name == ListKind.lote.rawValue else {
                throw reader.error(
                    at: "id",
                    "'\(name)' must start with a-z or 0-9, use only a-z, 0-9, '.', '_' and '-' (at most 64), and be "
                        + "neither vical nor rical")
            }
            let type = try reader.requiredString("loteType")
            guard let scheme = URLComponents(string: type)?.scheme, !scheme.isEmpty else {
                throw reader.error(
                    at: "loteType",
                    "'\(type)' is not a URI; give the LoTEType, e.g. http://uri.etsi.org/19602/LoTEType/EUPIDProvidersList"
                )
            }
            loteType = type
        } else {
            try reader.requireOnly(["url", "provider", "bootstrap", "signerEKU"])
            name = kind.rawValue
            loteType = nil
        }
        self.kind = kind
        url = try reader.requiredString("url")
        try checkURL(url, reader: reader, key: "url", http: http)
        provider = try reader.string("provider")
        bootstrap = try reader.string("bootstrap").map { Configuration.resolve($0, against: folder) }
        let eku = kind == .lote ? nil : try reader.string("signerEKU")
        if let eku, eku.split(separator: ".").count < 2 || !eku.allSatisfy({ $0.isNumber || $0 == "." }) {
            throw reader.error(at: "signerEKU", "'\(eku)' is not a dotted OID")
        }
        signerEKU = eku ?? (kind == .vical ? OID.vicalSignerEKU : nil)
    }
}

/// One list as the refresh sees it: the source and its network's root and freshness settings.
public struct ListConfiguration: Sendable {
    /// The network it belongs to.
    public let network: NetworkConfiguration
    /// The list's source.
    public let source: ListSource
    /// `network/name`.
    public var id: ListID { ListID(network: network.id, name: source.name) }
}

/// Checks a URL with the fetcher's own scheme rule (``URLPolicy``), so that a URL the fetcher would refuse is a
/// configuration error naming its JSON path.
private func checkURL(
    _ url: String, reader: JSONObjectReader, key: String, http: HTTPSettings
) throws(ConfigurationError) {
    do {
        _ = try URLPolicy(url: url, allowInsecureURLs: http.allowInsecureURLs)
    } catch {
        throw reader.error(at: key, error.reason)
    }
}
