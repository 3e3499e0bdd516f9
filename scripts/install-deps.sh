#!/usr/bin/env bash
# Installs the Debian packages the package builds, tests and runs with, when they are missing: the C libraries it
# links (OpenSSL 3, libcurl, libsystemd, libmicrohttpd, zlib), Python's cbor2 and cryptography (the independent
# implementation the interop tests compare with), nginx (the scale-out test), systemd's analyzer (the unit test) and
# the openssl command (a second reader of corrupted certificates), chromium (the console's headless browser tests) and
# prometheus (promtool, which checks the alert rules and a live /metrics); and what the Debian package test needs:
# dpkg-dev (dpkg-shlibdeps), chrpath, binutils (strip, readelf), lintian, man-db and groff-base (the man pages), zsh
# (the zsh completion).
# Works as root without sudo (a fresh Debian container) and as a user with sudo.
set -euo pipefail

packages=(
    libssl-dev libcurl4-openssl-dev libsystemd-dev libmicrohttpd-dev zlib1g-dev
    python3 python3-cbor2 python3-cryptography nginx systemd openssl chromium prometheus
    dpkg-dev chrpath binutils lintian man-db groff-base zsh
)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
run=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "error: not root and no sudo: install ${missing[*]} as root" >&2; exit 1; }
    run=(sudo)
fi
echo "installing: ${missing[*]}"
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
