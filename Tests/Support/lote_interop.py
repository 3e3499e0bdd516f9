#!/usr/bin/env python3
"""An independent JAdES / LoTE implementation for the interop tests (Python `cryptography`, JSON by hand).

    lote_interop.py sign OPTIONS_JSON < payload      prints {"jws": ..., "root": b64 DER, "signer": b64 DER}
    lote_interop.py verify ROOT_B64 TIME < jws       prints the LoTE's facts as JSON, or exits 1 with the reason

sign builds a fresh PKI at 2026-01-01T00:00:00Z (a root CA valid 2025..2036 and a signer valid 2025..2027 with
digitalSignature), writes the protected header with json.dumps, signs the JWS signing input (RFC 7515 §5.1) with
ECDSA (DER converted to r||s, RFC 7518 §3.4), Ed25519 or RSASSA-PSS (MGF1 with the same hash, a salt as long as the
hash, RFC 7518 §3.5), and serializes it compact, flattened or general.
OPTIONS_JSON members (all optional):
    alg            "ES256" (default), "ES384", "ES512", "EdDSA", "PS256", "PS384", "PS512"; the keys follow it
    rsaBits        the RSA signer key's size (default 2048; the root's is 3072)
    pssSalt        "digest" (default: as long as the hash), "max" (PSS.MAX_LENGTH) or a number of bytes
The RSA root signs the certificates with PKCS#1 v1.5 (the `rsa_padding` for PSS needs cryptography 41; Debian 12 has
38).
    headerAlg      the alg written in the header when it must differ (none, HS256): the signature stays the key's
    serialization  "compact" (default), "flattened", "general"
    sigT           the sigT value (default "2026-01-01T00:00:00Z"); null leaves sigT and crit out
    crit           the crit list (default ["sigT"] when sigT is written); null leaves crit out
    extra          further protected header members
    x5c            "chain" (default: signer, root), "signer", "none", "wrong" (a certificate of another key first)
    x5tS256        true (default) writes the signer's digest; "wrong" writes the root's
    selfSigned     true: the signer is the root itself (a self-signed signer)
    country, organization   the signer's C and O (default "EU", "European Commission")
    unprotected    an unprotected header object (JSON serializations only)
"""

import base64
import datetime
import hashlib
import json
import sys

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import NameOID

CURVES = {
    "ES256": (ec.SECP256R1(), hashes.SHA256(), 32),
    "ES384": (ec.SECP384R1(), hashes.SHA384(), 48),
    "ES512": (ec.SECP521R1(), hashes.SHA512(), 66),
}
PSS_HASHES = {"PS256": hashes.SHA256(), "PS384": hashes.SHA384(), "PS512": hashes.SHA512()}
UTC = datetime.timezone.utc


def b64u(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_key(alg, rsa_bits=2048):
    if alg == "EdDSA":
        return ed25519.Ed25519PrivateKey.generate()
    if alg in PSS_HASHES:
        return rsa.generate_private_key(public_exponent=65537, key_size=rsa_bits)
    return ec.generate_private_key(CURVES[alg][0])


def pss(digest, salt="digest"):
    """RSASSA-PSS padding with MGF1 over `digest`; RFC 7518 §3.5 wants the salt as long as the hash."""
    length = {"digest": padding.PSS.DIGEST_LENGTH, "max": padding.PSS.MAX_LENGTH}.get(salt, salt)
    return padding.PSS(mgf=padding.MGF1(digest), salt_length=length)


def issue(alg, subject, subject_key, issuer, issuer_key, serial, ca, years):
    start = datetime.datetime(2025, 1, 1, tzinfo=UTC)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(subject_key.public_key())
        .serial_number(serial)
        .not_valid_before(start)
        .not_valid_after(start + datetime.timedelta(days=365 * years))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    )
    if ca:
        usage = x509.KeyUsage(False, False, False, False, False, True, True, False, False)
    else:
        usage = x509.KeyUsage(True, False, False, False, False, False, False, False, False)
    builder = builder.add_extension(usage, critical=True)
    if alg in PSS_HASHES:
        return builder.sign(issuer_key, PSS_HASHES[alg])
    return builder.sign(issuer_key, None if alg == "EdDSA" else CURVES[alg][1])


def validity(certificate):
    """notBefore and notAfter as aware UTC datetimes (older `cryptography` has only the naive properties)."""
    if hasattr(certificate, "not_valid_before_utc"):
        return certificate.not_valid_before_utc, certificate.not_valid_after_utc
    return certificate.not_valid_before.replace(tzinfo=UTC), certificate.not_valid_after.replace(tzinfo=UTC)


def raw_signature(alg, key, data, salt="digest"):
    if alg == "EdDSA":
        return key.sign(data)
    if alg in PSS_HASHES:
        return key.sign(data, pss(PSS_HASHES[alg], salt), PSS_HASHES[alg])
    r, s = decode_dss_signature(key.sign(data, ec.ECDSA(CURVES[alg][1])))
    size = CURVES[alg][2]
    return r.to_bytes(size, "big") + s.to_bytes(size, "big")


def sign(options, payload):
    alg = options.get("alg", "ES256")
    root_key = new_key(alg, 3072)
    root_name = x509.Name(
        [
            x509.NameAttribute(NameOID.COUNTRY_NAME, options.get("country", "EU")),
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, options.get("organization", "European Commission")),
            x509.NameAttribute(NameOID.COMMON_NAME, "Python LoTE test root"),
        ]
    )
    root = issue(alg, root_name, root_key, root_name, root_key, 1, True, 11)
    if options.get("selfSigned"):
        signer, signer_key = root, root_key
    else:
        signer_key = new_key(alg, options.get("rsaBits", 2048))
        signer_name = x509.Name(
            [
                x509.NameAttribute(NameOID.COUNTRY_NAME, options.get("country", "EU")),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, options.get("organization", "European Commission")),
                x509.NameAttribute(NameOID.COMMON_NAME, "Python LoTE signer"),
            ]
        )
        signer = issue(alg, signer_name, signer_key, root_name, root_key, 2, False, 2)
    der = lambda c: c.public_bytes(serialization.Encoding.DER)
    x5c_mode = options.get("x5c", "chain")
    if x5c_mode == "chain":
        chain = [signer] if options.get("selfSigned") else [signer, root]
    elif x5c_mode == "signer":
        chain = [signer]
    elif x5c_mode == "wrong":
        other_key = new_key(alg)
        other = issue(alg, root_name, other_key, root_name, other_key, 3, False, 2)
        chain = [other, root]
    else:
        chain = []

    header = {"alg": options.get("headerAlg", alg)}
    if chain:
        header["x5c"] = [base64.b64encode(der(c)).decode() for c in chain]
    x5t = options.get("x5tS256", True)
    if x5t == "wrong":
        header["x5t#S256"] = b64u(hashlib.sha256(der(root)).digest())
    elif x5t:
        header["x5t#S256"] = b64u(hashlib.sha256(der(signer)).digest())
    sig_t = options.get("sigT", "2026-01-01T00:00:00Z")
    crit = options.get("crit", ["sigT"] if sig_t is not None else None)
    if sig_t is not None:
        header["sigT"] = sig_t
    if crit is not None:
        header["crit"] = crit
    header.update(options.get("extra", {}))

    protected = b64u(json.dumps(header).encode())
    encoded_payload = b64u(payload)
    signing_input = (protected + "." + encoded_payload).encode()
    signature = b64u(raw_signature(alg, signer_key, signing_input, options.get("pssSalt", "digest")))

    mode = options.get("serialization", "compact")
    if mode == "compact":
        jws = protected + "." + encoded_payload + "." + signature
    else:
        entry = {"protected": protected, "signature": signature}
        if "unprotected" in options:
            entry["header"] = options["unprotected"]
        if mode == "flattened":
            jws = json.dumps(dict(payload=encoded_payload, **entry))
        else:
            jws = json.dumps({"payload": encoded_payload, "signatures": [entry]})
    return {
        "jws": jws,
        "root": base64.b64encode(der(root)).decode(),
        "signer": base64.b64encode(der(signer)).decode(),
    }


def verify(root_b64, time_text, jws):
    """Verifies a compact JAdES LoTE: x5c chain to the root, alg fits the key, signature, sigT, the LoTE's members."""
    root = x509.load_der_x509_certificate(base64.b64decode(root_b64))
    time = datetime.datetime.fromisoformat(time_text.replace("Z", "+00:00"))
    protected, payload, signature = jws.strip().split(".")
    header = json.loads(unb64u(protected))
    chain = [x509.load_der_x509_certificate(base64.b64decode(c)) for c in header["x5c"]]
    signer = chain[0]
    for child, parent in zip(chain, chain[1:] + [root]):
        if child.fingerprint(hashes.SHA256()) == parent.fingerprint(hashes.SHA256()):
            continue
        key = parent.public_key()
        if isinstance(key, ed25519.Ed25519PublicKey):
            key.verify(child.signature, child.tbs_certificate_bytes)
        elif isinstance(key, rsa.RSAPublicKey):
            # sha256WithRSAEncryption and friends (PKCS#1 v1.5), as both sides' certificate builders sign.
            key.verify(child.signature, child.tbs_certificate_bytes, padding.PKCS1v15(), child.signature_hash_algorithm)
        else:
            key.verify(child.signature, child.tbs_certificate_bytes, ec.ECDSA(child.signature_hash_algorithm))
    for certificate in chain + [root]:
        start, end = validity(certificate)
        if not (start <= time <= end):
            raise SystemExit("certificate not valid at the time")
    alg = header["alg"]
    if alg not in ("ES256", "ES384", "ES512", "EdDSA", "PS256", "PS384", "PS512"):
        raise SystemExit("alg " + alg + " refused")
    if set(header.get("crit", [])) - {"sigT"}:
        raise SystemExit("unknown critical header")
    data = (protected + "." + payload).encode()
    raw = unb64u(signature)
    key = signer.public_key()
    try:
        if alg == "EdDSA":
            key.verify(raw, data)
        elif alg in PSS_HASHES:
            if not isinstance(key, rsa.RSAPublicKey) or key.key_size < 2048:
                raise SystemExit("alg does not fit the key")
            key.verify(raw, data, pss(PSS_HASHES[alg]), PSS_HASHES[alg])
        else:
            size = CURVES[alg][2]
            if key.curve.name != CURVES[alg][0].name:
                raise SystemExit("alg does not fit the key")
            der_signature = encode_dss_signature(
                int.from_bytes(raw[:size], "big"), int.from_bytes(raw[size:], "big")
            )
            key.verify(der_signature, data, ec.ECDSA(CURVES[alg][1]))
    except InvalidSignature:
        raise SystemExit("bad signature")
    if "x5t#S256" in header and unb64u(header["x5t#S256"]) != hashlib.sha256(
        signer.public_bytes(serialization.Encoding.DER)
    ).digest():
        raise SystemExit("x5t#S256 does not match")
    sig_t = header.get("sigT")
    if sig_t is not None:
        signed_at = datetime.datetime.fromisoformat(sig_t.replace("Z", "+00:00"))
        start, end = validity(signer)
        if not (start <= signed_at <= end):
            raise SystemExit("sigT outside the signer's validity")
    lote = json.loads(unb64u(payload))["LoTE"]
    info = lote["ListAndSchemeInformation"]
    for member in ("LoTEVersionIdentifier", "LoTESequenceNumber", "LoTEType", "SchemeOperatorName",
                   "SchemeTerritory", "ListIssueDateTime", "NextUpdate"):
        if member not in info:
            raise SystemExit("missing " + member)
    entities = lote.get("TrustedEntitiesList", [])
    certificates = []
    types = []
    for entity in entities:
        for service in entity["TrustedEntityServices"]:
            information = service["ServiceInformation"]
            types.append(information["ServiceTypeIdentifier"])
            for item in information["ServiceDigitalIdentity"].get("X509Certificates", []):
                certificate = x509.load_der_x509_certificate(base64.b64decode(item["val"]))
                certificates.append(certificate.fingerprint(hashes.SHA256()).hex())
    return {
        "alg": alg,
        "sigT": sig_t,
        "loteType": info["LoTEType"],
        "sequenceNumber": info["LoTESequenceNumber"],
        "operator": info["SchemeOperatorName"][0]["value"],
        "territory": info["SchemeTerritory"],
        "entities": len(entities),
        "serviceTypes": types,
        "certificates": certificates,
        "signer": signer.subject.rfc4514_string(),
    }


if __name__ == "__main__":
    if sys.argv[1] == "sign":
        print(json.dumps(sign(json.loads(sys.argv[2]), sys.stdin.buffer.read())))
    else:
        print(json.dumps(verify(sys.argv[2], sys.argv[3], sys.stdin.read())))
