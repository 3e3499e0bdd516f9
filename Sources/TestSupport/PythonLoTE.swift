import Foundation
import JOSE
import X509

/// The independent JAdES / LoTE implementation of `Tests/Support/lote_interop.py` (Python `cryptography`, JSON by
/// hand): signs payloads under a fresh test PKI, and verifies LoTEs ours signed. Tests that use it declare
/// `.requires(.pythonCryptography)`.
public enum PythonLoTE {
    /// A JWS Python made, with the root its signer chains to.
    public struct Signed: Sendable {
        /// The serialized JWS (compact or JSON).
        public let jws: [UInt8]
        /// The self-signed root of Python's test PKI.
        public let root: Certificate
        /// The signer's certificate.
        public let signer: Certificate

        /// A JWS with its root and signer (for a JWS altered after Python signed it).
        public init(jws: [UInt8], root: Certificate, signer: Certificate) {
            self.jws = jws
            self.root = root
            self.signer = signer
        }
    }

    /// What Python read from a LoTE it verified.
    public struct Facts: Decodable, Sendable {
        /// The JWS `alg`.
        public let alg: String
        /// The JAdES `sigT`, or nil.
        public let sigT: String?
        public let loteType: String
        public let sequenceNumber: Int
        /// The first `SchemeOperatorName`.
        public let `operator`: String
        public let territory: String
        /// The number of trusted entities.
        public let entities: Int
        /// Every service's `ServiceTypeIdentifier`.
        public let serviceTypes: [String]
        /// The SHA-256 (hex) of every service certificate.
        public let certificates: [String]
        /// The signer's subject (RFC 4514).
        public let signer: String
    }

    static let script = TestTools.scriptsDirectory.appendingPathComponent("lote_interop.py")

    /// Signs `payload` in Python.
    /// - Parameters:
    ///   - payload: the bytes to sign.
    ///   - options: the script's options (`alg`, `serialization`, `sigT`, `crit`, `extra`, `x5c`, `x5tS256`,
    ///     `selfSigned`, `country`, `organization`, `headerAlg`, `unprotected`; see the script).
    public static func sign(_ payload: [UInt8], options: [String: JSONValue] = [:]) throws -> Signed {
        let optionText = String(decoding: try JSONValue.object(options).jsonEncoded(), as: UTF8.self)
        let output = try Python.run(file: script, arguments: ["sign", optionText], input: payload)
        let object = try JSONSerialization.jsonObject(with: Data(output)) as? [String: String] ?? [:]
        func certificate(_ key: String) throws -> Certificate {
            try Certificate(derEncoded: Array(Data(base64Encoded: object[key] ?? "") ?? Data()))
        }
        return Signed(
            jws: Array((object["jws"] ?? "").utf8), root: try certificate("root"), signer: try certificate("signer"))
    }

    /// Verifies a compact JAdES LoTE in Python against `root` at `time`.
    /// - Returns: the facts Python read.
    /// - Throws: ``PythonError`` with Python's reason when it refuses the LoTE; a `DecodingError` when its answer
    ///   lacks a fact.
    public static func verify(_ jws: [UInt8], root: Certificate, at time: String) throws -> Facts {
        let rootText = Data(root.derEncoded).base64EncodedString()
        let output = try Python.run(file: script, arguments: ["verify", rootText, time], input: jws)
        return try JSONDecoder().decode(Facts.self, from: Data(output))
    }
}
