import COSE
import Foundation
import Presentation
import TestSupport
import Testing
import X509

/// Interop with an independent implementation: Python `cbor2` + `cryptography` build and sign DeviceRequests that
/// verify here, and verify here-signed ones there (ISO/IEC 18013-5 §9.1.4).
@Suite("ReaderAuthentication interop with Python")
struct ReaderAuthenticationInteropTests {
    /// Builds a reader PKI (root, leaf with the reader EKU) with cryptography's x509 builder, a SessionTranscript and
    /// a DeviceRequest with cbor2, in insertion order (not the deterministic encoding), and prints them as JSON.
    /// Arguments: the curve, then the request: `readerAuth` (two DocRequests, the first signed, the second not),
    /// `all-info`, `all-null` or `all-3` (version 1.1, two unsigned DocRequests and a readerAuthAll over the
    /// four-element ReaderAuthenticationAll with a deviceRequestInfo, with null, or over the three-element form).
    static let signThere = """
        import sys, json, hashlib, datetime, cbor2
        from cryptography import x509
        from cryptography.x509.oid import NameOID, ObjectIdentifier
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
        curve, alg, digest, size = {
            "P-256": (ec.SECP256R1(), -7, hashes.SHA256(), 32),
            "P-384": (ec.SECP384R1(), -35, hashes.SHA384(), 48),
        }[sys.argv[1]]
        start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
        def cert(name, key, issuer_name, issuer_key, ca, eku):
            b = (x509.CertificateBuilder()
                .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
                .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, issuer_name)]))
                .public_key(key.public_key()).serial_number(x509.random_serial_number())
                .not_valid_before(start).not_valid_after(start + datetime.timedelta(days=730))
                .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
            if eku:
                b = b.add_extension(x509.ExtendedKeyUsage([ObjectIdentifier("1.0.18013.5.1.6")]), critical=True)
            return b.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)
        root_key = ec.generate_private_key(ec.SECP256R1())
        leaf_key = ec.generate_private_key(curve)
        root = cert("py reader root", root_key, "py reader root", root_key, True, False)
        leaf = cert("py reader", leaf_key, "py reader root", root_key, False, True)
        engagement = cbor2.dumps({0: "1.0", 1: [1, cbor2.CBORTag(24, b"\\xa0")]})
        ereader = cbor2.dumps({1: 2, -1: 1})
        # A handover map in insertion order ("z" before "a"): a deterministic re-encoding would differ, so only a
        # transcript embedded as received verifies.
        transcript = cbor2.dumps([cbor2.CBORTag(24, engagement), cbor2.CBORTag(24, ereader), {"z": 1, "a": 2}])
        items = cbor2.dumps({
            "nameSpaces": {"org.iso.18013.5.1": {"given_name": True, "age_over_21": False}},
            "docType": "org.iso.18013.5.1.mDL",
            "requestInfo": {"purpose": "car rental"},
        })
        items_bytes = cbor2.CBORTag(24, items)
        def sign(content):
            protected = cbor2.dumps({1: alg})
            tbs = cbor2.dumps(["Signature1", protected, b"", cbor2.dumps(cbor2.CBORTag(24, content))])
            r, s = decode_dss_signature(leaf_key.sign(tbs, ec.ECDSA(digest)))
            return [protected, {33: [leaf, root]}, None, r.to_bytes(size, "big") + s.to_bytes(size, "big")]
        mode = sys.argv[2]
        if mode == "readerAuth":
            ra = b"\\x83" + cbor2.dumps("ReaderAuthentication") + transcript + cbor2.dumps(items_bytes)
            request = {"version": "1.0", "docRequests": [
                {"itemsRequest": items_bytes, "readerAuth": sign(ra)},
                {"itemsRequest": items_bytes},
            ]}
        else:
            photo = cbor2.dumps({"docType": "org.iso.23220.photoid.1", "nameSpaces": {"org.iso.23220.1": {"portrait": False}}})
            all_items = [items_bytes, cbor2.CBORTag(24, photo)]
            # The second ItemsRequestBytes with a byte-string head longer than needed (0x59 and two length bytes,
            # RFC 8949 allows it outside deterministic encoding), in the request and in the signed content alike:
            # only a verifier that embeds the bytes as received gets the same content.
            minimal = cbor2.dumps(cbor2.CBORTag(24, photo))
            assert minimal[:3] == bytes([0xd8, 0x18, 0x58])
            longer = bytes([0xd8, 0x18, 0x59, 0]) + minimal[3:]
            info = cbor2.CBORTag(24, cbor2.dumps({"useCases": []})) if mode == "all-info" else None
            head = cbor2.dumps("ReaderAuthenticationAll") + transcript + cbor2.dumps(all_items).replace(minimal, longer)
            raa = b"\\x83" + head if mode == "all-3" else b"\\x84" + head + cbor2.dumps(info)
            request = {"version": "1.1", "docRequests": [{"itemsRequest": i} for i in all_items]}
            if info is not None:
                request["deviceRequestInfo"] = info
            request["readerAuthAll"] = [sign(raa)]
        request = cbor2.dumps(request)
        if mode != "readerAuth":
            assert request.count(minimal) == 1
            request = request.replace(minimal, longer)
        print(json.dumps({
            "deviceRequest": request.hex(),
            "sessionTranscriptBytes": cbor2.dumps(cbor2.CBORTag(24, transcript)).hex(),
            "leafSHA256": hashlib.sha256(leaf).hexdigest(),
            "rootSHA256": hashlib.sha256(root).hexdigest(),
        }))
        """

    struct Signed: Decodable {
        let deviceRequest: String
        let sessionTranscriptBytes: String
        let leafSHA256: String
        let rootSHA256: String
    }

    @Test(
        "a DeviceRequest built and signed by cbor2 + cryptography verifies here", .requires(.interopModules),
        arguments: ["P-256", "P-384"])
    func signedThereVerifiesHere(curve: String) throws {
        let output = try Python.run(Self.signThere, input: [], arguments: [curve, "readerAuth"])
        let signed = try JSONDecoder().decode(Signed.self, from: Data(output))
        let request = try DeviceRequest(cborEncoded: hex(signed.deviceRequest))
        #expect(request.warnings.isEmpty)
        let first = try #require(request.docRequests.first).itemsRequest
        #expect(first.docType == "org.iso.18013.5.1.mDL")
        #expect(first.requestInfoKeys == ["purpose"])
        #expect(
            first.nameSpaces == [
                RequestedNameSpace(
                    name: "org.iso.18013.5.1",
                    elements: [
                        RequestedElement(identifier: "given_name", intentToRetain: true),
                        RequestedElement(identifier: "age_over_21", intentToRetain: false),
                    ])
            ])
        let transcript = try SessionTranscript(cborEncoded: hex(signed.sessionTranscriptBytes))
        #expect(transcript.encodedBytes != CBOREncoder().encode(transcript.node.value), "not in deterministic order")
        let report = request.verifyReaderAuthentication(sessionTranscript: transcript)
        let results = report.documents.map(\.readerAuthentication)
        #expect(results.count == 2)
        #expect(results[0].chain.map(\.sha256Hex) == [signed.leafSHA256, signed.rootSHA256], "\(results[0])")
        #expect(results[0].leaf?.subject.commonName == "py reader")
        #expect(results[1] == .notAuthenticated)
    }

    @Test(
        "a readerAuthAll built and signed by cbor2 + cryptography verifies here and covers both DocRequests",
        .requires(.interopModules), arguments: ["all-info", "all-null", "all-3"])
    func readerAuthAllSignedThereVerifiesHere(form: String) throws {
        let output = try Python.run(Self.signThere, input: [], arguments: ["P-256", form])
        let signed = try JSONDecoder().decode(Signed.self, from: Data(output))
        let request = try DeviceRequest(cborEncoded: hex(signed.deviceRequest))
        #expect(request.version == "1.1")
        #expect(request.requestedDocTypes == ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"])
        #expect((request.deviceRequestInfoBytes != nil) == (form == "all-info"))
        #expect(request.warnings.isEmpty, "\(request.warnings)")
        let transcript = try SessionTranscript(cborEncoded: hex(signed.sessionTranscriptBytes))
        let report = request.verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.readerAuthAll.count == 1)
        #expect(report.readerAuthAll[0].chain.map(\.sha256Hex) == [signed.leafSHA256, signed.rootSHA256], "\(report)")
        #expect(report.warnings.contains { $0.contains("three-element") } == (form == "all-3"))
        let root = try #require(report.readerAuthAll[0].chain.last)
        let decision = ProximityVerifier.decide(
            deviceRequest: request, sessionTranscript: transcript, trust: AnchoredReaderTrust(anchors: [root]),
            at: Date(timeIntervalSince1970: 1_750_000_000))
        #expect(decision.trusted, "\(decision.message)")
        #expect(decision.documents.map(\.trusted) == [true, true])
        #expect(decision.verifiedBy.commonName == "py reader")
    }

    /// Reads a DeviceRequest and a bare SessionTranscript (hex, one per line), builds ReaderAuthenticationBytes with
    /// cbor2 and verifies the first DocRequest's readerAuth with the x5chain leaf's key.
    static let verifyThere = """
        import sys, cbor2
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
        request_hex, transcript_hex = sys.stdin.read().split()
        request = cbor2.loads(bytes.fromhex(request_hex))
        doc = request["docRequests"][0]
        protected, unprotected, payload, signature = doc["readerAuth"]
        assert payload is None and cbor2.loads(protected) == {1: -7}
        chain = unprotected[33]
        leaf = x509.load_der_x509_certificate(chain if isinstance(chain, bytes) else chain[0])
        ra = b"\\x83" + cbor2.dumps("ReaderAuthentication") + bytes.fromhex(transcript_hex) + cbor2.dumps(doc["itemsRequest"])
        tbs = cbor2.dumps(["Signature1", protected, b"", cbor2.dumps(cbor2.CBORTag(24, ra))])
        r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
        leaf.public_key().verify(encode_dss_signature(r, s), tbs, ec.ECDSA(hashes.SHA256()))
        print("ok")
        """

    @Test(
        "a DeviceRequest signed here verifies in Python over cbor2's ReaderAuthenticationBytes",
        .requires(.interopModules))
    func signedHereVerifiesThere() throws {
        let pki = try SignedRequests.readerPKI()
        let transcript = try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
        let bytes = try SignedRequests.deviceRequest(
            transcript: transcript, signer: pki.leaf.key, chain: [pki.leaf.certificate, pki.root.certificate])
        let input = hexString(bytes) + "\n" + hexString(transcript.encodedBytes)
        #expect(String(decoding: try Python.run(Self.verifyThere, input: Array(input.utf8)), as: UTF8.self) == "ok\n")
        // And here, with the same request.
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.documents.first?.readerAuthentication.leaf == pki.leaf.certificate)
    }

    /// Reads a DeviceRequest and a bare SessionTranscript (hex, one per line), builds the four-element
    /// ReaderAuthenticationAllBytes with cbor2 (every DocRequest's ItemsRequestBytes, then the DeviceRequestInfoBytes
    /// or null) and verifies every readerAuthAll signature with its x5chain leaf's key; prints how many verified.
    static let verifyAllThere = """
        import sys, cbor2
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
        request_hex, transcript_hex = sys.stdin.read().split()
        request = cbor2.loads(bytes.fromhex(request_hex))
        assert request["version"] == "1.1" and all("readerAuth" not in doc for doc in request["docRequests"])
        items = b"".join(cbor2.dumps(doc["itemsRequest"]) for doc in request["docRequests"])
        head = bytes([0x80 + len(request["docRequests"])])
        info = cbor2.dumps(request.get("deviceRequestInfo"))
        content = (b"\\x84" + cbor2.dumps("ReaderAuthenticationAll") + bytes.fromhex(transcript_hex) + head + items
                   + info)
        verified = 0
        for protected, unprotected, payload, signature in request["readerAuthAll"]:
            assert payload is None and cbor2.loads(protected) == {1: -7}
            chain = unprotected[33]
            leaf = x509.load_der_x509_certificate(chain if isinstance(chain, bytes) else chain[0])
            tbs = cbor2.dumps(["Signature1", protected, b"", cbor2.dumps(cbor2.CBORTag(24, content))])
            r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
            leaf.public_key().verify(encode_dss_signature(r, s), tbs, ec.ECDSA(hashes.SHA256()))
            verified += 1
        print(verified)
        """

    @Test(
        "a readerAuthAll signed here verifies in Python over cbor2's ReaderAuthenticationAllBytes, with and without info",
        .requires(.interopModules), arguments: [true, false])
    func readerAuthAllSignedHereVerifiesThere(withInfo: Bool) throws {
        let pki = try SignedRequests.readerPKI()
        let transcript = try SessionTranscript(cborEncoded: AnnexD.sessionTranscriptBytes)
        let info = withInfo ? ReaderAuthenticationTests.deviceRequestInfo : nil
        let chain = [pki.leaf.certificate, pki.root.certificate]
        let bytes = try SignedRequests.deviceRequestSignedForAll(
            items: [SignedRequests.itemsRequest, ReaderAuthenticationTests.secondItems], info: info,
            transcript: transcript,
            signers: [(pki.leaf.key, chain), (pki.leaf.key, chain)])
        let input = hexString(bytes) + "\n" + hexString(transcript.encodedBytes)
        #expect(String(decoding: try Python.run(Self.verifyAllThere, input: Array(input.utf8)), as: UTF8.self) == "2\n")
        // And here, with the same request: both signatures, both DocRequests.
        let report = try DeviceRequest(cborEncoded: bytes).verifyReaderAuthentication(sessionTranscript: transcript)
        #expect(report.readerAuthAll.map(\.leaf) == [pki.leaf.certificate, pki.leaf.certificate])
        #expect(report.warnings.isEmpty, "\(report.warnings)")
    }
}
