#!/usr/bin/env python3
"""mdocs and SD-JWT VCs built by an independent implementation (cbor2 + cryptography, signing by hand), for the
credential decision tests.

    python_credentials.py make   < request.json   > credentials.json
        request: {"time": epoch, "docType": "...", "dsKey": PEM, "dsChain": [PEM, ...], "sdKey": PEM,
                  "sdChain": [PEM, ...], "sdIss": "https://...", "vct": "..."}
        prints:  {"sessionTranscript": hex, "nonce": str, "aud": str, "mdoc": {case: hex}, "sdjwt": {case: text}}
        With "statusURI", "statusKey", "statusChain" (a status list signer under the document signer's IACA),
        "pidStatusKey", "pidStatusChain" (one under the SD-JWT issuer's anchor): also "statusLists" {case: hex of a
        token (draft-ietf-oauth-status-list section 5)} and "statuses" (the list's statuses, index by index), with
        mdoc and SD-JWT cases "status<Name>" naming index "statusIndex" {case: idx} of that list.

    python_credentials.py check-mdoc < hex   (an mdoc Document issued elsewhere)
        Verifies issuerAuth's ES256 signature with the x5chain leaf, and every IssuerSignedItemBytes against the MSO's
        valueDigests; prints {"docType", "elements": {ns: [ids]}, "validUntil"} as JSON.

    python_credentials.py check-sdjwt < text  (an SD-JWT VC issued elsewhere)
        Verifies the issuer JWT's ES256 signature with the x5c leaf, every disclosure's digest among _sd, and a Key
        Binding JWT's signature and sd_hash when present; prints {"vct", "disclosed": [names], "kb": bool}.

Written from ISO/IEC 18013-5 (sections 8.3.2.1.2.2, 9.1.2.4, 9.1.3), RFC 9052 (Sig_structure), the IETF SD-JWT
(sections 4, 7) and SD-JWT VC (section 3) specifications, not from the Swift code it tests. Every map is written in
insertion order (not the deterministic encoding) and one IssuerSignedItemBytes has a byte-string head longer than
needed, so only a verifier that hashes the bytes as sent gets the digests right.
"""

import base64
import datetime
import hashlib
import json
import os
import sys
import zlib

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

from status_list_bits import pack

UTC = datetime.timezone.utc
MDL = "org.iso.18013.5.1.mDL"
MDL_NS = "org.iso.18013.5.1"
DAY = 86400


class Raw:
    """Bytes written into a CBOR encoding as they are."""

    def __init__(self, data):
        self.data = data


def raw_default(encoder, value):
    if isinstance(value, Raw):
        encoder.write(value.data)
        return
    raise TypeError(f"cannot encode {type(value)}")


def dumps(value):
    return cbor2.dumps(value, default=raw_default)


def tdate(epoch):
    text = datetime.datetime.fromtimestamp(epoch, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return cbor2.CBORTag(0, text)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def raw_signature(key, data, algorithm=hashes.SHA256()):
    size = (key.curve.key_size + 7) // 8
    r, s = decode_dss_signature(key.sign(data, ec.ECDSA(algorithm)))
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def cose_key(public):
    numbers = public.public_numbers()
    return {1: 2, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")}


def load(request):
    key = serialization.load_pem_private_key(request.encode(), None)
    return key


def ders(pems):
    return [x509.load_pem_x509_certificate(p.encode()).public_bytes(serialization.Encoding.DER) for p in pems]


# ---------------------------------------------------------------------------------------------------------------- mdoc


def item_bytes(digest_id, identifier, value, long_head=False, salt=None):
    item = {"digestID": digest_id, "random": salt or os.urandom(16), "elementIdentifier": identifier,
            "elementValue": value}
    content = cbor2.dumps(item)
    if long_head:
        # A byte-string head of three bytes where one or two would do (RFC 8949 allows it outside deterministic
        # encoding): digests are over the bytes as sent.
        return b"\xd8\x18\x59" + len(content).to_bytes(2, "big") + content
    return cbor2.dumps(cbor2.CBORTag(24, content))


def sign1(key, payload, unprotected, protected=None, alg=-7, detached=False, hash_algorithm=hashes.SHA256()):
    protected_bytes = cbor2.dumps(protected if protected is not None else {1: alg})
    tbs = cbor2.dumps(["Signature1", protected_bytes, b"", payload])
    return [protected_bytes, unprotected, None if detached else payload, raw_signature(key, tbs, hash_algorithm)]


def elements():
    return [
        (MDL_NS, "family_name", "Mustermann"),
        (MDL_NS, "given_name", "Erika"),
        (MDL_NS, "birth_date", cbor2.CBORTag(1004, "1964-08-12")),
        (MDL_NS, "issuing_country", "US"),
        (MDL_NS, "document_number", "X1234567"),
        (MDL_NS, "age_over_18", True),
        (MDL_NS, "driving_privileges", [{"vehicle_category_code": "B", "issue_date": cbor2.CBORTag(1004, "2020-01-01")}]),
        ("org.iso.18013.5.1.aamva", "DHS_compliance", "F"),
    ]


def issue_mdoc(ds_key, ds_chain, device_key, time, doc_type=MDL, mso_doc_type=None, signed=None, valid_from=None,
               valid_until=None, overrides=None, digest_name="SHA-256", extra_mso=None, x5chain_protected=False,
               alg=-7, hash_algorithm=hashes.SHA256(), tamper=None, extra_items=None, missing_digest=None):
    """IssuerSigned as a Python structure of Raw items, plus what the test needs."""
    digest = {"SHA-256": hashlib.sha256, "SHA-384": hashlib.sha384, "SHA-512": hashlib.sha512}.get(digest_name,
                                                                                                    hashlib.sha256)
    values = dict(((ns, ident), value) for ns, ident, value in elements())
    if overrides:
        values.update(overrides)
    namespaces = {}
    digests = {}
    for index, ((ns, ident), value) in enumerate(values.items()):
        salt = os.urandom(16)
        encoded = item_bytes(index, ident, value, long_head=(index == 1), salt=salt)
        digests.setdefault(ns, {})
        if missing_digest != ident:
            digests[ns][index] = digest(encoded).digest()
        if tamper and tamper[0] == ident:
            encoded = item_bytes(index, ident, tamper[1], long_head=(index == 1), salt=salt)
        namespaces.setdefault(ns, []).append(Raw(encoded))
    for ns, encoded in extra_items or []:
        namespaces.setdefault(ns, []).append(Raw(encoded))
    mso = {
        "version": "1.0",
        "digestAlgorithm": digest_name,
        "valueDigests": digests,
        "deviceKeyInfo": {"deviceKey": cose_key(device_key.public_key())},
        "docType": mso_doc_type or doc_type,
        "validityInfo": {
            "signed": tdate(signed if signed is not None else time - DAY),
            "validFrom": tdate(valid_from if valid_from is not None else time - DAY),
            "validUntil": tdate(valid_until if valid_until is not None else time + 30 * DAY),
        },
    }
    mso.update(extra_mso or {})
    payload = cbor2.dumps(cbor2.CBORTag(24, cbor2.dumps(mso)))
    chain = ds_chain[0] if len(ds_chain) == 1 else ds_chain
    if x5chain_protected:
        issuer_auth = sign1(ds_key, payload, {}, protected={1: alg, 33: chain}, hash_algorithm=hash_algorithm)
    else:
        issuer_auth = sign1(ds_key, payload, {33: chain}, alg=alg, hash_algorithm=hash_algorithm)
    return {"nameSpaces": namespaces, "issuerAuth": issuer_auth}


def session_transcript():
    engagement = cbor2.dumps({0: "1.0", 1: [1, cbor2.CBORTag(24, b"\xa0")]})
    ereader = cbor2.dumps({1: 2, -1: 1})
    # A handover map in insertion order ("z" before "a"): a deterministic re-encoding of the transcript would differ.
    return cbor2.dumps([cbor2.CBORTag(24, engagement), cbor2.CBORTag(24, ereader), {"z": 1, "a": 2}])


def device_signed(device_key, doc_type, transcript):
    namespaces = cbor2.CBORTag(24, cbor2.dumps({}))
    authentication = b"\x84" + cbor2.dumps("DeviceAuthentication") + transcript + cbor2.dumps(doc_type) \
        + cbor2.dumps(namespaces)
    payload = cbor2.dumps(cbor2.CBORTag(24, authentication))
    return {"nameSpaces": namespaces, "deviceAuth": {"deviceSignature": sign1(device_key, payload, {}, detached=True)}}


def make_mdocs(request, transcript):
    time = request["time"]
    ds_key = load(request["dsKey"])
    ds_chain = ders(request["dsChain"])
    ds_cert = x509.load_pem_x509_certificate(request["dsChain"][0].encode())
    ds_not_before = int(ds_cert.not_valid_before.replace(tzinfo=UTC).timestamp())
    device_key = ec.generate_private_key(ec.SECP256R1())
    doc_type = request["docType"]

    def document(issuer_signed, device=True, key=device_key, over=transcript, doc=doc_type):
        result = {"docType": doc, "issuerSigned": issuer_signed}
        if device:
            result["deviceSigned"] = device_signed(key, doc, over)
        return result

    def issued(**arguments):
        return issue_mdoc(ds_key, ds_chain, device_key, time, doc_type=doc_type, **arguments)

    good = issued()
    other_transcript = cbor2.dumps([None, None, {"other": "session"}])
    duplicate = item_bytes(0, "family_name", "Musterfrau")
    mac = {"nameSpaces": cbor2.CBORTag(24, cbor2.dumps({})),
           "deviceAuth": {"deviceMac": [cbor2.dumps({1: 5}), {}, None, os.urandom(32)]}}
    bad_signature = issued()
    bad_signature["issuerAuth"][3] = bytes([bad_signature["issuerAuth"][3][0] ^ 1]) + bad_signature["issuerAuth"][3][1:]
    cases = {
        "document": document(good),
        "issuerSigned": good,
        "noDeviceSigned": document(issued(), device=False),
        "deviceResponse": {"version": "1.0", "documents": [document(good), document(issued())], "status": 0},
        "deviceMac": dict(document(issued(), device=False), deviceSigned=mac),
        "badDeviceSignature": document(issued(), over=other_transcript),
        "tampered": document(issued(tamper=("family_name", "Mallory"))),
        "missingDigest": document(issued(missing_digest="document_number")),
        "duplicateDigestID": document(issued(extra_items=[(MDL_NS, duplicate)])),
        "expired": document(issued(valid_until=time - 3600, valid_from=time - 30 * DAY, signed=time - 30 * DAY)),
        "notYetValid": document(issued(valid_from=time + 3600)),
        "shortLived": document(issued(valid_until=time + 7200)),
        "signedOutsideSigner": document(issued(signed=ds_not_before - DAY, valid_from=ds_not_before - DAY)),
        "docTypeMismatch": document(issued(mso_doc_type="org.iso.23220.photoid.1")),
        "countryMismatch": document(issued(overrides={(MDL_NS, "issuing_country"): "DE"})),
        "badIssuerSignature": document(bad_signature),
        "sha384": document(issued(digest_name="SHA-384")),
        "msoStatus": document(issued(extra_mso={"status": {"status_list": {"idx": 7, "uri": "https://s.example/1"}}})),
        "x5chainProtected": document(issued(x5chain_protected=True)),
        "algMismatch": document(issued(alg=-35)),
        "unsupportedDigest": document(issued(digest_name="MD5")),
    }
    if "statusURI" in request:
        for name, index in STATUS_INDEX.items():
            reference = {"status_list": {"idx": index, "uri": request["statusURI"]}}
            cases[name] = document(issued(extra_mso={"status": reference}))
        cases["statusIdentifierList"] = document(issued(extra_mso={"status": {"identifier_list": {
            "id": b"\x01\x02", "uri": request["statusURI"]}}}))
        cases["statusMalformed"] = document(issued(extra_mso={"status": {"status_list": {"idx": -1,
                                                                                         "uri": request["statusURI"]}}}))
    return {name: dumps(value).hex() for name, value in cases.items()}


# ------------------------------------------------------------------------------------------------------------- SD-JWT


def disclosure(*elements):
    text = b64url(json.dumps([b64url(os.urandom(16))] + list(elements)).encode())
    return text


def digest_of(text, algorithm=hashlib.sha256):
    return b64url(algorithm(text.encode()).digest())


def jws(key, header, payload):
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(payload).encode())
    return signing_input + "." + b64url(raw_signature(key, signing_input.encode()))


def make_sdjwts(request):
    time = request["time"]
    key = load(request["sdKey"])
    chain = [base64.b64encode(der).decode() for der in ders(request["sdChain"])]
    holder = ec.generate_private_key(ec.SECP256R1())
    numbers = holder.public_key().public_numbers()
    jwk = {"kty": "EC", "crv": "P-256", "x": b64url(numbers.x.to_bytes(32, "big")),
           "y": b64url(numbers.y.to_bytes(32, "big"))}
    nonce, aud = "n-0S6_WzA2Mj", "https://verifier.example"

    def build(typ="dc+sd-jwt", iss=None, exp=None, sd_alg="sha-256", extra=None, repeat_digest=False,
              extra_disclosures=(), duplicate=False, signer=None, tamper=False, array_in_object=False):
        algorithm = {"sha-256": hashlib.sha256, "sha-512": hashlib.sha512}[sd_alg]
        street = disclosure("street_address", "Heidestraße 17")
        locality = disclosure("locality", "Köln")
        address = disclosure("address", {"_sd": [digest_of(street, algorithm), digest_of(locality, algorithm)],
                                         "country": "DE"})
        given = disclosure("given_name", "Erika")
        family = disclosure("family_name", "Mustermann")
        birth = disclosure("birthdate", "1964-08-12")
        de = disclosure("DE")
        fr = disclosure("FR")
        disclosures = [given, family, birth, address, street, locality, de, fr]
        top = [digest_of(d, algorithm) for d in (given, family, birth, address)]
        top.append(b64url(os.urandom(32)))  # a decoy digest
        if repeat_digest:
            top.append(top[0])
        italian = disclosure("IT")
        if array_in_object:
            # An array-element disclosure referenced only from an object's _sd.
            top.append(digest_of(italian, algorithm))
        payload = {
            "_sd": top,
            "_sd_alg": sd_alg,
            "iss": iss or request["sdIss"],
            "iat": time - DAY,
            "exp": exp if exp is not None else time + 30 * DAY,
            "vct": request["vct"],
            "cnf": {"jwk": jwk},
            "nationalities": [{"...": digest_of(de, algorithm)}, {"...": b64url(os.urandom(32))},
                              {"...": digest_of(fr, algorithm)}],
        }
        payload.update(extra or {})
        header = {"alg": "ES256", "typ": typ, "x5c": chain}
        issuer_jwt = jws(signer or key, header, payload)
        sent = list(disclosures) + list(extra_disclosures) + ([italian] if array_in_object else [])
        if duplicate:
            sent.append(given)
        if tamper:
            sent[1] = disclosure("family_name", "Mallory")
        return issuer_jwt + "~" + "".join(d + "~" for d in sent)

    def key_binding(presentation, with_nonce=nonce, audience=aud, sd_hash=None, signer=holder,
                    algorithm=hashlib.sha256):
        # sd_hash uses the credential's _sd_alg (SD-JWT section 4.3.1).
        claims = {"iat": time - 60, "aud": audience, "nonce": with_nonce,
                  "sd_hash": sd_hash or digest_of(presentation, algorithm)}
        return presentation + jws(signer, {"alg": "ES256", "typ": "kb+jwt"}, claims)

    plain = build()
    other = ec.generate_private_key(ec.SECP256R1())
    cases = {
        "presentation": key_binding(plain),
        "noKeyBinding": plain,
        "sha512": key_binding(build(sd_alg="sha-512"), algorithm=hashlib.sha512),
        "legacyTyp": build(typ="vc+sd-jwt"),
        "wrongTyp": build(typ="JWT"),
        "issuerNotBound": build(iss="https://other.example"),
        "issuerNotURL": build(iss="Sim PID Provider"),
        "expired": build(exp=time - 60),
        "shortLived": build(exp=time + 7200),
        "unreferenced": build(extra_disclosures=[disclosure("nickname", "Eri")]),
        "repeatedDisclosure": build(duplicate=True),
        "repeatedDigest": build(repeat_digest=True),
        "arrayElementInObject": build(array_in_object=True),
        "tamperedDisclosure": build(tamper=True),
        "badSignature": build(signer=other),
        "kbWrongNonce": key_binding(plain, with_nonce="another nonce"),
        "kbWrongAudience": key_binding(plain, audience="https://other-verifier.example"),
        "kbWrongHash": key_binding(plain, sd_hash=digest_of(plain + "x")),
        "kbWrongKey": key_binding(plain, signer=other),
        "vctNotAuthorized": build(extra={"vct": "urn:example:not-listed"}),
    }
    if "statusURI" in request:
        for name, index in STATUS_INDEX.items():
            cases[name] = key_binding(build(extra={"status": {"status_list": {"idx": index,
                                                                               "uri": request["statusURI"]}}}))
    return cases, nonce, aud


# -------------------------------------------------------------------------------------------------------- status list

# The statuses of the list, 2 bits each (draft-ietf-oauth-status-list section 4.1): VALID, INVALID, SUSPENDED, 0x03,
# then VALID up to 16 entries (4 bytes).
STATUSES = [0, 1, 2, 3] + [0] * 12
STATUS_INDEX = {"statusValid": 4, "statusRevoked": 1, "statusSuspended": 2, "statusUnknown": 3, "statusPastEnd": 16}


def status_claims(request, exp=None):
    time = request["time"]
    return {"sub": request["statusURI"], "iat": time - 3600, "exp": exp if exp is not None else time + DAY,
            "ttl": 43200, "status_list": {"bits": 2, "lst": zlib.compress(pack(STATUSES, 2), 9)}}


def status_cwt(key, chain, values):
    """A CWT (section 5.2): COSE_Sign1, protected alg and typ application/statuslist+cwt, the signer in x5chain."""
    numbers = {"sub": 2, "iat": 6, "exp": 4, "ttl": 65534, "status_list": 65533}
    payload = cbor2.dumps({numbers[k]: v for k, v in values.items()})
    protected = {1: -7, 16: "application/statuslist+cwt"}
    return cbor2.dumps(cbor2.CBORTag(18, sign1(key, payload, {33: chain[0] if len(chain) == 1 else chain},
                                               protected=protected)))


def status_jwt(key, chain, values):
    """A JWT (section 5.1): typ statuslist+jwt, the signer in x5c, lst base64url."""
    body = dict(values, status_list=dict(values["status_list"], lst=b64url(values["status_list"]["lst"])))
    header = {"alg": "ES256", "typ": "statuslist+jwt", "x5c": [base64.b64encode(d).decode() for d in chain]}
    return jws(key, header, body).encode()


def make_status_lists(request):
    key, chain = load(request["statusKey"]), ders(request["statusChain"])
    pid_key, pid_chain = load(request["pidStatusKey"]), ders(request["pidStatusChain"])
    return {
        "mdocCWT": status_cwt(key, chain, status_claims(request)).hex(),
        "mdocJWT": status_jwt(key, chain, status_claims(request)).hex(),
        "mdocExpiredCWT": status_cwt(key, chain, status_claims(request, exp=request["time"] - 60)).hex(),
        "pidJWT": status_jwt(pid_key, pid_chain, status_claims(request)).hex(),
        "pidCWT": status_cwt(pid_key, pid_chain, status_claims(request)).hex(),
    }


# ------------------------------------------------------------------------------------------------------------- checks


def check_mdoc(data):
    document = cbor2.loads(data)
    issuer_auth = document["issuerSigned"]["issuerAuth"]
    protected, unprotected, payload, signature = issuer_auth
    chain = unprotected.get(33) or cbor2.loads(protected).get(33)
    leaf = x509.load_der_x509_certificate(chain if isinstance(chain, bytes) else chain[0])
    tbs = cbor2.dumps(["Signature1", protected, b"", payload])
    half = len(signature) // 2
    leaf.public_key().verify(encode_dss_signature(int.from_bytes(signature[:half], "big"),
                                                  int.from_bytes(signature[half:], "big")), tbs,
                             ec.ECDSA(hashes.SHA256()))
    mso = cbor2.loads(cbor2.loads(payload).value)
    assert mso["digestAlgorithm"] == "SHA-256"
    found = {}
    for namespace, items in document["issuerSigned"]["nameSpaces"].items():
        for tagged in items:
            item = cbor2.loads(tagged.value)
            expected = mso["valueDigests"][namespace][item["digestID"]]
            assert hashlib.sha256(cbor2.dumps(tagged)).digest() == expected, item["elementIdentifier"]
            found.setdefault(namespace, []).append(item["elementIdentifier"])
    return {"docType": mso["docType"], "elements": found, "validUntil": mso["validityInfo"]["validUntil"].value
            if isinstance(mso["validityInfo"]["validUntil"], cbor2.CBORTag) else str(mso["validityInfo"]["validUntil"])}


def b64url_decode(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def check_sdjwt(text):
    parts = text.split("~")
    issuer_jwt, disclosures, kb = parts[0], parts[1:-1], parts[-1]
    header_b64, payload_b64, signature_b64 = issuer_jwt.split(".")
    header = json.loads(b64url_decode(header_b64))
    payload = json.loads(b64url_decode(payload_b64))
    leaf = x509.load_der_x509_certificate(base64.b64decode(header["x5c"][0]))
    signature = b64url_decode(signature_b64)
    leaf.public_key().verify(encode_dss_signature(int.from_bytes(signature[:32], "big"),
                                                  int.from_bytes(signature[32:], "big")),
                             (header_b64 + "." + payload_b64).encode(), ec.ECDSA(hashes.SHA256()))
    assert header["typ"] == "dc+sd-jwt"
    names = []
    for d in disclosures:
        assert digest_of(d) in payload["_sd"], d
        names.append(json.loads(b64url_decode(d))[1])
    if kb:
        kb_header, kb_payload, kb_signature = kb.split(".")
        claims = json.loads(b64url_decode(kb_payload))
        assert claims["sd_hash"] == digest_of(text[: len(text) - len(kb)])
        jwk = payload["cnf"]["jwk"]
        public = ec.EllipticCurvePublicNumbers(int.from_bytes(b64url_decode(jwk["x"]), "big"),
                                               int.from_bytes(b64url_decode(jwk["y"]), "big"),
                                               ec.SECP256R1()).public_key()
        signature = b64url_decode(kb_signature)
        public.verify(encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")),
                      (kb_header + "." + kb_payload).encode(), ec.ECDSA(hashes.SHA256()))
    return {"vct": payload["vct"], "disclosed": sorted(names), "kb": bool(kb)}


def main():
    command = sys.argv[1]
    if command == "make":
        request = json.load(sys.stdin)
        transcript = session_transcript()
        sdjwts, nonce, aud = make_sdjwts(request)
        output = {"sessionTranscript": transcript.hex(), "nonce": nonce, "aud": aud,
                  "mdoc": make_mdocs(request, transcript), "sdjwt": sdjwts}
        if "statusURI" in request:
            output.update(statusLists=make_status_lists(request), statuses=STATUSES, statusIndex=STATUS_INDEX)
        json.dump(output, sys.stdout)
    elif command == "check-mdoc":
        json.dump(check_mdoc(bytes.fromhex(sys.stdin.read().strip())), sys.stdout)
    elif command == "check-sdjwt":
        json.dump(check_sdjwt(sys.stdin.read().strip()), sys.stdout)
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
