import Foundation
import TestSupport
import X509

/// Request objects built by an independent implementation: Python `cryptography` makes the verifier PKI (root →
/// reader CA → reader leaves with a dNSName SAN and the reader EKU, an impostor under another root) and signs each
/// request object by hand (header JSON, base64url, raw `r‖s` from `decode_dss_signature`), never with the JOSE
/// module's signer. One Python run builds every job below; the result is shared by the suites.
enum PythonRequests {
    /// The decision time: one hour after ``TestPKI/referenceTime`` (``QueryWorld/now``), 2026-01-01T01:00:00Z.
    static let now = TestPKI.referenceTime + 3600
    /// The verifier's DNS name, a dNSName SAN of every leaf.
    static let host = "verifier.example.org"
    /// Its `x509_san_dns` client identifier.
    static let clientID = "x509_san_dns:verifier.example.org"
    /// Its response URI.
    static let responseURI = "https://verifier.example.org/post"
    /// A wallet issuer configured as an accepted audience in some tests.
    static let walletIssuer = "https://wallet.example.org/issuer"
    /// The `wallet_nonce` of the POST tests.
    static let walletNonce = "wn-qPmxiNFCR3QTm19POc8u"

    /// The DCQL query of every request: an mDL with two claims.
    static var dcqlQuery: [String: Any] {
        [
            "credentials": [
                [
                    "id": "mdl", "format": "mso_mdoc", "meta": ["doctype_value": "org.iso.18013.5.1.mDL"],
                    "claims": [
                        ["path": ["org.iso.18013.5.1", "family_name"], "intent_to_retain": false],
                        ["path": ["org.iso.18013.5.1", "portrait"]],
                    ],
                ]
            ]
        ]
    }

    /// The claims of a valid request object, with `changes` applied (NSNull removes a claim).
    static func claims(_ changes: [String: Any] = [:]) -> [String: Any] {
        var claims: [String: Any] = [
            "client_id": clientID, "response_type": "vp_token", "response_mode": "direct_post.jwt",
            "response_uri": responseURI, "nonce": "n-0S6_WzA2Mj", "state": "st-1",
            "aud": "https://self-issued.me/v2", "iat": Int(now.timeIntervalSince1970) - 60,
            "exp": Int(now.timeIntervalSince1970) + 600, "dcql_query": dcqlQuery,
        ]
        for (name, value) in changes {
            if value is NSNull { claims[name] = nil } else { claims[name] = value }
        }
        return claims
    }

    /// One request object to build: who signs, with which chain in `x5c`, and how.
    struct Job {
        var name: String
        var claims: [String: Any] = PythonRequests.claims()
        /// A raw payload instead of `claims` (for the nesting test).
        var payloadText: String?
        var signer = "leaf"
        var chain = ["leaf", "ca"]
        /// `std` (RFC 7515 §4.1.6), `url` (the base64url mistake) or `none`.
        var x5c = "std"
        /// `typ`; nil leaves it out.
        var typ: String? = "oauth-authz-req+jwt"
        /// `sign`, `none` (alg none, empty signature), `hmac` (HS256 keyed with the leaf's public key PEM),
        /// `es256-on-p384` (header ES256, signed with the P-384 key and SHA-256), `rs256` (RSASSA-PKCS1-v1_5 with the RSA
        /// key, RFC 7518 §3.3). An RSA signer otherwise signs PS256 (RSASSA-PSS, salt as long as the hash).
        var mode = "sign"

        var json: [String: Any] {
            var job: [String: Any] = [
                "name": name, "claims": claims, "signer": signer, "chain": chain, "x5c": x5c, "mode": mode,
            ]
            if let payloadText { job["payload_text"] = payloadText }
            if let typ { job["typ"] = typ }
            return job
        }
    }

    static let nestingDepth = 100_000

    /// Every request object the tests use.
    static var jobs: [Job] {
        [
            Job(name: "san_dns"),
            Job(name: "san_dns_with_root", chain: ["leaf", "ca", "root"]),
            Job(name: "x509_hash", claims: claims(["client_id": "x509_hash:X509_HASH(leaf)"])),
            Job(name: "es384", signer: "leaf384", chain: ["leaf384", "ca"]),
            Job(name: "eddsa", signer: "leafed", chain: ["leafed", "ca"]),
            Job(name: "ps256", signer: "leafrsa", chain: ["leafrsa", "ca"]),
            Job(name: "rs256", signer: "leafrsa", chain: ["leafrsa", "ca"], mode: "rs256"),
            Job(name: "draft_scheme", claims: claims(["client_id": host, "client_id_scheme": "x509_san_dns"])),
            Job(name: "draft_bare", claims: claims(["client_id": host])),
            Job(name: "pre_registered", claims: claims(["client_id": "verifier-123"])),
            Job(name: "no_eku", signer: "noeku", chain: ["noeku", "ca"]),
            Job(name: "impostor", signer: "other", chain: ["other", "otherroot"]),
            Job(name: "alg_none", mode: "none"),
            Job(name: "hs256", mode: "hmac"),
            Job(name: "es256_on_p384", signer: "leaf384", chain: ["leaf384", "ca"], mode: "es256-on-p384"),
            Job(name: "x5c_base64url", x5c: "url"),
            Job(name: "no_x5c", x5c: "none"),
            Job(
                name: "san_mismatch",
                claims: claims([
                    "client_id": "x509_san_dns:evil.example.com", "response_uri": "https://evil.example.com/post",
                ])),
            Job(name: "response_uri_mismatch", claims: claims(["response_uri": "https://evil.example.com/post"])),
            Job(
                name: "hash_mismatch",
                claims: claims(["client_id": "x509_hash:Uvo3HtuIxuhC92rShpgqcT3YXwrqRxWEviRiA0OZszk"])),
            Job(
                name: "expired",
                claims: claims([
                    "iat": Int(now.timeIntervalSince1970) - 7200, "exp": Int(now.timeIntervalSince1970) - 3600,
                ])),
            Job(name: "not_yet_valid", claims: claims(["nbf": Int(now.timeIntervalSince1970) + 3600])),
            Job(name: "wrong_aud", claims: claims(["aud": "https://wallet.example.com"])),
            Job(name: "missing_aud", claims: claims(["aud": NSNull()])),
            Job(name: "issuer_aud", claims: claims(["aud": walletIssuer])),
            Job(name: "wrong_typ", typ: "JWT"),
            Job(name: "missing_typ", typ: nil),
            Job(
                name: "missing_response_uri",
                claims: claims(["response_mode": "direct_post", "response_uri": NSNull()])),
            Job(name: "wallet_nonce", claims: claims(["wallet_nonce": walletNonce])),
            Job(name: "other_wallet_nonce", claims: claims(["wallet_nonce": "wn-replayed"])),
            Job(name: "unsupported_response_type", claims: claims(["response_type": "code"])),
            Job(
                name: "redirect_uri_signed",
                claims: claims([
                    "client_id": "redirect_uri:https://verifier.example.org/post", "response_mode": "fragment",
                    "response_uri": NSNull(), "redirect_uri": "https://verifier.example.org/post",
                ])),
            Job(
                name: "nested",
                payloadText: #"{"client_id":"x509_san_dns:verifier.example.org","deep":"#
                    + String(repeating: "[", count: nestingDepth) + String(repeating: "]", count: nestingDepth) + "}"),
        ]
    }

    /// The builder and signer, run once with every job on standard input.
    static let script = """
        import sys, json, base64, hashlib, hmac, datetime
        from cryptography import x509
        from cryptography.x509.oid import NameOID, ObjectIdentifier
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

        def b64u(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
        def b64(data): return base64.b64encode(data).decode()
        utc = datetime.timezone.utc
        start, end = datetime.datetime(2025, 1, 1, tzinfo=utc), datetime.datetime(2027, 1, 1, tzinfo=utc)
        reader_eku = ObjectIdentifier("1.0.18013.5.1.6")
        keys = {
            "root": ec.generate_private_key(ec.SECP256R1()), "ca": ec.generate_private_key(ec.SECP256R1()),
            "leaf": ec.generate_private_key(ec.SECP256R1()), "leaf384": ec.generate_private_key(ec.SECP384R1()),
            "leafed": ed25519.Ed25519PrivateKey.generate(), "noeku": ec.generate_private_key(ec.SECP256R1()),
            "leafrsa": rsa.generate_private_key(public_exponent=65537, key_size=2048),
            "otherroot": ec.generate_private_key(ec.SECP256R1()), "other": ec.generate_private_key(ec.SECP256R1()),
        }
        names = {
            "root": "py verifier root", "ca": "py reader CA", "leaf": "py verifier", "leaf384": "py verifier P-384",
            "leafed": "py verifier Ed25519", "leafrsa": "py verifier RSA", "noeku": "py verifier without EKU",
            "otherroot": "py other root",
            "other": "py impostor",
        }
        def name(n): return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
                                       x509.NameAttribute(NameOID.COMMON_NAME, names[n])])
        certs = {}
        def issue(n, issuer, ca, eku, dns):
            key, issuer_key = keys[n], keys[issuer]
            b = (x509.CertificateBuilder().subject_name(name(n)).issuer_name(name(issuer))
                 .public_key(key.public_key()).serial_number(x509.random_serial_number())
                 .not_valid_before(start).not_valid_after(end)
                 .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
                 .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
                 .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()),
                                critical=False))
            if ca:
                b = b.add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), True)
            else:
                b = b.add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), True)
            if eku:
                b = b.add_extension(x509.ExtendedKeyUsage([reader_eku]), critical=True)
            if dns:
                b = b.add_extension(x509.SubjectAlternativeName([x509.DNSName(d) for d in dns]), critical=False)
            certs[n] = b.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)
        sans = ["www.verifier.example.org", "Verifier.Example.ORG"]
        issue("root", "root", True, False, None)
        issue("ca", "root", True, False, None)
        for leaf in ["leaf", "leaf384", "leafed", "leafrsa"]:
            issue(leaf, "ca", False, True, sans)
        issue("noeku", "ca", False, False, sans)
        issue("otherroot", "otherroot", True, False, None)
        issue("other", "otherroot", False, True, ["verifier.example.org"])

        def sign(job):
            key = keys[job["signer"]]
            mode = job["mode"]
            if isinstance(key, ed25519.Ed25519PrivateKey):
                alg = "EdDSA"
            elif isinstance(key, rsa.RSAPrivateKey):
                alg, digest = ("RS256" if mode == "rs256" else "PS256"), hashes.SHA256()
            else:
                alg, digest, size = {256: ("ES256", hashes.SHA256(), 32), 384: ("ES384", hashes.SHA384(), 48)}[key.curve.key_size]
            if mode == "none": alg = "none"
            if mode == "hmac": alg = "HS256"
            if mode == "es256-on-p384": alg, digest = "ES256", hashes.SHA256()
            header = {"alg": alg}
            if "typ" in job: header["typ"] = job["typ"]
            if job["x5c"] != "none":
                encode = b64 if job["x5c"] == "std" else b64u
                header["x5c"] = [encode(certs[c]) for c in job["chain"]]
            if "payload_text" in job:
                payload = job["payload_text"].encode()
            else:
                text = json.dumps(job["claims"], separators=(",", ":"))
                text = text.replace("X509_HASH(leaf)", b64u(hashlib.sha256(certs["leaf"]).digest()))
                payload = text.encode()
            signing_input = (b64u(json.dumps(header, separators=(",", ":")).encode()) + "." + b64u(payload)).encode()
            if mode == "none":
                signature = b""
            elif mode == "hmac":
                pem = keys["leaf"].public_key().public_bytes(serialization.Encoding.PEM,
                                                            serialization.PublicFormat.SubjectPublicKeyInfo)
                signature = hmac.new(pem, signing_input, hashlib.sha256).digest()
            elif alg == "EdDSA":
                signature = key.sign(signing_input)
            elif alg == "PS256":
                signature = key.sign(signing_input,
                                     padding.PSS(mgf=padding.MGF1(digest), salt_length=padding.PSS.DIGEST_LENGTH), digest)
            elif alg == "RS256":
                signature = key.sign(signing_input, padding.PKCS1v15(), digest)
            else:
                r, s = decode_dss_signature(key.sign(signing_input, ec.ECDSA(digest)))
                signature = r.to_bytes(size, "big") + s.to_bytes(size, "big")
            return signing_input.decode() + "." + b64u(signature)

        jobs = json.load(sys.stdin)
        print(json.dumps({"certs": {n: b64(d) for n, d in certs.items()},
                          "jws": {job["name"]: sign(job) for job in jobs}}))
        """

    /// What the Python run produced.
    struct Built: Sendable {
        /// The certificates by name (`root`, `ca`, `leaf`, `leaf384`, `leafed`, `leafrsa`, `noeku`, `otherroot`,
        /// `other`).
        let certificates: [String: Certificate]
        /// The request objects by job name.
        let requests: [String: String]

        /// The request object of a job.
        func request(_ name: String) -> String { requests[name] ?? "" }
        /// A certificate by name.
        func certificate(_ name: String) -> Certificate { certificates[name]! }
    }

    /// The shared result of the one Python run.
    static let built: Result<Built, any Error> = {
        do {
            let input = try JSONSerialization.data(withJSONObject: jobs.map(\.json))
            let output = try Python.run(script, input: Array(input))
            guard let object = try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any],
                let certs = object["certs"] as? [String: String], let jws = object["jws"] as? [String: String]
            else {
                return .failure(BuildFailure(message: "unexpected output: \(String(decoding: output, as: UTF8.self))"))
            }
            var certificates: [String: Certificate] = [:]
            for (name, text) in certs {
                certificates[name] = try Certificate(derEncoded: Array(Data(base64Encoded: text) ?? Data()))
            }
            return .success(Built(certificates: certificates, requests: jws))
        } catch {
            return .failure(error)
        }
    }()

    /// The built requests and certificates.
    /// - Throws: the Python run's failure.
    static func load() throws -> Built { try built.get() }

    /// A Python run whose output could not be read.
    struct BuildFailure: Error {
        let message: String
    }
}
