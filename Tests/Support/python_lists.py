#!/usr/bin/env python3
"""VICALs and RICALs built and checked by an independent implementation (cbor2 + cryptography), for interop tests.

    python_lists.py make KIND PLACEMENT ISSUE OUTDIR
        KIND       vical | rical
        PLACEMENT  protected | unprotected   (the COSE header that carries x5chain, label 33)
        ISSUE      an unsigned integer, or "none" for a list without an issue id
    Writes OUTDIR/list.cose, root.pem, reader.pem (a reader leaf under the first RICAL entry, then that CA),
    signer.pem (a document signer under the first VICAL entry) and prints the facts as JSON.

    python_lists.py verify KIND ROOTPEM LISTFILE
        Verifies a list signed elsewhere: COSE_Sign1 structure, x5chain (RFC 9360) in the header the kind requires,
        the ES256 signature over Sig_structure (RFC 9052 section 4.4), each x5chain certificate signed by the next
        and the last by the root, the signer's EKU (VICAL: 1.0.18013.5.1.8); prints the payload's facts as JSON.

Written from ISO/IEC 18013-5 Annex C.1.7 (VICAL: vicalProvider, vicalIssueID, x5chain unprotected) and the second
edition's Annex F (RICAL: provider, id, type, x5chain protected), not from the Swift code it tests.
"""

import datetime
import hashlib
import json
import os
import sys

import cbor2
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import NameOID

UTC = datetime.timezone.utc
# TestPKI.referenceTime of the Swift tests: 2026-01-01T00:00:00Z.
LIST_DATE = datetime.datetime(2026, 1, 1, tzinfo=UTC)
VALID_FROM = datetime.datetime(2025, 1, 1, tzinfo=UTC)
VALID_UNTIL = datetime.datetime(2030, 1, 1, tzinfo=UTC)
VICAL_SIGNER_EKU = x509.ObjectIdentifier("1.0.18013.5.1.8")
DOCUMENT_SIGNER_EKU = x509.ObjectIdentifier("1.0.18013.5.1.2")
READER_EKU = x509.ObjectIdentifier("1.0.18013.5.1.6")
RICAL_TYPE = "org.iso.18013.5.1.reader_authentication"
X5CHAIN = 33


def name(common_name):
    return x509.Name([
        x509.NameAttribute(NameOID.COUNTRY_NAME, "NZ"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Python Trust Network"),
        x509.NameAttribute(NameOID.COMMON_NAME, common_name),
    ])


def issue(common_name, issuer=None, ca=False, path_length=None, eku=None, key_usage="sign"):
    key = ec.generate_private_key(ec.SECP256R1())
    subject = name(common_name)
    issuer_cert, issuer_key = issuer if issuer else (None, key)
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer_cert.subject if issuer_cert else subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(VALID_FROM)
        .not_valid_after(VALID_UNTIL)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    if issuer_cert:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if ca:
        builder = builder.add_extension(x509.BasicConstraints(ca=True, path_length=path_length), critical=True)
    usage = dict(digital_signature=False, content_commitment=False, key_encipherment=False,
                 data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                 encipher_only=False, decipher_only=False)
    if ca:
        usage.update(key_cert_sign=True, crl_sign=True)
    elif key_usage == "nonRepudiation":
        usage.update(content_commitment=True)
    else:
        usage.update(digital_signature=True)
    builder = builder.add_extension(x509.KeyUsage(**usage), critical=True)
    if eku:
        builder = builder.add_extension(x509.ExtendedKeyUsage(eku), critical=True)
    certificate = builder.sign(issuer_key, hashes.SHA256())
    return certificate, key


def der(certificate):
    return certificate.public_bytes(serialization.Encoding.DER)


def pem(*certificates):
    return b"".join(c.public_bytes(serialization.Encoding.PEM) for c in certificates)


def sha256(data):
    return hashlib.sha256(data).hexdigest()


def ski(certificate):
    return certificate.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value.digest


def serial_bytes(certificate):
    n = certificate.serial_number
    return n.to_bytes((n.bit_length() + 7) // 8 or 1, "big")


def sig_structure(protected, payload):
    return cbor2.dumps(["Signature1", protected, b"", payload])


def make(kind, placement, issue_id, outdir):
    root = issue("Py Network Root", ca=True)
    issuing = issue("Py Issuing CA", issuer=root, ca=True, path_length=0)
    if kind == "vical":
        signer = issue("Py VICAL Signer", issuer=issuing, eku=[VICAL_SIGNER_EKU], key_usage="nonRepudiation")
    else:
        signer = issue("Py RICAL Signer", issuer=issuing)  # real RICAL signers carry no EKU
    # With an issue id the chain is an array (signer, issuing CA); without one, a single bstr for a signer issued
    # by the root directly, as Austroads and NZTA publish it.
    if issue_id is None:
        signer = issue(signer[0].subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value, issuer=root,
                       eku=[VICAL_SIGNER_EKU] if kind == "vical" else None,
                       key_usage="nonRepudiation" if kind == "vical" else "sign")
        x5chain = der(signer[0])
        chain_length = 1
    else:
        x5chain = [der(signer[0]), der(issuing[0])]
        chain_length = 2

    entries = []
    facts_entries = []
    if kind == "vical":
        doc_types = [["org.iso.18013.5.1.mDL"], ["org.iso.18013.5.1.mDL", "org.iso.23220.photoid.1"]]
        cas = [issue(f"Py IACA {i}", ca=True, path_length=0) for i in range(2)]
        for (certificate, _), types in zip(cas, doc_types):
            entries.append({
                "certificate": der(certificate), "serialNumber": cbor2.CBORTag(2, serial_bytes(certificate)),
                "ski": ski(certificate), "docType": types, "issuingCountry": "NZ",
                "issuingAuthority": "Py Transport Agency",
            })
            facts_entries.append({"sha256": sha256(der(certificate)), "ski": ski(certificate).hex(),
                                  "docTypes": types})
        leaf = issue("Py Document Signer", issuer=cas[0], eku=[DOCUMENT_SIGNER_EKU])
        with open(os.path.join(outdir, "signer.pem"), "wb") as f:
            f.write(pem(leaf[0]))
    else:
        cas = [issue(f"Py Reader CA {i}", ca=True) for i in range(2)]
        for i, (certificate, _) in enumerate(cas):
            entries.append({
                "certificate": der(certificate), "serialNumber": cbor2.CBORTag(2, serial_bytes(certificate)),
                "ski": ski(certificate), "name": f"Py Reader CA {i}",
            })
            facts_entries.append({"sha256": sha256(der(certificate)), "ski": ski(certificate).hex(),
                                  "name": f"Py Reader CA {i}"})
        leaf = issue("Py Reader", issuer=cas[0], eku=[READER_EKU])
        with open(os.path.join(outdir, "reader.pem"), "wb") as f:
            f.write(pem(leaf[0], cas[0][0]))

    # Keys in the order the spec lists them (not sorted: cbor2 keeps insertion order); dates as tag 0 text.
    next_update = LIST_DATE + datetime.timedelta(days=1)
    if kind == "vical":
        payload = {"version": "1.0", "vicalProvider": "PyNet", "date": LIST_DATE}
        if issue_id is not None:
            payload["vicalIssueID"] = issue_id
    else:
        payload = {"version": "1.0", "type": RICAL_TYPE, "provider": "PyNet", "date": LIST_DATE}
        if issue_id is not None:
            payload["id"] = issue_id
    payload["nextUpdate"] = next_update
    payload["certificateInfos"] = entries
    payload_bytes = cbor2.dumps(payload, datetime_as_timestamp=False, timezone=UTC)

    protected_map = {1: -7}
    unprotected = {}
    if placement == "protected":
        protected_map[X5CHAIN] = x5chain
    else:
        unprotected[X5CHAIN] = x5chain
    protected = cbor2.dumps(protected_map)
    der_signature = signer[1].sign(sig_structure(protected, payload_bytes), ec.ECDSA(hashes.SHA256()))
    r, s = decode_dss_signature(der_signature)
    message = cbor2.dumps([protected, unprotected, payload_bytes, r.to_bytes(32, "big") + s.to_bytes(32, "big")])
    with open(os.path.join(outdir, "list.cose"), "wb") as f:
        f.write(message)
    with open(os.path.join(outdir, "root.pem"), "wb") as f:
        f.write(pem(root[0]))
    print(json.dumps({
        "provider": "PyNet", "date": LIST_DATE.timestamp(), "nextUpdate": next_update.timestamp(),
        "issueID": issue_id, "entries": facts_entries, "rootSHA256": sha256(der(root[0])),
        "signerSHA256": sha256(der(signer[0])), "x5chainLength": chain_length, "listSHA256": sha256(message),
    }))


def check_signed_by(certificate, issuer):
    issuer.public_key().verify(certificate.signature, certificate.tbs_certificate_bytes,
                               ec.ECDSA(certificate.signature_hash_algorithm))


def verify(kind, root_file, list_file):
    root = x509.load_pem_x509_certificate(open(root_file, "rb").read())
    message = cbor2.loads(open(list_file, "rb").read())
    assert isinstance(message, list) and len(message) == 4, "an untagged COSE_Sign1 array of 4"
    protected_bytes, unprotected, payload_bytes, signature = message
    protected = cbor2.loads(protected_bytes)
    assert protected.get(1) == -7, f"alg ES256 in the protected header, found {protected.get(1)}"
    required, other = (unprotected, protected) if kind == "vical" else (protected, unprotected)
    assert X5CHAIN in required and X5CHAIN not in other, f"x5chain in the {kind}'s header only"
    chain = required[X5CHAIN]
    chain = [chain] if isinstance(chain, bytes) else chain
    certificates = [x509.load_der_x509_certificate(c) for c in chain]
    signer = certificates[0]
    assert len(signature) == 64, "raw r||s of ES256"
    signer.public_key().verify(
        encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")),
        sig_structure(protected_bytes, payload_bytes), ec.ECDSA(hashes.SHA256()))
    for certificate, issuer in zip(certificates, certificates[1:]):
        check_signed_by(certificate, issuer)
    if der(certificates[-1]) != der(root):
        check_signed_by(certificates[-1], root)
    try:
        ekus = [o.dotted_string for o in signer.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value]
    except x509.ExtensionNotFound:
        ekus = None
    if kind == "vical":
        assert ekus == [VICAL_SIGNER_EKU.dotted_string], f"VICAL signer EKU, found {ekus}"
    payload = cbor2.loads(payload_bytes)
    if kind == "rical":
        assert payload["type"] == RICAL_TYPE
    entries = []
    for info in payload["certificateInfos"]:
        certificate = x509.load_der_x509_certificate(info["certificate"])
        serial = info["serialNumber"]
        serial = int.from_bytes(serial, "big") if isinstance(serial, bytes) else serial
        assert serial == certificate.serial_number, "serialNumber is the certificate's"
        assert info["ski"] == ski(certificate), "ski is the certificate's"
        entries.append({"sha256": sha256(info["certificate"]), "docTypes": info.get("docType"),
                        "name": info.get("name")})
    print(json.dumps({
        "provider": payload["vicalProvider" if kind == "vical" else "provider"],
        "issueID": payload.get("vicalIssueID" if kind == "vical" else "id"),
        "date": payload["date"].timestamp(),
        "nextUpdate": payload["nextUpdate"].timestamp() if "nextUpdate" in payload else None,
        "x5chainLength": len(certificates), "entries": entries,
    }))


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(sys.argv[2], sys.argv[3], None if sys.argv[4] == "none" else int(sys.argv[4]), sys.argv[5])
    elif sys.argv[1] == "verify":
        verify(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(f"unknown mode {sys.argv[1]}")
