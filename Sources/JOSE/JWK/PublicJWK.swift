import X509

/// The public key of a JWK (RFC 7517 §4), for verifying a signature with a key someone else named: an SD-JWT's
/// confirmation key (`cnf.jwk`, RFC 7800 §3.2), which the holder's Key Binding JWT must verify under.
///
/// EC keys on P-256, P-384, P-521 (`kty` `EC`, `crv`, `x`, `y`, RFC 7518 §6.2.1) and Ed25519 keys (`kty` `OKP`,
/// `crv` `Ed25519`, `x`, RFC 8037 §2) are read; OpenSSL builds the key and refuses a point off the curve. A JWK
/// that carries private members (`d`) is refused: a confirmation key is public.
public enum PublicJWK {
    /// The public key of `jwk`.
    /// - Parameters:
    ///   - jwk: the JWK, a JSON object.
    ///   - path: where it is, for messages (`cnf.jwk`).
    /// - Returns: the key.
    /// - Throws: ``JOSEError`` `malformed_jwk` for a value that is not an object, another `kty` or `crv`, a missing
    ///   or non-base64url coordinate, one of the wrong length, a private member, or a point off the curve.
    public static func publicKey(_ jwk: JSONValue, path: String = "jwk") throws(JOSEError) -> PublicKey {
        guard let members = jwk.objectValue else {
            throw JOSEError(.malformedJWK, "\(path): expected a JSON object (RFC 7517 §4), found \(jwk.kindName)")
        }
        if members["d"] != nil {
            throw JOSEError(.malformedJWK, "\(path): carries a private key (d); expected a public key")
        }
        let type = members["kty"]?.stringValue
        let curve = members["crv"]?.stringValue
        let algorithm: KeyAlgorithm
        switch (type, curve) {
        case ("EC", "P-256"): algorithm = .ecP256
        case ("EC", "P-384"): algorithm = .ecP384
        case ("EC", "P-521"): algorithm = .ecP521
        case ("OKP", "Ed25519"): algorithm = .ed25519
        default:
            throw JOSEError(
                .malformedJWK,
                "\(path): kty \(type ?? "(none)") crv \(curve ?? "(none)") is not supported; expected EC with P-256, "
                    + "P-384 or P-521 (RFC 7518 §6.2.1), or OKP with Ed25519 (RFC 8037 §2)")
        }
        let x = try coordinate(members, "x", path: path)
        let y = algorithm == .ed25519 ? nil : try coordinate(members, "y", path: path)
        do {
            return try PublicKey(algorithm: algorithm, x: x, y: y)
        } catch {
            throw JOSEError(.malformedJWK, "\(path): \(error.reason)")
        }
    }

    /// The public JWK of a key (RFC 7518 §6.2.1, RFC 8037 §2): `kty`, `crv`, `x` and, for EC, `y`, base64url; for
    /// writing a confirmation key (`cnf.jwk`) into a credential the demo or a test issues.
    /// - Throws: ``X509Error`` `unsupported_key` for an RSA key.
    public static func jwk(_ key: PublicKey) throws(X509Error) -> JSONValue {
        let (x, y) = try key.rawCoordinates()
        var members: [String: JSONValue] = [
            "kty": .string(key.algorithm == .ed25519 ? "OKP" : "EC"), "crv": .string(key.algorithm.rawValue),
            "x": .string(Base64URL.encode(x)),
        ]
        if let y { members["y"] = .string(Base64URL.encode(y)) }
        return .object(members)
    }

    private static func coordinate(
        _ members: [String: JSONValue], _ name: String, path: String
    ) throws(JOSEError) -> [UInt8] {
        guard let text = members[name]?.stringValue else {
            throw JOSEError(.malformedJWK, "\(path).\(name): required, missing or not a string")
        }
        return try Base64URL.decode(text, path: "\(path).\(name)", code: .malformedJWK)
    }
}
