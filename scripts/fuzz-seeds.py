#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (one folder per target) into a scratch folder.

Usage: fuzz-seeds.py OUT REPO FIXTURES [--demo DIR]

Seeds come from files that stay where they are (nothing is copied into the project): the real lists and roots in
FIXTURES (../shared/fixtures/real) and the EU LoTE payloads beside it (../shared/fixtures/lote), the example configuration in REPO/config, the ISO/IEC 18013-5 Annex D vectors in
REPO/Sources/TestSupport/AnnexD (and the certificates all of these carry), and, with --demo, the folder `trustctl demo --dir DIR` left behind
(a snapshot.json, a configuration, two signed lists, two request objects, reader and document signer chains, credentials). Payloads are taken out of the signed lists with Python's cbor2;
without cbor2 the payload targets get only the small seeds written here. Every source that is missing is skipped
with a note: a target with no seed at all still runs, from an empty corpus.
"""

import base64
import hashlib
import json
import re
import sys
from pathlib import Path

try:
    import cbor2
except ImportError:
    cbor2 = None


def note(message):
    print(f"fuzz-seeds: {message}", file=sys.stderr)


class Seeds:
    def __init__(self, out):
        self.out = out
        self.counts = {}

    def add(self, target, data, name=None):
        """Writes one seed; the name is the content's hash unless given, so the same seed is never written twice."""
        if isinstance(data, str):
            data = data.encode()
        folder = self.out / target
        folder.mkdir(parents=True, exist_ok=True)
        (folder / (name or hashlib.sha256(data).hexdigest()[:16])).write_bytes(data)
        self.counts[target] = self.counts.get(target, 0) + 1


def annex_d(repo):
    """The hex constants of the tests' ISO/IEC 18013-5 Annex D vectors (Sources/TestSupport/AnnexD): name -> bytes."""
    paths = sorted((repo / "Sources/TestSupport/AnnexD").glob("*.swift"))
    if not paths:
        note(f"{repo / 'Sources/TestSupport/AnnexD'} has no vectors: no Annex D seeds")
        return {}
    text = "".join(path.read_text() for path in paths)
    found = {}
    for name, body in re.findall(r'static let (\w+) = hex\(\s*"""(.*?)"""', text, re.S):
        found[name] = bytes.fromhex("".join(body.split()))
    return found


def signed_for_all(request, transcript):
    """The version 1.1 `request` (encoded) with its readerAuthAll replaced by one signature that verifies: ES256 over
    the four-element ReaderAuthenticationAllBytes (`transcript` is the bare SessionTranscript), by a fixed key with a
    self-signed x5chain. None when Python's cryptography is absent."""
    try:
        import datetime
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
        from cryptography.x509.oid import NameOID
    except ImportError:
        note("Python cryptography absent: no signed readerAuthAll seed")
        return None
    key = ec.derive_private_key(0x5EED, ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fuzz seed reader")])
    start = datetime.datetime(2025, 1, 1, tzinfo=datetime.timezone.utc)
    certificate = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
                   .serial_number(1).not_valid_before(start).not_valid_after(start + datetime.timedelta(days=3650))
                   .sign(key, hashes.SHA256()))
    decoded = cbor2.loads(request)
    items = b"".join(cbor2.dumps(doc["itemsRequest"]) for doc in decoded["docRequests"])
    content = (b"\x84" + cbor2.dumps("ReaderAuthenticationAll") + transcript
               + bytes([0x80 + len(decoded["docRequests"])]) + items + cbor2.dumps(decoded.get("deviceRequestInfo")))
    protected = cbor2.dumps({1: -7})
    to_be_signed = cbor2.dumps(["Signature1", protected, b"", cbor2.dumps(cbor2.CBORTag(24, content))])
    r, s = decode_dss_signature(key.sign(to_be_signed, ec.ECDSA(hashes.SHA256())))
    signature = r.to_bytes(32, "big") + s.to_bytes(32, "big")
    der = certificate.public_bytes(serialization.Encoding.DER)
    decoded["readerAuthAll"] = [[protected, {33: der}, None, signature]]
    return cbor2.dumps(decoded)


def pem_blocks(text):
    """The DER of every PEM CERTIFICATE block of a text."""
    return [
        base64.b64decode("".join(body.split()))
        for body in re.findall(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", text, re.S)
    ]


def reduced(payload, keep):
    """A payload (decoded with cbor2) with only its first `keep` entries, encoded again."""
    smaller = dict(payload)
    smaller["certificateInfos"] = list(payload["certificateInfos"])[:keep]
    return cbor2.dumps(smaller)


def device_request_input(transcript, request):
    """The input layout of the device-request target: 2-byte big-endian length, transcript, request."""
    return len(transcript).to_bytes(2, "big") + transcript + request


def request_claims(**changes):
    """OpenID4VP request object claims for the fuzz verifier (verifier.example), valid at 2026-12-01T10:00:00Z."""
    claims = {
        "client_id": "x509_san_dns:verifier.example", "response_type": "vp_token", "response_mode": "direct_post",
        "response_uri": "https://verifier.example/response", "aud": "https://self-issued.me/v2", "nonce": "n-0S6",
        "iat": 1796119100, "exp": 1796119700,
        "dcql_query": {"credentials": [{"id": "mdl", "format": "mso_mdoc",
                                        "meta": {"doctype_value": "org.iso.18013.5.1.mDL"},
                                        "claims": [{"path": ["org.iso.18013.5.1", "family_name"]}]}]},
    }
    claims.update(changes)
    return json.dumps({k: v for k, v in claims.items() if v is not None}).encode()


def presentation_seeds(seeds, demo, vectors):
    """Seeds of the openid4vp and http-api targets (their first bytes pick a mode or a route; see the targets)."""
    jwts = sorted((demo / "published").glob("*.jwt")) if demo else []
    compacts = [path.read_text().strip() for path in jwts]
    for compact in compacts:
        seeds.add("openid4vp", b"\x01" + compact.encode())
        url = "openid4vp://?client_id=x509_san_dns%3Averifier.example&request_uri=https%3A%2F%2Fverifier.example%2Fr"
        seeds.add("openid4vp", b"\x00" + url.encode() + b"\n" + compact.encode())
        seeds.add("openid4vp", b"\x00" + ("openid4vp://?request=" + compact).encode())
    for changes in [{}, {"response_mode": "direct_post.jwt"}, {"response_uri": "http://verifier.example/r"},
                    {"response_mode": "fragment", "response_uri": None, "redirect_uri": "https://verifier.example/cb"},
                    {"response_mode": "dc_api", "response_uri": None, "expected_origins": ["https://verifier.example"]},
                    {"client_id": "verifier.example", "client_id_scheme": "x509_san_dns"}, {"exp": 1}]:
        seeds.add("openid4vp", b"\x02" + request_claims(**changes))
    seeds.add("openid4vp", b"\x00openid4vp://?client_id=redirect_uri%3Ahttps%3A%2F%2Fv.example%2Fcb"
              b"&response_type=vp_token&nonce=n&redirect_uri=https%3A%2F%2Fv.example%2Fcb"
              b"&dcql_query=%7B%22credentials%22%3A%5B%5D%7D")

    chain = []
    if demo and (demo / "pki/reader-chain.pem").exists():
        chain = [base64.b64encode(der).decode() for der in pem_blocks((demo / "pki/reader-chain.pem").read_text())]
    issuer = []
    if demo and (demo / "pki/document-signer-chain.pem").exists():
        issuer = [base64.b64encode(der).decode() for der in
                  pem_blocks((demo / "pki/document-signer-chain.pem").read_text())]
    bodies = [
        (0, {"x5c": chain}), (0, {"x5c": chain, "at": "2026-12-01T10:00:00Z"}),
        (1, {"x5c": issuer, "docType": "org.iso.18013.5.1.mDL"}),
        (2, {"request": compacts[0] if compacts else "e30.e30.", "clientID": "x509_san_dns:verifier.example"}),
        (2, {"url": "openid4vp://?request_uri=https%3A%2F%2Fverifier.example%2Fr"}),
        (4, {"subject": {"type": "key", "id": "verifier.example"},
             "resource": {"type": "x5c", "id": "verifier.example", "key": chain},
             "action": {"name": "mdoc-reader"}}),
        (4, {"subject": {"type": "key", "id": "DS"}, "resource": {"type": "x5c", "id": "DS", "key": issuer},
             "action": {"name": "mdl-issuer", "parameters": {"credential_types": ["org.iso.18013.5.1.mDL"]}}}),
    ]
    if "deviceRequest" in vectors and "sessionTranscriptBytes" in vectors:
        bodies.append((3, {"deviceRequest": base64.b64encode(vectors["deviceRequest"]).decode(),
                           "sessionTranscript": base64.b64encode(vectors["sessionTranscriptBytes"]).decode()}))
    for route, body in bodies:
        seeds.add("http-api", bytes([route, 0]) + json.dumps(body).encode())


def lote_seeds(seeds, folder):
    """Seeds of the lote target (its first byte modulo 3 picks a mode: 0 payload, 1 signed document, 2 payload signed
    there, by the RSA signer when the byte's high bit is set, as in 0x80): the EU LoTE payloads in FOLDER (../shared/fixtures/lote), a small hand-made LoTE, and JWS shapes around them."""
    small = json.dumps({"LoTE": {
        "ListAndSchemeInformation": {
            "LoTEVersionIdentifier": 1, "LoTESequenceNumber": 2,
            "LoTEType": "http://uri.etsi.org/19602/LoTEType/EUWRPACProvidersList",
            "SchemeOperatorName": [{"lang": "en", "value": "Fuzz"}], "SchemeTerritory": "EU",
            "ListIssueDateTime": "2026-01-01T00:00:00Z", "NextUpdate": "2026-07-01T00:00:00Z"},
        "TrustedEntitiesList": [{
            "TrustedEntityInformation": {"TEName": [{"lang": "en", "value": "E"}]},
            "TrustedEntityServices": [{
                "ServiceInformation": {
                    "ServiceTypeIdentifier": "http://uri.etsi.org/19602/SvcType/WRPAC/Issuance",
                    "ServiceName": [{"lang": "en", "value": "S"}],
                    "ServiceDigitalIdentity": {"PublicKeyValues": [{"kty": "EC", "crv": "P-256"}],
                                               "X509SKIs": ["AQID"]},
                    "ServiceStatus": "http://uri.etsi.org/19602/Svcstatus/withdrawn",
                    "StatusStartingTime": "2026-02-01T00:00:00Z"},
                "ServiceHistory": [{"ServiceName": [], "ServiceDigitalIdentity": {},
                                    "ServiceStatus": "granted", "StatusStartingTime": "2025-01-01T00:00:00Z"}]}]}]}})
    payloads = [small.encode()]
    if folder.is_dir():
        payloads += [path.read_bytes() for path in sorted(folder.glob("*.json"))]
    else:
        note(f"{folder} absent: only the hand-made LoTE as a seed")
    b64u = lambda data: base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    header = b64u(json.dumps({"alg": "ES256", "x5c": ["AAAA"], "sigT": "2026-01-01T00:00:00Z",
                              "crit": ["sigT"], "x5t#S256": b64u(bytes(32))}).encode())
    for payload in payloads:
        seeds.add("lote", b"\x00" + payload)
        seeds.add("lote", b"\x02" + payload)
        seeds.add("lote", b"\x80" + payload)
    compact = header + "." + b64u(small.encode()) + "." + b64u(bytes(64))
    seeds.add("lote", b"\x01" + compact.encode())
    seeds.add("lote", b"\x01" + json.dumps({"payload": b64u(small.encode()), "protected": header,
                                              "header": {"kid": "k"}, "signature": b64u(bytes(64))}).encode())
    seeds.add("lote", b"\x01" + json.dumps({"payload": b64u(small.encode()),
                                              "signatures": [{"protected": header, "signature": ""}]}).encode())
    seeds.add("lote", b"\x01<?xml version=\"1.0\"?><LoTE/>")
    ps256 = b64u(json.dumps({"alg": "PS256", "x5c": ["AAAA"], "sigT": "2026-01-01T00:00:00Z",
                             "crit": ["sigT"]}).encode())
    seeds.add("lote", b"\x01" + (ps256 + "." + b64u(small.encode()) + "." + b64u(bytes(256))).encode())


def crl_seeds(seeds):
    """CRLs for the `crl` target, signed with the fixed key of Fuzz/crl (P-256 scalar 0xC21CA, CA "CN=fuzz CRL CA"):
    one of each kind the verifier refuses or warns about, in DER, and one in PEM with text around it. Nothing without
    Python's cryptography."""
    try:
        import datetime
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec
        from cryptography.x509.oid import NameOID, ObjectIdentifier
    except ImportError:
        note("Python cryptography absent: no CRL seeds")
        return
    key = ec.derive_private_key(0xC21CA, ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fuzz CRL CA")])
    ref = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    day = datetime.timedelta(days=1)

    def entry(serial, extensions=()):
        builder = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(ref - 2 * day)
        for extension, critical in extensions:
            builder = builder.add_extension(extension, critical)
        return builder.build()

    def crl(this=ref - day, next=ref + 7 * day, number=5, extensions=(), entries=None):
        builder = x509.CertificateRevocationListBuilder().issuer_name(name).last_update(this).next_update(next)
        if number is not None:
            builder = builder.add_extension(x509.CRLNumber(number), critical=False)
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False)
        for extension, critical in extensions:
            builder = builder.add_extension(extension, critical)
        for revoked in entries if entries is not None else [entry(s) for s in (1, 0x80, 0x8F12345678, 1 << 150)]:
            builder = builder.add_revoked_certificate(revoked)
        return builder.sign(key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)

    good = crl()
    seeds.add("crl", good)
    seeds.add("crl", b"junk\n" + x509.load_der_x509_crl(good).public_bytes(serialization.Encoding.PEM) + b"x")
    seeds.add("crl", crl(entries=[]))
    seeds.add("crl", crl(number=None))
    seeds.add("crl", crl(this=ref - 9 * day, next=ref - day))
    seeds.add("crl", crl(this=ref + day, next=ref + 9 * day))
    seeds.add("crl", crl(extensions=[(x509.DeltaCRLIndicator(4), True)]))
    seeds.add("crl", crl(extensions=[(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.1"), b"\x05\x00"), True)]))
    seeds.add("crl", crl(extensions=[(x509.IssuingDistributionPoint(
        full_name=None, relative_name=None, only_contains_user_certs=False, only_contains_ca_certs=False,
        only_some_reasons=frozenset([x509.ReasonFlags.key_compromise]), indirect_crl=True,
        only_contains_attribute_certs=False), True)]))
    seeds.add("crl", crl(entries=[entry(7, [(x509.CRLReason(x509.ReasonFlags.key_compromise), False)]), entry(
        8, [(x509.CertificateIssuer([x509.DirectoryName(name)]), True)])]))


def status_list_seeds(seeds):
    """Inputs for the `status-list` target, each behind its mode byte: tokens (0) signed by a leaf the fixed CA of
    Fuzz/status-list issues (CA key: P-256 scalar 0x5747A5, "CN=fuzz status CA"; leaf key 0x5747A6), JWT and CWT, valid
    and refused ones; compressed lists (1) at each bits; an MSO status (2) and JWT claims (3) with a status reference.
    Nothing without Python's cryptography and cbor2."""
    try:
        import datetime
        import zlib
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec, utils
        from cryptography.x509.oid import NameOID
    except ImportError:
        note("Python cryptography absent: no status list seeds")
        return
    if cbor2 is None:
        note("cbor2 absent: no status list seeds")
        return
    ca_key = ec.derive_private_key(0x5747A5, ec.SECP256R1())
    leaf_key = ec.derive_private_key(0x5747A6, ec.SECP256R1())
    ref = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
    day = datetime.timedelta(days=1)
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fuzz status signer")]))
        .issuer_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "fuzz status CA")]))
        .public_key(leaf_key.public_key()).serial_number(7)
        .not_valid_before(ref - 365 * day).not_valid_after(ref + 365 * day)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    ).public_bytes(serialization.Encoding.DER)
    uri = "https://fuzz.example/statuslists/1"

    def b64u(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    def sign(data):
        r, s = utils.decode_dss_signature(leaf_key.sign(data, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")

    def claims(bits, statuses, **changes):
        per = 8 // bits
        array = bytearray((len(statuses) + per - 1) // per)
        for index, value in enumerate(statuses):
            array[index // per] |= value << ((index % per) * bits)
        values = {"sub": uri, "iat": int((ref - day).timestamp()), "exp": int((ref + day).timestamp()), "ttl": 3600,
                  "status_list": {"bits": bits, "lst": zlib.compress(bytes(array), 9)}}
        values.update(changes)
        return values

    def jwt(values, typ="statuslist+jwt"):
        body = dict(values, status_list=dict(values["status_list"], lst=b64u(values["status_list"]["lst"])))
        header = {"alg": "ES256", "typ": typ, "x5c": [base64.b64encode(leaf).decode()]}
        signing_input = (b64u(json.dumps(header).encode()) + "." + b64u(json.dumps(body).encode())).encode()
        return signing_input + b"." + b64u(sign(signing_input)).encode()

    def cwt(values, tagged=True, typ="application/statuslist+cwt"):
        keys = {"sub": 2, "iat": 6, "exp": 4, "ttl": 65534, "status_list": 65533}
        protected = cbor2.dumps({1: -7, 16: typ})
        payload = cbor2.dumps({keys[k]: v for k, v in values.items()})
        message = [protected, {33: leaf}, payload, sign(cbor2.dumps(["Signature1", protected, b"", payload]))]
        return cbor2.dumps(cbor2.CBORTag(18, message) if tagged else message)

    for bits in (1, 2, 4, 8):
        statuses = [(i * 7919) % (1 << bits) if i % 5 == 0 else 0 for i in range(64)]
        seeds.add("status-list", b"\x00" + jwt(claims(bits, statuses)))
        seeds.add("status-list", b"\x00" + cwt(claims(bits, statuses)))
        seeds.add("status-list", bytes([1, {1: 0, 2: 1, 4: 2, 8: 3}[bits]]) + claims(bits, statuses)["status_list"]["lst"])
    seeds.add("status-list", b"\x00" + cwt(claims(1, [1, 0, 1]), tagged=False))
    seeds.add("status-list", b"\x00" + cwt(claims(1, [1, 0, 1], exp=int((ref - day).timestamp()))))
    seeds.add("status-list", b"\x00" + jwt(claims(2, [2, 1], sub="https://fuzz.example/statuslists/2")))
    seeds.add("status-list", b"\x00" + jwt(claims(2, [2, 1]), typ="JWT"))
    seeds.add("status-list", b"\x00" + cwt(claims(3, [0])))
    seeds.add("status-list", b"\x01\x00" + zlib.compress(bytes(4096)))
    seeds.add("status-list", b"\x02" + cbor2.dumps({"status_list": {"idx": 412, "uri": uri, "certificate": leaf}}))
    seeds.add("status-list", b"\x02" + cbor2.dumps({"identifier_list": {"id": b"\x01\x02", "uri": uri}}))
    seeds.add("status-list", b"\x03" + json.dumps({"status": {"status_list": {"idx": 0, "uri": uri}}}).encode())


def credential_seeds(seeds, repo, demo):
    """Seeds of the mdoc and sd-jwt targets (their modes are the first byte, see Fuzz/mdoc and Fuzz/sd-jwt): the Annex D
    DeviceResponse of the credential tests, an MSO and items that the mdoc target's document signer makes trusted when
    it signs them (mode 2), an SD-JWT payload and disclosures that the sd-jwt target's issuer makes trusted (mode 1),
    and the demo's credentials."""
    found = annex_d(repo)
    response = found.get("deviceResponse")
    transcript = found.get("sessionTranscriptBytes", bytes.fromhex("83f6f6f6"))
    if response:
        seeds.add("mdoc", b"\x00" + response)
        seeds.add("mdoc", b"\x01" + device_request_input(transcript, response))
        seeds.add("cbor", response)
    if demo:
        for path in sorted((demo / "published/credentials").glob("*.cbor")):
            seeds.add("mdoc", b"\x00" + path.read_bytes())
            seeds.add("mdoc", b"\x01" + device_request_input(bytes.fromhex("83f6f6f6"), path.read_bytes()))
        for path in sorted((demo / "published/credentials").glob("*.sd-jwt")):
            seeds.add("sd-jwt", b"\x00" + path.read_bytes())
    if cbor2 is None:
        note("Python cbor2 absent: no signed-here mdoc seeds")
    elif response:
        document = cbor2.loads(response)["documents"][0]
        mso = cbor2.loads(cbor2.loads(document["issuerSigned"]["issuerAuth"][2]).value)
        # Items and an MSO valid at the targets' time (2026-01-02), with the Annex D device key.
        items = [cbor2.CBORTag(24, cbor2.dumps({"digestID": i, "random": bytes([i]) * 16, "elementIdentifier": name,
                                                "elementValue": value}))
                 for i, (name, value) in enumerate([("family_name", "Doe"), ("issuing_country", "US"),
                                                    ("age_over_18", True), ("birth_date", cbor2.CBORTag(1004, "1990-01-01"))])]
        digests = {i: hashlib.sha256(cbor2.dumps(item)).digest() for i, item in enumerate(items)}
        valid = {"version": "1.0", "digestAlgorithm": "SHA-256", "valueDigests": {"org.iso.18013.5.1": digests},
                 "deviceKeyInfo": mso["deviceKeyInfo"], "docType": "org.iso.18013.5.1.mDL",
                 "validityInfo": {"signed": cbor2.CBORTag(0, "2026-01-01T00:00:00Z"),
                                  "validFrom": cbor2.CBORTag(0, "2026-01-01T00:00:00Z"),
                                  "validUntil": cbor2.CBORTag(0, "2027-01-01T00:00:00Z")}}
        for payload, spaces in [
            (cbor2.dumps(cbor2.CBORTag(24, cbor2.dumps(valid))), {"org.iso.18013.5.1": items}),
            (document["issuerSigned"]["issuerAuth"][2], document["issuerSigned"]["nameSpaces"]),
        ]:
            seeds.add("mdoc", b"\x02" + len(payload).to_bytes(2, "big") + payload + cbor2.dumps(spaces))
    # An SD-JWT payload and its disclosures (SD-JWT section 4.2), trusted once the target signs the payload.
    def b64(data):
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()
    def disclosure(*elements):
        return b64(json.dumps(["c2FsdA"] + list(elements)).encode())
    def digest(text):
        return b64(hashlib.sha256(text.encode()).digest())
    street = disclosure("street_address", "Heidestrasse 17")
    address = disclosure("address", {"_sd": [digest(street)], "country": "DE"})
    given = disclosure("given_name", "Erika")
    nationality = disclosure("DE")
    payload = json.dumps({"_sd": [digest(given), digest(address)], "_sd_alg": "sha-256", "vct": "urn:eudi:pid:1",
                          "iss": "https://issuer.fuzz.test", "iat": 1767225600, "exp": 1798761600,
                          "nationalities": [{"...": digest(nationality)}]}).encode()
    rest = "~" + "~".join([given, address, street, nationality]) + "~"
    seeds.add("sd-jwt", b"\x01" + len(payload).to_bytes(2, "big") + payload + rest.encode())
    header = b64(json.dumps({"alg": "ES256", "typ": "dc+sd-jwt"}).encode())
    seeds.add("sd-jwt", b"\x00" + (header + "." + b64(payload) + "." + b64(bytes(64)) + rest).encode())


def main():
    args = sys.argv[1:]
    demo = None
    if "--demo" in args:
        index = args.index("--demo")
        demo = Path(args[index + 1])
        del args[index : index + 2]
    if len(args) != 3:
        sys.exit(__doc__)
    out, repo, fixtures = (Path(a) for a in args)
    seeds = Seeds(out)

    # Small hand-made CBOR: each kind of head, indefinite lengths, tags, floats, a duplicate-free nested map, dates.
    date = b"\xc0\x74" + b"2024-09-24T17:37:31Z"
    for text in [
        "00", "17", "1818", "1bffffffffffffffff", "20", "3bffffffffffffffff", "40", "4401020304",
        "5f42010243030405ff", "60", "6568656c6c6f", "7f6361626363646566ff", "80", "83010203",
        "9f018202039f0405ffff", "a0", "a201020304", "bf61610161629f0203ffff", date.hex(), "c11a66f2f8cb",
        "c249010000000000000000", "d818466568656c6c6f", "f4", "f5", "f6", "f7", "f0", "f820", "f93c00", "f97e00",
        "fa3fc00000", "fb400921fb54442d18", "a1a1a1a1a1a1a1a1a0a0a0a0a0a0a0a0a0", "8181818181818181818180",
    ]:
        seeds.add("cbor", bytes.fromhex(text))
    # [h'a10126' (alg ES256), {4: h'6b6964'}, h'hello', h'']
    seeds.add("cose-sign1", bytes.fromhex("8443a10126a104436b69644568656c6c6f40"))
    seeds.add("device-request", device_request_input(bytes.fromhex("83f6f6f6"), b""))
    crl_seeds(seeds)
    status_list_seeds(seeds)

    lists = []
    if fixtures.is_dir():
        lists = sorted(p for p in fixtures.iterdir() if p.suffix in (".cbor", ".vical", ".rical"))
    else:
        note(f"{fixtures} absent: no real lists as seeds")
    if demo:
        lists += sorted((demo / "published").glob("*.cose"))
    for path in lists:
        signed = path.read_bytes()
        for target in ("cbor", "cose-sign1", "signed-list"):
            seeds.add(target, signed)
        if cbor2 is None:
            continue
        message = cbor2.loads(signed)
        if isinstance(message, cbor2.CBORTag):
            message = message.value
        payload = message[2]
        headers = [cbor2.loads(message[0]) if message[0] else {}, message[1]]
        for header in headers:
            chain = header.get(33)
            for der in [chain] if isinstance(chain, bytes) else chain or []:
                seeds.add("certificate", der)
        decoded = cbor2.loads(payload)
        for entry in list(decoded.get("certificateInfos", []))[:8]:
            if isinstance(entry, dict) and isinstance(entry.get("certificate"), bytes):
                seeds.add("certificate", entry["certificate"])
        kind = "rical" if "type" in decoded else "vical"
        seeds.add("cbor", payload)
        seeds.add(kind, payload)
        for keep in (0, 1, 3):
            seeds.add(kind, reduced(decoded, keep))
    if cbor2 is None:
        note("Python cbor2 absent: no payload seeds (pip install cbor2)")

    pems = sorted(fixtures.glob("*.pem")) if fixtures.is_dir() else []
    if demo:
        pems += sorted((demo / "pki").glob("*.pem"))
    for path in pems:
        text = path.read_text()
        if "PRIVATE KEY" in text:
            continue
        seeds.add("certificate", text)
        for der in pem_blocks(text):
            seeds.add("certificate", der)

    vectors = annex_d(repo)
    if "deviceRequest" in vectors and "sessionTranscriptBytes" in vectors:
        request, transcript = vectors["deviceRequest"], vectors["sessionTranscriptBytes"]
        seeds.add("device-request", device_request_input(transcript, request))
        seeds.add("device-request", device_request_input(bytes.fromhex("83f6f6f6"), request))
        for value in (request, transcript, vectors.get("itemsRequest", b"")):
            seeds.add("cbor", value)
        if "readerCertificate" in vectors:
            seeds.add("certificate", vectors["readerCertificate"])
        if cbor2 is not None:
            reader_auth = cbor2.loads(request)["docRequests"][0]["readerAuth"]
            seeds.add("cose-sign1", cbor2.dumps(reader_auth))
            # The bare SessionTranscript (the content of SessionTranscriptBytes), as a second transcript form.
            bare = cbor2.loads(transcript).value
            seeds.add("device-request", device_request_input(bare, request))
            # A second-edition request: the DocRequest unsigned, a deviceRequestInfo, the readerAuth as readerAuthAll.
            decoded = cbor2.loads(request)
            items = decoded["docRequests"][0]["itemsRequest"]
            second = cbor2.dumps({"version": "1.1", "docRequests": [{"itemsRequest": items}, {"itemsRequest": items}],
                                  "deviceRequestInfo": cbor2.CBORTag(24, cbor2.dumps({"useCases": []})),
                                  "readerAuthAll": [reader_auth]})
            seeds.add("device-request", device_request_input(transcript, second))
            signed = signed_for_all(second, bare)
            if signed is not None:
                seeds.add("device-request", device_request_input(transcript, signed))

    lote_seeds(seeds, fixtures.parent / "lote")
    credential_seeds(seeds, repo, demo)

    configs = [repo / "config/trustlists.json"]
    if demo:
        configs.append(demo / "config/trustlists.json")
    for path in configs:
        if path.exists():
            seeds.add("config", path.read_bytes())
    seeds.add(
        "config",
        json.dumps(
            {
                "cacheDirectory": "/var/cache/trustlists",
                "backoffBaseSeconds": 10,
                "backoffCapSeconds": 600,
                "clockSkewSeconds": 0,
                "allowInsecureURLs": True,
                "http": {"maxRedirects": 0, "lowSpeedLimitBytesPerSecond": 1, "lowSpeedTimeSeconds": 5,
                         "caFile": "ca.pem", "maxBytes": 1024},
                "networks": [
                    {"id": "a.b_c-1", "root": {"file": "root.pem", "sha256": ["00" * 32, "ff" * 32]},
                     "rical": {"url": "http://127.0.0.1:8080/rical", "bootstrap": "boot.rical",
                               "signerEKU": "1.0.18013.5.1.6"}},
                    {"id": "b", "root": {"url": "file:///etc/root.pem", "sha256": ["ab" * 32]},
                     "vical": {"url": "https://example.com/vical", "provider": "P"},
                     "maxAgeSeconds": 60, "overdueGraceSeconds": 0},
                ],
            }
        ),
    )

    if demo and (demo / "cache/snapshot.json").exists():
        seeds.add("snapshot", (demo / "cache/snapshot.json").read_bytes())
    else:
        note("no demo snapshot: the snapshot target starts from the small seed only")
    seeds.add("snapshot", '{"schemaVersion":1,"generation":1,"builtAt":"2025-01-01T00:00:00Z","sources":[]}')

    presentation_seeds(seeds, demo, vectors)

    for target, count in sorted(seeds.counts.items()):
        print(f"fuzz-seeds: {target}: {count} seeds")


if __name__ == "__main__":
    main()
