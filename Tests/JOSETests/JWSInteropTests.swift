import Foundation
import JOSE
import TestSupport
import Testing
import X509

/// Interop with an independent implementation: Python's `cryptography` builds a certificate chain and signs JWSs
/// by hand (header JSON as `json.dumps` writes it, base64url, ECDSA DER converted to `r‖s` with
/// `decode_dss_signature`, RSASSA-PSS with MGF1 and a salt as long as the hash, RFC 7518 §3.5); ours verifies them with the `x5c` leaf's key after validating the chain. And JWSs ours
/// signs verify in Python.
@Suite(
    "JWS interop with Python cryptography",
    .requires(.pythonCryptography))
struct JWSInteropTests {
    /// Signs a JWS in Python with a fresh two-certificate chain; prints `{"jws": …, "root": base64 DER}`.
    static let pythonSigner = """
        import base64, datetime, json, sys
        from cryptography import x509
        from cryptography.x509.oid import NameOID
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

        alg = sys.argv[1]
        curves = {"ES256": (ec.SECP256R1(), hashes.SHA256(), 32), "ES384": (ec.SECP384R1(), hashes.SHA384(), 48),
                  "ES512": (ec.SECP521R1(), hashes.SHA512(), 66)}
        pss = {"PS256": hashes.SHA256(), "PS384": hashes.SHA384(), "PS512": hashes.SHA512()}

        def b64u(data):
            return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

        def new_key():
            if alg == "EdDSA":
                return ed25519.Ed25519PrivateKey.generate()
            if alg in pss:
                return rsa.generate_private_key(public_exponent=65537, key_size=2048)
            return ec.generate_private_key(curves[alg][0])

        def name(cn):
            return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn)])

        def issue(subject, subject_key, issuer, issuer_key, serial, ca):
            start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
            end = datetime.datetime(2027, 1, 1, tzinfo=datetime.timezone.utc)
            builder = (x509.CertificateBuilder().subject_name(name(subject)).issuer_name(name(issuer))
                       .public_key(subject_key.public_key()).serial_number(serial)
                       .not_valid_before(start).not_valid_after(end)
                       .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
            if ca:
                builder = builder.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False),
                                                critical=True)
            return builder.sign(issuer_key, None if alg == "EdDSA" else pss[alg] if alg in pss else curves[alg][1])

        root_key, leaf_key = new_key(), new_key()
        root = issue("Python interop root", root_key, "Python interop root", root_key, 1, True)
        leaf = issue("verifier.example", leaf_key, "Python interop root", root_key, 2, False)
        der = [c.public_bytes(serialization.Encoding.DER) for c in (leaf, root)]
        header = {"alg": alg, "typ": "oauth-authz-req+jwt", "x5c": [base64.b64encode(d).decode() for d in der]}
        claims = {"iss": "python", "aud": "https://self-issued.me/v2", "exp": 1767229200, "iat": 1767225599.75}
        signing_input = b64u(json.dumps(header).encode()) + "." + b64u(json.dumps(claims).encode())
        if alg == "EdDSA":
            signature = leaf_key.sign(signing_input.encode())
        elif alg in pss:
            signature = leaf_key.sign(signing_input.encode(),
                                      padding.PSS(mgf=padding.MGF1(pss[alg]), salt_length=padding.PSS.DIGEST_LENGTH),
                                      pss[alg])
        else:
            r, s = decode_dss_signature(leaf_key.sign(signing_input.encode(), ec.ECDSA(curves[alg][1])))
            size = curves[alg][2]
            signature = r.to_bytes(size, "big") + s.to_bytes(size, "big")
        print(json.dumps({"jws": signing_input + "." + b64u(signature), "root": base64.b64encode(der[1]).decode()}))
        """

    /// Verifies a JWS from standard input with the key of its x5c leaf; exits non-zero when it does not verify.
    static let pythonVerifier = """
        import base64, json, sys
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec, padding
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

        def b64u_decode(text):
            return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))

        token = sys.stdin.read().strip()
        header_b64, payload_b64, signature_b64 = token.split(".")
        header = json.loads(b64u_decode(header_b64))
        assert header["alg"] == sys.argv[1], header
        leaf = x509.load_der_x509_certificate(base64.b64decode(header["x5c"][0], validate=True))
        signing_input = (header_b64 + "." + payload_b64).encode()
        signature = b64u_decode(signature_b64)
        key = leaf.public_key()
        if header["alg"] == "EdDSA":
            key.verify(signature, signing_input)
        elif header["alg"].startswith("PS"):
            digest = {"PS256": hashes.SHA256(), "PS384": hashes.SHA384(), "PS512": hashes.SHA512()}[header["alg"]]
            # RFC 7518 §3.5: MGF1 with the same hash, a salt as long as the hash (checked exactly).
            key.verify(signature, signing_input,
                       padding.PSS(mgf=padding.MGF1(digest), salt_length=padding.PSS.DIGEST_LENGTH), digest)
        else:
            digest = {"ES256": hashes.SHA256(), "ES384": hashes.SHA384(), "ES512": hashes.SHA512()}[header["alg"]]
            half = len(signature) // 2
            der = encode_dss_signature(int.from_bytes(signature[:half], "big"), int.from_bytes(signature[half:], "big"))
            key.verify(der, signing_input, ec.ECDSA(digest))
        print(json.dumps(json.loads(b64u_decode(payload_b64))))
        """

    @Test(
        "a JWS Python signed by hand verifies with the x5c leaf's key after the chain validates",
        arguments: JWSAlgorithm.allCases)
    func pythonSignsWeVerify(algorithm: JWSAlgorithm) throws {
        let output = try Python.run(Self.pythonSigner, input: [], arguments: [algorithm.rawValue])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? [String: String])
        let jws = try JWS(compactSerialization: try #require(result["jws"]))
        #expect(jws.alg == algorithm)
        #expect(jws.typ == "oauth-authz-req+jwt")
        let certificates = try #require(try jws.x5cCertificates())
        #expect(certificates.count == 2)
        let root = try Certificate(derEncoded: try Base64.decode(try #require(result["root"])))
        #expect(certificates[1] == root)

        let validator = ChainValidator(anchors: [root])
        guard
            case .valid(let chain) = validator.validate(
                leaf: certificates[0], intermediates: Array(certificates.dropFirst()), at: TestPKI.referenceTime)
        else {
            Issue.record("the Python-built chain does not validate")
            return
        }
        try jws.verify(with: chain.leaf.publicKey)

        let claims = try JWTClaims(jsonEncoded: jws.payload)
        #expect(claims.iss == "python")
        #expect(claims.aud == ["https://self-issued.me/v2"])
        #expect(claims.iat == Date(timeIntervalSince1970: 1_767_225_599.75))
        #expect(claims.checkTime(at: TestPKI.referenceTime) == .valid)
        #expect(claims.checkTime(at: TestPKI.referenceTime + 3600) == .expired(exp: TestPKI.referenceTime + 3600))
        // The root verifies nothing here: its key is not the signer's.
        #expect(joseError { try jws.verify(with: root.publicKey) }?.code == .badSignature)
    }

    @Test("a JWS we sign verifies in Python, and Python reads its claims", arguments: JWSAlgorithm.allCases)
    func weSignPythonVerifies(algorithm: JWSAlgorithm) throws {
        let keyAlgorithm = algorithm.keyAlgorithm
        let root = try TestPKI.root("JOSE interop root", algorithm: keyAlgorithm)
        let leaf = try TestPKI.leaf("verifier.example", under: root, extendedKeyUsage: nil, algorithm: keyAlgorithm)
        let claims: JSONValue = ["iss": "swift", "aud": ["https://self-issued.me/v2"], "exp": 1_767_229_200]
        let token = try JWS.sign(
            header: [
                "typ": "oauth-authz-req+jwt",
                "x5c": [
                    .string(Base64.encode(leaf.certificate.derEncoded)),
                    .string(Base64.encode(root.certificate.derEncoded)),
                ],
            ],
            payload: try claims.jsonEncoded(), key: leaf.key, algorithm: algorithm)
        let output = try Python.run(Self.pythonVerifier, input: Array(token.utf8), arguments: [algorithm.rawValue])
        let echoed = try JSONValue(jsonEncoded: output)
        #expect(echoed == claims)
    }

    @Test("Python refuses a JWS of ours whose payload was changed")
    func pythonRefusesTampered() throws {
        let root = try TestPKI.root("JOSE tamper root")
        let leaf = try TestPKI.leaf("tamper.example", under: root, extendedKeyUsage: nil)
        let token = try JWS.sign(
            header: ["x5c": [.string(Base64.encode(leaf.certificate.derEncoded))]], payload: Array("{}".utf8),
            key: leaf.key)
        var segments = token.split(separator: ".").map(String.init)
        segments[1] = Base64URL.encode(Array(#"{"a":1}"#.utf8))
        #expect(throws: PythonError.self) {
            try Python.run(
                Self.pythonVerifier, input: Array(segments.joined(separator: ".").utf8), arguments: ["ES256"])
        }
    }
}
