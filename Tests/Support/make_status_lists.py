#!/usr/bin/env python3
"""Writes a test PKI and Token Status List tokens (draft-ietf-oauth-status-list), JWTs and CWTs signed by hand with
`cryptography`, CBOR by `cbor2`, lists compressed by `zlib`, into OUTDIR, plus `manifest.json` saying, for every
token, what it is checked against and what must come out: "valid" with the list's facts (bits, count, claims and the
status at sample indices, taken from the statuses the list was built from), or the reason code of the refusal. The
expectations of the status list tests, made outside the Swift code.

    python3 make_status_lists.py OUTDIR REFERENCE_EPOCH

PKI (P-256 unless said): iaca.pem ("Test IACA", self-signed CA), ds.pem (a document signer under it, EKU
1.0.18013.5.1.2), signer.pem (a status list signer under it, no EKU), expired-signer.pem (under it, expired),
other-iaca.pem and other-signer.pem (another IACA of the same name and a signer under it); iaca-revokes-signer.crl
(the IACA's CRL, number 1, listing signer.pem). Times are whole seconds
around REFERENCE_EPOCH (UTC); every token is checked at REFERENCE_EPOCH unless its entry says otherwise.
"""

import base64
import datetime
import json
import os
import random
import sys
import zlib

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, hmac, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from cryptography.x509.oid import NameOID, ObjectIdentifier

from status_list_bits import pack

out, reference = sys.argv[1], int(sys.argv[2])
REF = datetime.datetime.fromtimestamp(reference, datetime.timezone.utc)
DAY = datetime.timedelta(days=1)
URI = "https://issuer.example/statuslists/1"


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def name(cn):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, "US"), x509.NameAttribute(NameOID.COMMON_NAME, cn)])


def certificate(subject, key, issuer_name, issuer_key, *, ca, not_before=REF - 365 * DAY, not_after=REF + 365 * DAY,
                eku=None):
    builder = (
        x509.CertificateBuilder().subject_name(subject).issuer_name(issuer_name).public_key(key.public_key())
        .serial_number(x509.random_serial_number()).not_valid_before(not_before).not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=0 if ca else None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    if ca:
        builder = builder.add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
    else:
        builder = builder.add_extension(
            x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage([ObjectIdentifier(eku)]), critical=True)
    return builder.sign(issuer_key, hashes.SHA256())


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


iaca_key, other_iaca_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
iaca = certificate(name("Test IACA"), iaca_key, name("Test IACA"), iaca_key, ca=True)
other_iaca = certificate(name("Test IACA"), other_iaca_key, name("Test IACA"), other_iaca_key, ca=True)
ds_key, signer_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
expired_key, other_signer_key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
ds = certificate(name("Test document signer"), ds_key, iaca.subject, iaca_key, ca=False, eku="1.0.18013.5.1.2")
signer = certificate(name("Test status list signer"), signer_key, iaca.subject, iaca_key, ca=False)
expired_signer = certificate(name("Expired status list signer"), expired_key, iaca.subject, iaca_key, ca=False,
                             not_before=REF - 365 * DAY, not_after=REF - DAY)
other_signer = certificate(name("Other status list signer"), other_signer_key, other_iaca.subject, other_iaca_key,
                           ca=False)
for stem, cert in (("iaca", iaca), ("other-iaca", other_iaca), ("ds", ds), ("signer", signer),
                   ("expired-signer", expired_signer), ("other-signer", other_signer)):
    write(stem + ".pem", pem(cert))

KEYS = {"signer": (signer_key, signer), "ds": (ds_key, ds), "expired-signer": (expired_key, expired_signer),
        "other-signer": (other_signer_key, other_signer)}


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def raw_signature(key, data, hash_algorithm):
    r, s = utils.decode_dss_signature(key.sign(data, ec.ECDSA(hash_algorithm)))
    size = (key.curve.key_size + 7) // 8
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def claims(lst, bits, *, sub=URI, iat=REF - datetime.timedelta(hours=1), exp=REF + DAY, ttl=43200, drop=(),
           extra=None):
    values = {"sub": sub, "iat": int(iat.timestamp()), "exp": int(exp.timestamp()), "ttl": ttl,
              "status_list": {"bits": bits, "lst": lst}}
    for key in drop:
        values.pop(key, None)
    values.update(extra or {})
    return values


def jwt(values, *, signer_name="signer", typ="statuslist+jwt", alg="ES256", x5c=True, tamper=False):
    key, cert = KEYS[signer_name]
    header = {"alg": alg}
    if typ is not None:
        header["typ"] = typ
    if x5c:
        header["x5c"] = [base64.b64encode(der(cert)).decode()]
    body = dict(values)
    if "status_list" in body and isinstance(body["status_list"], dict) and isinstance(body["status_list"].get("lst"),
                                                                                        bytes):
        body["status_list"] = dict(body["status_list"], lst=b64u(body["status_list"]["lst"]))
    signing_input = (b64u(json.dumps(header).encode()) + "." + b64u(json.dumps(body).encode())).encode()
    if alg == "none":
        signature = b""
    elif alg == "HS256":
        mac = hmac.HMAC(b"a shared secret", hashes.SHA256())
        mac.update(signing_input)
        signature = mac.finalize()
    else:
        digest = {"ES256": hashes.SHA256(), "ES384": hashes.SHA384()}[alg]
        signature = raw_signature(key, signing_input, digest)
    if tamper:
        signature = bytes([signature[0] ^ 0x01]) + signature[1:]
    return signing_input + b"." + b64u(signature).encode()


CWT_KEYS = {"sub": 2, "iat": 6, "exp": 4, "ttl": 65534, "status_list": 65533, "iss": 1, "nbf": 5}


def cwt(values, *, signer_name="signer", typ="application/statuslist+cwt", typ_place="protected", x5chain="protected",
        tag=18, outer_tag=None, tamper=False):
    key, cert = KEYS[signer_name]
    protected, unprotected = {1: -7}, {}
    if typ is not None:
        (protected if typ_place == "protected" else unprotected)[16] = typ
    if x5chain:
        (protected if x5chain == "protected" else unprotected)[33] = der(cert)
    payload = cbor2.dumps({CWT_KEYS[k]: v for k, v in values.items()})
    protected_bytes = cbor2.dumps(protected)
    signature = raw_signature(key, cbor2.dumps(["Signature1", protected_bytes, b"", payload]), hashes.SHA256())
    if tamper:
        payload = payload[:-1] + bytes([payload[-1] ^ 1])
    message = [protected_bytes, unprotected, payload, signature]
    item = cbor2.CBORTag(tag, message) if tag is not None else message
    if outer_tag is not None:
        item = cbor2.CBORTag(outer_tag, item)
    return cbor2.dumps(item)


manifest = {}


def entry(stem, token, fmt, expect, *, anchor="iaca.pem", uri=URI, at=REF, facts=None, **options):
    file = stem + "." + fmt
    write(file, token)
    record = {"file": file, "format": fmt, "anchor": anchor, "uri": uri, "at": int(at.timestamp()), "expect": expect}
    record.update(facts or {})
    record.update(options)
    manifest[file] = record


rng = random.Random(20260101)
SIZES = {1: 10000, 2: 4000, 4: 2000, 8: 1000}


def statuses(bits, count):
    values = [0] * count
    for index in rng.sample(range(count), count // 10):
        values[index] = rng.randrange(1, 1 << bits)
    return values


def samples(values):
    nonzero = [i for i, v in enumerate(values) if v][:60]
    zero = [i for i, v in enumerate(values) if not v][:20]
    chosen = sorted(set(nonzero + zero + [0, len(values) - 1]))
    return [[i, values[i]] for i in chosen]


# Valid lists at every bits, both formats: the facts are the statuses they were built from.
for bits, count in SIZES.items():
    values = statuses(bits, count)
    lst = zlib.compress(pack(values, bits), 9)
    facts = {"bits": bits, "count": count, "sub": URI, "iat": int((REF - datetime.timedelta(hours=1)).timestamp()),
             "exp": int((REF + DAY).timestamp()), "ttl": 43200, "samples": samples(values)}
    entry(f"valid-{bits}bit", jwt(claims(lst, bits)), "jwt", "valid", facts=facts)
    entry(f"valid-{bits}bit", cwt(claims(lst, bits), x5chain="protected" if bits < 4 else "unprotected"), "cwt",
          "valid", facts=facts)

small_values = [0, 1, 2, 0] * 8
small = zlib.compress(pack(small_values, 2))
small_facts = {"bits": 2, "count": len(small_values), "samples": samples(small_values)}


def both(stem, expect, token_claims=None, jwt_options=None, cwt_options=None, **options):
    token_claims = token_claims or claims(small, 2)
    entry(stem, jwt(token_claims, **(jwt_options or {})), "jwt", expect, **options)
    entry(stem, cwt(token_claims, **(cwt_options or {})), "cwt", expect, **options)


# The signer rule, both ways: the right IACA is trusted; the document signer as anchor is refused; a signer under
# another IACA (of the same name) is refused under this one and trusted under its own.
both("right-iaca", "valid", facts=small_facts)
both("right-iaca-signed-again", "valid", facts=small_facts)  # the same content, another (randomized) ECDSA signature
both("document-signer-as-anchor", "status_list_signer_mismatch", anchor="ds.pem")
both("other-iaca", "status_list_signer_mismatch", jwt_options={"signer_name": "other-signer"},
     cwt_options={"signer_name": "other-signer"})
both("other-iaca-own-anchor", "valid", jwt_options={"signer_name": "other-signer"},
     cwt_options={"signer_name": "other-signer"}, anchor="other-iaca.pem", facts=small_facts)
both("signed-by-document-signer", "valid", jwt_options={"signer_name": "ds"}, cwt_options={"signer_name": "ds"},
     facts=small_facts)
both("expired-signer", "signer_expired", jwt_options={"signer_name": "expired-signer"},
     cwt_options={"signer_name": "expired-signer"})

# The store's order of one URI's tokens (iat): an older token than the valid ones (rollback when they are stored);
# right-iaca has their iat with other content (equivocation).
both("older", "valid", claims(small, 2, iat=REF - 2 * datetime.timedelta(hours=1)), facts=small_facts)

# A CRL of the IACA listing the status list signer (RFC 5280 §5), for the rule that CRLs apply to the signer's chain.
revoked_signer = (x509.RevokedCertificateBuilder().serial_number(signer.serial_number)
                  .revocation_date(REF - 2 * datetime.timedelta(hours=1)).build())
signer_crl = (x509.CertificateRevocationListBuilder().issuer_name(iaca.subject)
              .last_update(REF - datetime.timedelta(hours=1)).next_update(REF + DAY)
              .add_revoked_certificate(revoked_signer)
              .add_extension(x509.CRLNumber(1), critical=False)
              .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(iaca_key.public_key()), critical=False)
              .sign(iaca_key, hashes.SHA256()))
write("iaca-revokes-signer.crl", signer_crl.public_bytes(serialization.Encoding.DER))

# Claims and times.
both("sub-of-another-uri", "status_list_sub_mismatch", claims(small, 2, sub="https://issuer.example/statuslists/2"))
both("sub-unchecked", "valid", claims(small, 2, sub="https://issuer.example/statuslists/2"), uri=None,
     facts=small_facts)
both("expired", "status_list_expired", claims(small, 2, exp=REF - DAY, iat=REF - 2 * DAY))
both("issued-in-the-future", "date_in_future", claims(small, 2, iat=REF + DAY, exp=REF + 2 * DAY))
both("missing-iat", "malformed_status_list", claims(small, 2, drop=["iat"]))
both("missing-sub", "malformed_status_list", claims(small, 2, drop=["sub"]))
both("missing-status-list", "malformed_status_list", claims(small, 2, drop=["status_list"]))
both("ttl-zero", "malformed_status_list", claims(small, 2, ttl=0))
both("bits-3", "malformed_status_list", claims(small, 3))
both("bits-16", "malformed_status_list", claims(small, 16))

# lst that is not one complete zlib stream, or inflates to too much.
raw_deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
raw_deflate = raw_deflate.compress(pack(small_values, 2)) + raw_deflate.flush()
gzip_object = zlib.compressobj(9, zlib.DEFLATED, 31)
gzip_lst = gzip_object.compress(pack(small_values, 2)) + gzip_object.flush()
both("not-zlib", "malformed_status_list", claims(raw_deflate, 2))
both("gzip-lst", "malformed_status_list", claims(gzip_lst, 2))
both("truncated-lst", "malformed_status_list", claims(small[:-3], 2))
both("trailing-lst", "malformed_status_list", claims(small + b"\x00", 2))
both("bad-adler", "malformed_status_list", claims(small[:-1] + bytes([small[-1] ^ 0xFF]), 2))
both("empty-lst", "malformed_status_list", claims(zlib.compress(b""), 2))
both("random-lst", "malformed_status_list", claims(bytes(rng.randrange(256) for _ in range(64)), 2))


def zero_bomb(total_mib):
    """A zlib stream of total_mib MiB of zeros, built from one compressed MiB repeated: each piece ends in a full
    flush, so the next starts from an empty window and compresses to the same bytes; the Adler-32 of n zero bytes is
    (n mod 65521) << 16 | 1."""
    compressor = zlib.compressobj(9)
    first = compressor.compress(bytes(1 << 20)) + compressor.flush(zlib.Z_FULL_FLUSH)
    piece = compressor.compress(bytes(1 << 20)) + compressor.flush(zlib.Z_FULL_FLUSH)
    total = total_mib << 20
    adler = ((total % 65521) << 16) | 1
    return first + piece * (total_mib - 1) + b"\x03\x00" + adler.to_bytes(4, "big")


# 2 GiB of zeros behind 2 MB of CWT; 1 GiB behind a JWT (1.4 MB of base64url, which a debug build reads slowly).
bomb = zero_bomb(2048)
assert zlib.decompressobj().decompress(bomb, 1 << 20)  # a real stream (checked on its first MiB only)
entry("bomb", cwt(claims(bomb, 1)), "cwt", "limits_exceeded", inflatesTo=2 << 30)
entry("bomb", jwt(claims(zero_bomb(1024), 8)), "jwt", "limits_exceeded", inflatesTo=1 << 30)
entry("at-cap-1bit", cwt(claims(zlib.compress(bytes(16 << 20), 9), 1)), "cwt", "valid",
      facts={"bits": 1, "count": 16 << 23, "samples": [[0, 0], [(16 << 23) - 1, 0]]})
entry("over-cap-1bit", cwt(claims(zlib.compress(bytes((16 << 20) + 1), 9), 1)), "cwt", "limits_exceeded")

# Headers: alg, typ, tags, signatures, certificates.
entry("alg-none", jwt(claims(small, 2), alg="none"), "jwt", "unsupported_alg")
entry("alg-hs256", jwt(claims(small, 2), alg="HS256"), "jwt", "unsupported_alg")
entry("alg-es384-p256-key", jwt(claims(small, 2), alg="ES384"), "jwt", "unsupported_alg")
entry("typ-jwt", jwt(claims(small, 2), typ="JWT"), "jwt", "wrong_list_type")
entry("typ-missing", jwt(claims(small, 2), typ=None), "jwt", "wrong_list_type")
entry("typ-media-type", jwt(claims(small, 2), typ="application/statuslist+jwt"), "jwt", "valid", facts=small_facts)
entry("typ-missing", cwt(claims(small, 2), typ=None), "cwt", "wrong_list_type")
entry("typ-mso", cwt(claims(small, 2), typ="application/mso+cbor"), "cwt", "wrong_list_type")
entry("typ-unprotected", cwt(claims(small, 2), typ_place="unprotected"), "cwt", "wrong_list_type")
entry("typ-old-draft", cwt(claims(small, 2), typ="statuslist+cwt"), "cwt", "wrong_list_type")
entry("tag-61", cwt(claims(small, 2), outer_tag=61), "cwt", "not_cose_sign1")
entry("untagged", cwt(claims(small, 2), tag=None), "cwt", "valid", facts=small_facts, warnings=1)
both("bad-signature", "bad_signature", jwt_options={"tamper": True}, cwt_options={"tamper": True})
both("no-certificates", "missing_x5chain", jwt_options={"x5c": False}, cwt_options={"x5chain": None})
both("reference-certificate", "valid", jwt_options={"x5c": False}, cwt_options={"x5chain": None},
     referenceCertificate="signer.pem", facts=small_facts)
both("reference-certificate-mismatch", "status_list_signer_mismatch", referenceCertificate="ds.pem")
entry("jwt-for-mdoc", jwt(claims(small, 2)), "jwt", "wrong_list_type", expectedFormat="cwt")

write("manifest.json", json.dumps({"uri": URI, "reference": reference, "tokens": manifest}, indent=1, sort_keys=True))
