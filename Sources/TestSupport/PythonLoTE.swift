import Foundation
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

    static let script = TestTools.scriptsDirectory.appendingPathComponent("lote_interop.py")

    /// Signs `payload` in Python.
    /// - Parameters:
    ///   - payload: the bytes to sign.
    ///   - options: the script's options (`alg`, `serialization`, `sigT`, `crit`, `extra`, `x5c`, `x5tS256`,
    ///     `selfSigned`, `country`, `organization`, `headerAlg`, `unprotected`; see the script).
    public static func sign(_ payload: [UInt8], options: [String: Any] = [:]) throws -> Signed {
        let optionText = String(decoding: try JSONSerialization.data(withJSONObject: options), as: UTF8.self)
        let output = try Python.run(file: script, arguments: ["sign", optionText], input: payload)
        let object = try JSONSerialization.jsonObject(with: Data(output)) as? [String: String] ?? [:]
        func certificate(_ key: String) throws -> Certificate {
            try Certificate(derEncoded: Array(Data(base64Encoded: object[key] ?? "") ?? Data()))
        }
        return Signed(
            jws: Array((object["jws"] ?? "").utf8), root: try certificate("root"), signer: try certificate("signer"))
    }

    /// Verifies a compact JAdES LoTE in Python against `root` at `time`.
    /// - Returns: the facts Python read (`alg`, `sigT`, `loteType`, `sequenceNumber`, `operator`, `territory`,
    ///   `entities`, `serviceTypes`, `certificates` as SHA-256 hex, `signer`).
    /// - Throws: ``PythonError`` with Python's reason when it refuses the LoTE.
    public static func verify(_ jws: [UInt8], root: Certificate, at time: String) throws -> [String: Any] {
        let rootText = Data(root.derEncoded).base64EncodedString()
        let output = try Python.run(file: script, arguments: ["verify", rootText, time], input: jws)
        return try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any] ?? [:]
    }
}
