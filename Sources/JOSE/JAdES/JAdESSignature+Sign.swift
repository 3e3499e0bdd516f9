import Foundation
import X509

extension JAdESSignature {
    /// Signs a payload as a JAdES baseline B signature in the compact serialization (ETSI TS 119 182-1): the
    /// protected header carries `alg` (from the key), `x5c` (the chain, leaf first, standard base64), `x5t#S256` (the
    /// leaf's SHA-256), `sigT` (the signing time, RFC 3339 UTC, whole seconds) listed in `crit`, and `typ` when given.
    /// - Parameters:
    ///   - payload: the bytes to sign (a LoTE's JSON).
    ///   - key: the signer's private key, the key of `chain[0]`.
    ///   - chain: the signer's certificate first, then its issuers (the root may be left out).
    ///   - signingTime: the `sigT` value; nil leaves `sigT` and `crit` out (a signature some publishers make).
    ///   - type: the `typ` value; nil for none.
    ///   - algorithm: the JWS `alg`, fitting the key (PS256, PS384 or PS512 for an RSA key); nil for the key's default
    ///     (``JWSAlgorithm/init(for:)``).
    /// - Returns: `BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(signature)`.
    /// - Throws: ``JOSEError`` (`unsupported_alg` for an algorithm that does not fit the key) or ``X509Error`` when
    ///   OpenSSL cannot sign.
    public static func sign(
        payload: [UInt8], key: PrivateKey, chain: [Certificate], signingTime: Date?, type: String? = nil,
        algorithm: JWSAlgorithm? = nil
    ) throws -> String {
        var header: [String: JSONValue] = [
            "x5c": .array(chain.map { .string(Base64.encode($0.derEncoded)) }),
            "x5t#S256": .string(Base64URL.encode(chain.first?.sha256 ?? [])),
        ]
        if let signingTime {
            let whole = Date(timeIntervalSince1970: signingTime.timeIntervalSince1970.rounded(.down))
            header["sigT"] = .string(RFC3339.string(from: whole) ?? "")
            header["crit"] = ["sigT"]
        }
        if let type { header["typ"] = .string(type) }
        return try JWS.sign(header: header, payload: payload, key: key, algorithm: algorithm)
    }
}
