import Credentials
import Foundation
import Presentation
import TestSupport
import X509

/// mdocs and SD-JWT VCs built and signed by an independent implementation, `Tests/Support/python_credentials.py`
/// (cbor2 + cryptography, Sig_structure and JWS signing input by hand), with the document signer and the PID provider
/// of one ``CredentialWorld``; made once per test process.
struct PythonCredentials: Sendable {
    let world: CredentialWorld
    /// The SessionTranscript the device signatures cover (the bare array, insertion-ordered maps).
    let sessionTranscript: [UInt8]
    /// The nonce and audience the Key Binding JWTs carry.
    let nonce: String
    let audience: String
    /// mdoc cases by name (the script's `make_mdocs`).
    let mdocs: [String: [UInt8]]
    /// SD-JWT VC cases by name (the script's `make_sdjwts`).
    let sdJWTs: [String: String]
    /// Status list tokens by name (the script's `make_status_lists`), all for ``CredentialWorld/statusURI``.
    let statusLists: [String: [UInt8]]
    /// The statuses the script packed into those lists, index by index.
    let statuses: [UInt8]
    /// The index each `status…` credential case names.
    let statusIndex: [String: UInt64]

    static let script = TestTools.scriptsDirectory.appendingPathComponent("python_credentials.py")
    static let shared = Result<PythonCredentials, any Error> { try PythonCredentials() }

    /// The credentials of the one world of this process.
    static func get() throws -> PythonCredentials { try shared.get() }

    /// What the script is given.
    private struct Request: Encodable {
        let time: Int
        let docType: String
        let dsKey: String
        let dsChain: [String]
        let sdKey: String
        let sdChain: [String]
        let sdIss: String
        let vct: String
        let statusURI: String
        let statusKey: String
        let statusChain: [String]
        let pidStatusKey: String
        let pidStatusChain: [String]
    }

    /// What the script prints.
    private struct Output: Decodable {
        let sessionTranscript: String
        let nonce: String
        let aud: String
        let mdoc: [String: String]
        let sdjwt: [String: String]
        let statusLists: [String: String]
        let statuses: [UInt8]
        let statusIndex: [String: UInt64]
    }

    private init() throws {
        let world = try CredentialWorld()
        let request = Request(
            time: Int(world.now.timeIntervalSince1970), docType: CredentialWorld.mDL,
            dsKey: world.documentSigner.key.pemEncoded, dsChain: world.documentSignerChain.map(\.pemEncoded),
            sdKey: world.pidIssuer.key.pemEncoded, sdChain: world.pidIssuerChain.map(\.pemEncoded),
            sdIss: "https://\(CredentialWorld.pidIssuerHost)", vct: CredentialWorld.pidVCT,
            statusURI: CredentialWorld.statusURI, statusKey: world.statusSigner.key.pemEncoded,
            statusChain: [world.statusSigner.certificate.pemEncoded], pidStatusKey: world.pidStatusSigner.key.pemEncoded,
            pidStatusChain: [world.pidStatusSigner.certificate.pemEncoded])
        let output = try Python.run(
            file: Self.script, arguments: ["make"], input: Array(try JSONEncoder().encode(request)))
        let json = try JSONDecoder().decode(Output.self, from: Data(output))
        self.world = world
        sessionTranscript = try required(bytes(fromHex: json.sessionTranscript))
        nonce = json.nonce
        audience = json.aud
        mdocs = try json.mdoc.mapValues { try required(bytes(fromHex: $0)) }
        sdJWTs = json.sdjwt
        statusLists = try json.statusLists.mapValues { try required(bytes(fromHex: $0)) }
        statuses = json.statuses
        statusIndex = json.statusIndex
    }

    /// The mdoc case `name`.
    func mdoc(_ name: String) throws -> [UInt8] { try required(mdocs[name], "no mdoc case \(name)") }

    /// The SD-JWT VC case `name`.
    func sdJWT(_ name: String) throws -> String { try required(sdJWTs[name], "no SD-JWT case \(name)") }

    /// The status list token `name`.
    func statusList(_ name: String) throws -> [UInt8] { try required(statusLists[name], "no status list \(name)") }

    /// The transcript, decoded.
    func transcript() throws -> SessionTranscript { try SessionTranscript(cborEncoded: sessionTranscript) }

    /// The decision for mdoc case `name` at `time` (default the world's now), with the transcript.
    func decideMDoc(_ name: String, at time: Date? = nil, withTranscript: Bool = true) throws -> CredentialDecision {
        MDocVerifier.decide(
            cborEncoded: try mdoc(name), sessionTranscript: withTranscript ? try transcript() : nil,
            trust: world.trust, generation: world.queries.generation, at: time ?? world.now)
    }

    /// The decision for SD-JWT case `name`, with the nonce and audience unless told otherwise.
    func decideSDJWT(_ name: String, bound: Bool = true, at time: Date? = nil) throws -> CredentialDecision {
        SDJWTVerifier.decide(
            compact: try sdJWT(name), nonce: bound ? nonce : nil, audience: bound ? audience : nil,
            trust: world.trust, generation: world.queries.generation, at: time ?? world.now)
    }
}

/// `value`, or a ``TestSupportError`` saying what was missing.
func required<T>(_ value: T?, _ what: String = "a value the Python script should have printed") throws -> T {
    guard let value else { throw TestSupportError("missing: \(what)") }
    return value
}
