import X509

extension JWS {
    /// Signs a payload into a JWS compact serialization (RFC 7515 §5.1), for tests, the demo and other tools.
    ///
    /// `alg` is the one given, or else the key's default (``JWSAlgorithm/init(for:)``: PS256 for an RSA key), and
    /// replaces any `alg` in `header`. The header is written as compact JSON with sorted member names
    /// (``JSONValue/jsonEncoded()``); an ECDSA signature is raw `r‖s` (RFC 7518 §3.4), an RSASSA-PSS one uses MGF1
    /// with the same hash and a salt as long as the hash (RFC 7518 §3.5). The other parameters are written as given: a
    /// `crit` or `b64: false` the caller adds makes a JWS that
    /// ``init(compactSerialization:limits:understoodCriticalHeaders:)`` refuses.
    /// - Parameters:
    ///   - header: further protected header parameters (`typ`, `kid`, `x5c` as standard base64 strings, …).
    ///   - payload: the bytes to sign, e.g. a JWT claims set's JSON.
    ///   - key: the signing key.
    ///   - algorithm: the algorithm, which must fit the key (PS384 or PS512 for an RSA key); nil for the key's default.
    /// - Returns: `BASE64URL(header) '.' BASE64URL(payload) '.' BASE64URL(signature)`.
    /// - Throws: ``JOSEError`` `unsupported_alg` when `algorithm` does not fit the key, `weak_key` for an RSA key
    ///   under 2048 bits, `malformed_json` when the header holds a number JSON cannot write; ``X509Error`` when
    ///   OpenSSL cannot sign.
    public static func sign(
        header: [String: JSONValue] = [:], payload: [UInt8], key: PrivateKey, algorithm: JWSAlgorithm? = nil
    ) throws -> String {
        let algorithm = algorithm ?? JWSAlgorithm(for: key.algorithm)
        try algorithm.checkFits(key.publicKey, role: "signing")
        var protectedHeader = header
        protectedHeader["alg"] = .string(algorithm.rawValue)
        let signingInput =
            Base64URL.encode(try JSONValue.object(protectedHeader).jsonEncoded()) + "." + Base64URL.encode(payload)
        let signature = try key.sign(Array(signingInput.utf8), digest: algorithm.digest, encoding: .raw)
        return signingInput + "." + Base64URL.encode(signature)
    }
}
