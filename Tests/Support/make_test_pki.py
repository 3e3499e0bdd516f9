#!/usr/bin/env python3
"""Writes a throwaway TLS PKI for loopback tests into OUTDIR:

    ca.pem                      a self-signed test CA (P-256)
    server.pem, server.key      a server certificate from that CA for 127.0.0.1 and localhost
    wrongname.pem, wrongname.key  a server certificate from that CA for other.invalid only

Uses the `cryptography` package when installed, else the `openssl` command. Exits 2 with a message
on stderr when neither is available. Certificates are valid from one day ago for 30 days.
"""

import datetime
import ipaddress
import os
import shutil
import subprocess
import sys
import tempfile

NAMES = {"server": ["127.0.0.1", "localhost"], "wrongname": ["other.invalid"]}


def with_cryptography(out):
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    now = datetime.datetime.now(datetime.timezone.utc)
    start, end = now - datetime.timedelta(days=1), now + datetime.timedelta(days=30)

    def name(common_name):
        return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])

    def write(path, data):
        with open(os.path.join(out, path), "wb") as f:
            f.write(data)

    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = name("trustlists loopback test CA")
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    write("ca.pem", ca.public_bytes(serialization.Encoding.PEM))

    for stem, sans in NAMES.items():
        key = ec.generate_private_key(ec.SECP256R1())
        entries = []
        for san in sans:
            try:
                entries.append(x509.IPAddress(ipaddress.ip_address(san)))
            except ValueError:
                entries.append(x509.DNSName(san))
        cert = (
            x509.CertificateBuilder()
            .subject_name(name(sans[0]))
            .issuer_name(ca_name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(start)
            .not_valid_after(end)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.SubjectAlternativeName(entries), critical=False)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
            .sign(ca_key, hashes.SHA256())
        )
        write(stem + ".pem", cert.public_bytes(serialization.Encoding.PEM))
        write(stem + ".key", key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))


def with_openssl(out):
    def run(*args):
        subprocess.run(["openssl", *args], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    ca_key, ca_pem = os.path.join(out, "ca.key"), os.path.join(out, "ca.pem")
    run("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", ca_key,
        "-out", ca_pem, "-days", "30", "-subj", "/CN=trustlists loopback test CA",
        "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    with tempfile.TemporaryDirectory() as tmp:
        for stem, sans in NAMES.items():
            key, csr, pem = (os.path.join(out, stem + ".key"), os.path.join(tmp, stem + ".csr"),
                             os.path.join(out, stem + ".pem"))
            ext = os.path.join(tmp, stem + ".ext")
            alt = ",".join(("IP:" if s[0].isdigit() else "DNS:") + s for s in sans)
            with open(ext, "w") as f:
                f.write("basicConstraints=critical,CA:FALSE\nextendedKeyUsage=serverAuth\n"
                        "subjectAltName=%s\n" % alt)
            run("req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", csr, "-subj", "/CN=" + sans[0])
            run("x509", "-req", "-in", csr, "-CA", ca_pem, "-CAkey", ca_key, "-CAcreateserial",
                "-out", pem, "-days", "30", "-extfile", ext)


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: make_test_pki.py OUTDIR\n")
        return 64
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    try:
        with_cryptography(out)
        return 0
    except ImportError:
        pass
    if shutil.which("openssl"):
        with_openssl(out)
        return 0
    sys.stderr.write("make_test_pki.py: neither the Python 'cryptography' package nor the openssl command "
                     "is available\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
