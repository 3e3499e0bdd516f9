import X509

/// A COSE_Key (RFC 9052 §7) holding a public key for signatures: an EC2 key (`kty` 2, RFC 9053 §7.1.1) on P-256,
/// P-384 or P-521 with both coordinates, or an OKP key (`kty` 1, RFC 9053 §7.2) on Ed25519. ISO/IEC 18013-5 carries
/// the mdoc's device key this way (`DeviceKey = COSE_Key`, §9.1.2.4), and the MSO signs it.
///
/// Only what verification needs is read: `kty`, `crv`, `x`, `y`. Other parameters (`kid`, `alg`, `key_ops`) are
/// allowed and ignored; a private key parameter (`d`, label -4) is refused, since a public key never carries it. A
/// compressed EC2 point (`y` a boolean) is refused: ISO/IEC 18013-5 Table 22 and RFC 9053 §7.1.1 let senders use
/// either form, and no issuer seen uses the compressed one.
///
/// Decoding checks the shape and the coordinates' lengths; OpenSSL makes the key (and checks that the point lies on
/// the curve) only when ``publicKey()`` is called: on OpenSSL 3.0 that costs about as much as a signature check, and
/// an mdoc's device key is needed only when its device signature is checked.
public struct COSEKey: Sendable, Hashable {
    /// The curve.
    public let algorithm: KeyAlgorithm
    /// The x coordinate (EC2) or the key (OKP), as sent.
    public let x: [UInt8]
    /// The y coordinate (EC2); nil for OKP.
    public let y: [UInt8]?
    /// Where the key was, for messages.
    public let path: String

    /// The COSE key types read here (RFC 9053 §7).
    static let okp: Int64 = 1
    static let ec2: Int64 = 2

    /// Reads a COSE_Key map.
    /// - Parameter reader: the COSE_Key item; its path names it in messages (`deviceKeyInfo.deviceKey`).
    /// - Throws: ``COSEError`` `unexpected_type` for a key that is not a map, or a parameter of the wrong type or
    ///   missing; `unsupported_key` for another key type or curve, a private key, a compressed point, or coordinates
    ///   of the wrong length.
    public init(_ reader: CBORReader) throws(COSEError) {
        do {
            let map = try reader.map()
            let type = try map.required(1).int()
            let curve = try map.required(-1).int()
            if map.optional(-4) != nil {
                throw COSEError(
                    .unsupportedKey, "\(reader.displayPath): a private key (d, -4) where a public key is expected")
            }
            let algorithm: KeyAlgorithm
            switch (type, curve) {
            case (Self.ec2, 1): algorithm = .ecP256
            case (Self.ec2, 2): algorithm = .ecP384
            case (Self.ec2, 3): algorithm = .ecP521
            case (Self.okp, 6): algorithm = .ed25519
            default:
                throw COSEError(
                    .unsupportedKey,
                    "\(reader.displayPath): kty \(type) crv \(curve) is not supported; expected EC2 (2) with P-256 (1), "
                        + "P-384 (2) or P-521 (3), or OKP (1) with Ed25519 (6) (RFC 9053 §7)")
            }
            let x = try map.required(-2).bytes()
            var y: [UInt8]?
            if type == Self.ec2 {
                let yReader = try map.required(-3)
                if case .boolean = yReader.node.content {
                    throw COSEError(
                        .unsupportedKey,
                        "\(yReader.displayPath): a compressed point (y as a sign bit); expected the y coordinate")
                }
                y = try yReader.bytes()
            }
            for (name, coordinate) in [("x", x), ("y", y)] {
                if let coordinate, coordinate.count != algorithm.fieldSize {
                    throw COSEError(
                        .unsupportedKey,
                        "\(reader.displayPath): \(algorithm.rawValue) \(name) is \(coordinate.count) bytes; expected "
                            + "\(algorithm.fieldSize ?? 0)")
                }
            }
            self.algorithm = algorithm
            self.x = x
            self.y = y
            path = reader.displayPath
        } catch let error as COSEError {
            throw error
        } catch {
            throw COSEError(.unexpectedType, "\(reader.displayPath): \(error)")
        }
    }

    /// The public key, made by OpenSSL from the coordinates.
    /// - Throws: ``COSEError`` `unsupported_key` for a point that is not on the curve.
    public func publicKey() throws(COSEError) -> PublicKey {
        do {
            return try PublicKey(algorithm: algorithm, x: x, y: y)
        } catch {
            throw COSEError(.unsupportedKey, "\(path): \(error.reason)")
        }
    }
}
