import Foundation
import X509

/// The configuration as the service uses it: every key with its value, defaults filled in, relative paths resolved
/// against the file's folder (what `trustctl config check` and `trustlistd --check-config` print).
///
/// It has the configuration file's own keys and shape, and leaves out only keys whose default is "none" (no
/// `caFile`, no `bootstrap`, no `server`), so its JSON is itself a configuration that loads to the same settings.
package struct EffectiveConfiguration: Encodable, Sendable {
    package struct HTTP: Encodable, Sendable {
        let connectTimeoutSeconds: Double
        let totalTimeoutSeconds: Double
        let maxBytes: Int
        let maxRedirects: Int
        let lowSpeedLimitBytesPerSecond: Int
        let lowSpeedTimeSeconds: Int
        let caFile: String?
    }

    package struct Log: Encodable, Sendable {
        let format: LogSettings.Format
        let level: LogSettings.Level
        let access: Bool
    }

    package struct Root: Encodable, Sendable {
        let url: String?
        let file: String?
        let sha256: [String]
    }

    package struct List: Encodable, Sendable {
        let id: String?
        let url: String
        let loteType: String?
        let provider: String?
        let bootstrap: String?
        let signerEKU: String?
    }

    package struct CRLSource: Encodable, Sendable {
        let url: String
    }

    package struct Revocation: Encodable, Sendable {
        let mode: String
        let graceSeconds: Double
        let maxBytes: Int
        let crls: [CRLSource]
    }

    /// A network's `credentials` (``CredentialSettings``): the defaults written out, `vct` with the lists it resolved
    /// to, each written `<network>/<name>` as the file takes it (the PID types to the PID providers LoTEs unless the
    /// file said otherwise).
    package struct Credentials: Encodable, Sendable {
        let documentSignerEKUs: [String]
        let vct: [String: [String]]
    }

    package struct StatusLists: Encodable, Sendable {
        let mode: String
        let prefetch: [String]
        let allowedHosts: [String]
        let fetchTimeoutSeconds: Double
        let mirror: String?
    }

    package struct Network: Encodable, Sendable {
        let id: String
        let root: Root
        let vical: List?
        let rical: List?
        let lotes: [List]
        let maxAgeSeconds: Double
        let overdueGraceSeconds: Double
        let readerEKUOptionalForOpenID4VP: Bool
        let revocation: Revocation
        let credentials: Credentials
        let statusLists: StatusLists
    }

    package struct RegisteredClient: Encodable, Sendable {
        let clientID: String
        let certificateSHA256: [String]
        let responseURIs: [String]
    }

    package struct Presentation: Encodable, Sendable {
        let walletIssuer: String?
        let clockSkewSeconds: Double
        let preRegisteredClients: [RegisteredClient]
        let preRegisteredClientIDs: [String]
    }

    package struct Admin: Encodable, Sendable {
        let tokenFile: String?
        let tokenSHA256: String?
        let minIntervalSeconds: Double
    }

    package struct Server: Encodable, Sendable {
        let listen: [String]
        let maxConnections: Int
        let connectionTimeoutSeconds: Int
        let maxRequestBytes: Int
        let threads: Int
        let maxConnectionsPerClient: Int
        let fetchRequestURIs: Bool
        let publicBaseURL: String?
        let admin: Admin?
    }

    let cacheDirectory: String
    let checkIntervalSeconds: Double
    let refreshIntervalSeconds: Double
    let backoffBaseSeconds: Double
    let backoffCapSeconds: Double
    let clockSkewSeconds: Double
    let allowInsecureURLs: Bool
    let http: HTTP
    let log: Log
    let networks: [Network]
    let presentation: Presentation
    let server: Server?

    /// The effective settings of `configuration`.
    package init(_ configuration: Configuration) {
        cacheDirectory = configuration.cacheDirectory.path
        checkIntervalSeconds = configuration.checkIntervalSeconds
        refreshIntervalSeconds = configuration.refreshIntervalSeconds
        backoffBaseSeconds = configuration.backoffBaseSeconds
        backoffCapSeconds = configuration.backoffCapSeconds
        clockSkewSeconds = configuration.clockSkewSeconds
        let settings = configuration.http
        allowInsecureURLs = settings.allowInsecureURLs
        http = HTTP(
            connectTimeoutSeconds: settings.connectTimeoutSeconds, totalTimeoutSeconds: settings.totalTimeoutSeconds,
            maxBytes: settings.maxBytes, maxRedirects: settings.maxRedirects,
            lowSpeedLimitBytesPerSecond: settings.lowSpeedLimitBytesPerSecond,
            lowSpeedTimeSeconds: settings.lowSpeedTimeSeconds, caFile: settings.caFile)
        log = Log(format: configuration.log.format, level: configuration.log.level, access: configuration.log.access)
        networks = configuration.networks.map(Network.init)
        let presentation = configuration.presentation
        self.presentation = Presentation(
            walletIssuer: presentation.walletIssuer, clockSkewSeconds: presentation.clockSkewSeconds,
            preRegisteredClients: presentation.preRegisteredClients.map {
                RegisteredClient(
                    clientID: $0.clientID, certificateSHA256: $0.certificateSHA256.map(hexString),
                    responseURIs: $0.responseURIs)
            }, preRegisteredClientIDs: presentation.preRegisteredClientIDs)
        server = configuration.server.map(Server.init)
    }
}

extension EffectiveConfiguration.Network {
    init(_ network: NetworkConfiguration) {
        id = network.id
        root = EffectiveConfiguration.Root(
            url: network.root.url, file: network.root.file?.path, sha256: network.root.pins.map(hexString))
        vical = network.vical.map(EffectiveConfiguration.List.init)
        rical = network.rical.map(EffectiveConfiguration.List.init)
        lotes = network.lotes.map(EffectiveConfiguration.List.init)
        maxAgeSeconds = network.maxAgeSeconds
        overdueGraceSeconds = network.overdueGraceSeconds
        readerEKUOptionalForOpenID4VP = network.readerEKUOptionalForOpenID4VP
        revocation = EffectiveConfiguration.Revocation(
            mode: network.revocation.mode.rawValue, graceSeconds: network.revocation.graceSeconds,
            maxBytes: network.revocation.maxBytes,
            crls: network.revocation.extraURLs.map(EffectiveConfiguration.CRLSource.init))
        credentials = EffectiveConfiguration.Credentials(
            documentSignerEKUs: network.credentials.documentSignerEKUs,
            vct: network.credentials.vct.mapValues { $0.map(\.description) })
        statusLists = EffectiveConfiguration.StatusLists(
            mode: network.statusLists.mode.rawValue, prefetch: network.statusLists.prefetch,
            allowedHosts: network.statusLists.allowedHosts,
            fetchTimeoutSeconds: network.statusLists.fetchTimeoutSeconds, mirror: network.statusLists.mirror)
    }
}

extension EffectiveConfiguration.List {
    init(_ source: ListSource) {
        let isLoTE = source.loteType != nil
        id = isLoTE ? source.name : nil
        url = source.url
        loteType = source.loteType
        provider = source.provider
        bootstrap = source.bootstrap?.path
        signerEKU = isLoTE ? nil : source.signerEKU
    }
}

extension EffectiveConfiguration.Server {
    init(_ server: ServerSettings) {
        listen = server.listen
        maxConnections = server.maxConnections
        connectionTimeoutSeconds = server.connectionTimeoutSeconds
        maxRequestBytes = server.maxRequestBytes
        threads = server.threads
        maxConnectionsPerClient = server.maxConnectionsPerClient
        fetchRequestURIs = server.fetchRequestURIs
        publicBaseURL = server.publicBaseURL
        admin = server.admin.map { admin in
            let (file, digest): (String?, String?) =
                switch admin.token {
                case .file(let url): (url.path, nil)
                case .sha256(let bytes): (nil, hexString(bytes))
                }
            return EffectiveConfiguration.Admin(
                tokenFile: file, tokenSHA256: digest, minIntervalSeconds: admin.minIntervalSeconds)
        }
    }
}
