#!/usr/bin/env python3
"""Reads the demo's status list and the mDLs that name it, independently of the Swift code: the CWT
(draft-ietf-oauth-status-list §5.2) by `cbor2`, its list inflated by `zlib` and unpacked per §4.1 (the first status in
the least significant bits), its signature checked with `cryptography` under the x5chain's certificate, and that
certificate checked as issued directly by the IACA; each mDL's MSO `status` read from its DeviceResponse.

    python3 read_demo_status.py TOKEN IACA_PEM MDOC...

Prints JSON: {"sub", "bits", "typ", "signed_by_iaca", "signature_ok", "credentials": {file: {"idx", "uri",
"status"}}}.
"""

import json
import os
import sys
import zlib

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec, utils


def untag(value):
    return value.value if isinstance(value, cbor2.CBORTag) else value


token_path, iaca_path, *mdocs = sys.argv[1:]
message = untag(cbor2.loads(open(token_path, "rb").read()))
protected_bytes, _unprotected, payload, signature = message
protected = cbor2.loads(protected_bytes)
claims = cbor2.loads(payload)
chain = protected[33]
signer = x509.load_der_x509_certificate(chain if isinstance(chain, bytes) else chain[0])
iaca = x509.load_pem_x509_certificate(open(iaca_path, "rb").read())
try:
    signer.verify_directly_issued_by(iaca)
    signed_by_iaca = True
except Exception:
    signed_by_iaca = False
to_be_signed = cbor2.dumps(["Signature1", protected_bytes, b"", payload])
half = len(signature) // 2
der = utils.encode_dss_signature(int.from_bytes(signature[:half], "big"), int.from_bytes(signature[half:], "big"))
try:
    signer.public_key().verify(der, to_be_signed, ec.ECDSA(hashes.SHA256()))
    signature_ok = True
except Exception:
    signature_ok = False
status_list = claims[65533]
bits = status_list["bits"]
raw = zlib.decompress(status_list["lst"])


def status_at(index):
    per_byte = 8 // bits
    return (raw[index // per_byte] >> ((index % per_byte) * bits)) & ((1 << bits) - 1)


credentials = {}
for path in mdocs:
    response = cbor2.loads(open(path, "rb").read())
    issuer_auth = response["documents"][0]["issuerSigned"]["issuerAuth"]
    mso = cbor2.loads(untag(cbor2.loads(issuer_auth[2])))
    reference = mso["status"]["status_list"]
    credentials[os.path.basename(path)] = {
        "idx": reference["idx"], "uri": reference["uri"], "status": status_at(reference["idx"])}
print(json.dumps({
    "sub": claims[2], "bits": bits, "typ": protected.get(16), "signed_by_iaca": signed_by_iaca,
    "signature_ok": signature_ok, "credentials": credentials}))
