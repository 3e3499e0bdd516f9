#!/usr/bin/env python3
"""Writes a test CA, certificates and CRLs built with `cryptography` into OUTDIR, plus `manifest.json` with what
each CRL says, taken from the builder's inputs (the expectations of the CRL tests, independent of the Swift code).

    python3 make_test_crls.py OUTDIR REFERENCE_EPOCH

Files: ca.pem, ca.key (the CA "Test IACA", P-256, SKI, keyUsage keyCertSign+cRLSign), other-ca.pem (the same
Name under another key), nocrlsign-ca.pem (the same Name and key as ca.pem, keyUsage keyCertSign only),
leaf-revoked.pem, leaf-good.pem (issued by ca), and one DER CRL per name in the manifest (NAME.der). Times are
whole seconds around REFERENCE_EPOCH (UTC).
"""

import datetime
import json
import os
import subprocess
import sys
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID, ObjectIdentifier

out, reference = sys.argv[1], int(sys.argv[2])
REF = datetime.datetime.fromtimestamp(reference, datetime.timezone.utc)
DAY = datetime.timedelta(days=1)
CA_NAME = x509.Name([
    x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
    x509.NameAttribute(NameOID.COMMON_NAME, "Test IACA"),
])


def write(name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def pem(cert):
    return cert.public_bytes(serialization.Encoding.PEM)


ca_key = ec.generate_private_key(ec.SECP256R1())
other_key = ec.generate_private_key(ec.SECP256R1())


def ca_cert(key, crl_sign=True):
    return (
        x509.CertificateBuilder()
        .subject_name(CA_NAME).issuer_name(CA_NAME).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(REF - 365 * DAY).not_valid_after(REF + 3650 * DAY)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, crl_sign, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .sign(key, hashes.SHA256())
    )


ca = ca_cert(ca_key)
write("ca.pem", pem(ca))
write("ca.key", ca_key.private_bytes(
    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))
write("other-ca.pem", pem(ca_cert(other_key)))
write("nocrlsign-ca.pem", pem(ca_cert(ca_key, crl_sign=False)))

# Serials: one with its high bit set (DER content 00 8F ...), one small, one long (20 octets).
REVOKED_SERIAL = 0x8F1234567890ABCDEF
GOOD_SERIAL = 0x8F1234567890ABCDF0
OTHER_SERIALS = [1, 0x7F, 0x80, 0x1234, (1 << 151) + 12345]
for stem, serial in (("leaf-revoked", REVOKED_SERIAL), ("leaf-good", GOOD_SERIAL)):
    key = ec.generate_private_key(ec.SECP256R1())
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, stem)])).issuer_name(CA_NAME)
        .public_key(key.public_key()).serial_number(serial)
        .not_valid_before(REF - 30 * DAY).not_valid_after(REF + 300 * DAY)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .add_extension(x509.KeyUsage(True, False, False, False, False, False, False, False, False), critical=True)
        .sign(ca_key, hashes.SHA256())
    )
    write(stem + ".pem", pem(cert))

# A certificate whose cRLDistributionPoints mix what is fetched with what is not.
DP = x509.DistributionPoint
mixed_key = ec.generate_private_key(ec.SECP256R1())
mixed = (
    x509.CertificateBuilder()
    .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cdp-mixed")])).issuer_name(CA_NAME)
    .public_key(mixed_key.public_key()).serial_number(3)
    .not_valid_before(REF - 30 * DAY).not_valid_after(REF + 300 * DAY)
    .add_extension(x509.CRLDistributionPoints([
        DP(full_name=[
            x509.UniformResourceIdentifier("http://crl.example.test/a.crl"),
            x509.UniformResourceIdentifier("ldap://ldap.example.test/cn=Test%20IACA?certificateRevocationList"),
            x509.DirectoryName(CA_NAME),
        ], relative_name=None, reasons=None, crl_issuer=None),
        DP(full_name=None, relative_name=x509.RelativeDistinguishedName(
            [x509.NameAttribute(NameOID.COMMON_NAME, "CRL1")]), reasons=None, crl_issuer=None),
        DP(full_name=[x509.UniformResourceIdentifier("http://indirect.example.test/x.crl")], relative_name=None,
           reasons=None, crl_issuer=[x509.DirectoryName(CA_NAME)]),
        DP(full_name=[x509.UniformResourceIdentifier("HTTPS://crl.example.test:8443/b.crl?x=1&y=2"),
                      x509.UniformResourceIdentifier("http://crl.example.test/a.crl")],
           relative_name=None, reasons=None, crl_issuer=None),
        DP(full_name=[x509.UniformResourceIdentifier("http://partial.example.test/p.crl")], relative_name=None,
           reasons=frozenset([x509.ReasonFlags.key_compromise]), crl_issuer=None),
    ]), critical=False)
    .sign(ca_key, hashes.SHA256())
)
write("cdp-mixed.pem", pem(mixed))

manifest = {}


def revoked(serial, when, extensions=()):
    builder = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(when)
    for ext, critical in extensions:
        builder = builder.add_extension(ext, critical)
    return builder.build()


def crl(name, *, key=ca_key, this=REF - DAY, next=REF + 7 * DAY, number=5, aki=True, entries=None,
        extensions=()):
    if entries is None:
        entries = [revoked(REVOKED_SERIAL, REF - 2 * DAY)] + [
            revoked(s, REF - 3 * DAY) for s in OTHER_SERIALS]
    builder = x509.CertificateRevocationListBuilder().issuer_name(CA_NAME).last_update(this).next_update(next)
    if number is not None:
        builder = builder.add_extension(x509.CRLNumber(number), critical=False)
    if aki:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False)
    for ext, critical in extensions:
        builder = builder.add_extension(ext, critical)
    for entry in entries:
        builder = builder.add_revoked_certificate(entry)
    signed = builder.sign(key, hashes.SHA256())
    der = signed.public_bytes(serialization.Encoding.DER)
    write(name + ".der", der)
    manifest[name] = {
        "version": 2,
        "thisUpdate": int(this.timestamp()),
        "nextUpdate": int(next.timestamp()),
        "crlNumber": None if number is None else "%x" % number,
        "revoked": {"%x" % e.serial_number: int(e.revocation_date_utc.timestamp()) for e in entries},
        "issuerDER": CA_NAME.public_bytes().hex(),
        "akiHex": x509.SubjectKeyIdentifier.from_public_key(key.public_key()).digest.hex() if aki else None,
    }
    return der


crl("good")
crl("good-resigned")  # the same content signed again: another (randomized ECDSA) signature
crl("good-renumbered", number=4)
crl("good-next", number=6, entries=[revoked(REVOKED_SERIAL, REF - 2 * DAY)])
crl("same-number-other-content", entries=[revoked(GOOD_SERIAL, REF - 2 * DAY)])
crl("other-key", key=other_key)
crl("expired", this=REF - 10 * DAY, next=REF - DAY)
crl("not-yet-valid", this=REF + DAY, next=REF + 8 * DAY)
crl("empty", entries=[])
crl("unknown-critical", extensions=[(x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.1"), b"\x05\x00"), True)])
crl("delta", extensions=[(x509.DeltaCRLIndicator(4), True)])
crl("indirect-idp", extensions=[(x509.IssuingDistributionPoint(
    full_name=None, relative_name=None, only_contains_user_certs=False, only_contains_ca_certs=False,
    only_some_reasons=None, indirect_crl=True, only_contains_attribute_certs=False), True)])
crl("indirect-entry", entries=[revoked(REVOKED_SERIAL, REF - 2 * DAY, [(x509.CertificateIssuer(
    [x509.DirectoryName(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Another CA")]))]), True)])])
crl("entry-reason", entries=[revoked(REVOKED_SERIAL, REF - 2 * DAY, [(x509.CRLReason(
    x509.ReasonFlags.key_compromise), False)])])
crl("no-aki-no-number", aki=False, number=None)
crl("big-number", number=(1 << 159) + 7)

# A v1 CRL (no extensions): `openssl ca -gencrl` writes v1 when no CRL extensions are configured.
with tempfile.TemporaryDirectory() as work:
    open(os.path.join(work, "index.txt"), "w").close()
    with open(os.path.join(work, "ca.cnf"), "w") as f:
        f.write("[ca]\ndefault_ca = test\n[test]\ndatabase = %s/index.txt\ndefault_md = sha256\n"
                "default_crl_days = 7\n" % work)
    subprocess.run(
        ["openssl", "ca", "-batch", "-config", os.path.join(work, "ca.cnf"), "-gencrl",
         "-cert", os.path.join(out, "ca.pem"), "-keyfile", os.path.join(out, "ca.key"),
         "-crl_lastupdate", (REF - DAY).strftime("%Y%m%d%H%M%SZ"),
         "-crl_nextupdate", (REF + 7 * DAY).strftime("%Y%m%d%H%M%SZ"),
         "-out", os.path.join(work, "v1.pem")], check=True, capture_output=True)
    subprocess.run(["openssl", "crl", "-in", os.path.join(work, "v1.pem"), "-outform", "DER",
                    "-out", os.path.join(out, "v1.der")], check=True, capture_output=True)
manifest["v1"] = {
    "version": 1, "thisUpdate": int((REF - DAY).timestamp()), "nextUpdate": int((REF + 7 * DAY).timestamp()),
    "crlNumber": None, "revoked": {}, "issuerDER": CA_NAME.public_bytes().hex(), "akiHex": None}

with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1, sort_keys=True)
