import COSE
import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// Public keys from their raw form (COSE_Key, JWK), built by OpenSSL, compared with what Python `cryptography` writes
/// for the same coordinates (RFC 9053 §7.1.1, §7.2; RFC 7518 §6.2.1; RFC 8037 §2).
@Suite("Raw public keys: COSE_Key and JWK", .requires(.interopModules))
struct KeyFormTests {
    /// Python generates a key of each curve and prints its coordinates and SubjectPublicKeyInfo.
    static let script = """
        import json
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric import ec, ed25519
        out = []
        for name, curve, size in [("P-256", ec.SECP256R1(), 32), ("P-384", ec.SECP384R1(), 48), ("P-521", ec.SECP521R1(), 66)]:
            public = ec.generate_private_key(curve).public_key()
            n = public.public_numbers()
            out.append({"curve": name, "x": n.x.to_bytes(size, "big").hex(), "y": n.y.to_bytes(size, "big").hex(),
                        "spki": public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex()})
        public = ed25519.Ed25519PrivateKey.generate().public_key()
        out.append({"curve": "Ed25519", "x": public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw).hex(),
                    "y": None, "spki": public.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo).hex()})
        print(json.dumps(out))
        """

    struct PythonKey: Decodable {
        let curve: String
        let x: String
        let y: String?
        let spki: String
    }

    static func pythonKeys() throws -> [PythonKey] {
        try JSONDecoder().decode([PythonKey].self, from: Data(try Python.run(script, input: [])))
    }

    @Test("coordinates give the SubjectPublicKeyInfo cryptography writes, and back, for P-256/384/521 and Ed25519")
    func coordinates() throws {
        for key in try Self.pythonKeys() {
            let algorithm = try #require(KeyAlgorithm(rawValue: key.curve))
            let x = try #require(bytes(fromHex: key.x))
            let y = key.y.flatMap { bytes(fromHex: $0) }
            let built = try PublicKey(algorithm: algorithm, x: x, y: y)
            #expect(built.subjectPublicKeyInfo == bytes(fromHex: key.spki), "\(key.curve)")
            let back = try built.rawCoordinates()
            #expect(back.x == x && back.y == y, "\(key.curve)")
        }
    }

    @Test("a COSE_Key and a JWK of the same key give the same key; a point off the curve is refused")
    func coseKeyAndJWK() throws {
        let key = try #require(try Self.pythonKeys().first)
        let x = try #require(bytes(fromHex: key.x))
        let y = try #require(key.y.flatMap { bytes(fromHex: $0) })
        let cose = CBOR.map([
            .init(key: 1, value: 2), .init(key: -1, value: 1), .init(key: -2, value: .byteString(x)),
            .init(key: -3, value: .byteString(y)),
        ])
        let fromCOSE = try COSEKey(CBORReader(try CBORDecoder().decode(cose.encoded())))
        let jwk: JSONValue = [
            "kty": "EC", "crv": "P-256", "x": .string(Base64URLText.encode(x)), "y": .string(Base64URLText.encode(y)),
        ]
        let fromJWK = try PublicJWK.publicKey(jwk)
        #expect(try fromCOSE.publicKey().subjectPublicKeyInfo == bytes(fromHex: key.spki))
        #expect(fromJWK.subjectPublicKeyInfo == bytes(fromHex: key.spki))
        var offCurve = y
        offCurve[31] ^= 1
        #expect(throws: X509Error(.unsupportedKey)) { try PublicKey(algorithm: .ecP256, x: x, y: offCurve) }
        let offCurveCOSE = CBOR.map([
            .init(key: 1, value: 2), .init(key: -1, value: 1), .init(key: -2, value: .byteString(x)),
            .init(key: -3, value: .byteString(offCurve)),
        ])
        let decoded = try COSEKey(CBORReader(try CBORDecoder().decode(offCurveCOSE.encoded())))
        #expect(throws: COSEError(.unsupportedKey)) { try decoded.publicKey() }
        #expect(throws: JOSEError(.malformedJWK)) {
            try PublicJWK.publicKey([
                "kty": "EC", "crv": "P-256", "x": .string(Base64URLText.encode(x)),
                "y": .string(Base64URLText.encode(offCurve)),
            ])
        }
        #expect(throws: JOSEError(.malformedJWK)) { try PublicJWK.publicKey(["kty": "EC", "crv": "P-256", "d": "AA"]) }
    }

    @Test("a COSE_Key of another type, with a private part or a compressed point is unsupported_key")
    func coseKeyRefusals() throws {
        let key = try #require(try Self.pythonKeys().first)
        let x = try #require(bytes(fromHex: key.x))
        for map in [
            CBOR.map([.init(key: 1, value: 4), .init(key: -1, value: 1)]),
            CBOR.map([
                .init(key: 1, value: 2), .init(key: -1, value: 1), .init(key: -2, value: .byteString(x)),
                .init(key: -3, value: true),
            ]),
            CBOR.map([
                .init(key: 1, value: 2), .init(key: -1, value: 1), .init(key: -2, value: .byteString(x)),
                .init(key: -4, value: .byteString(x)),
            ]),
        ] {
            #expect(throws: COSEError(.unsupportedKey)) {
                try COSEKey(CBORReader(try CBORDecoder().decode(map.encoded())))
            }
        }
    }
}
