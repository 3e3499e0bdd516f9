#!/usr/bin/env bash
# Builds the Debian package trustlists_<version>_<arch>.deb (docs/operations.md, "Install the Debian package").
#
#   scripts/build-deb.sh [--out DIR] [--products DIR] [--compression xz|gzip|none] [--lintian]
#
# By default it makes a release build with the Swift runtime linked in (swift build -c release --static-swift-stdlib),
# so that the package needs only Debian's libraries on the target host. --products DIR takes trustctl and trustlistd
# already built in DIR instead (the tests pass .build/debug: such binaries need the toolchain's runtime on the host).
# --out DIR is where the .deb goes (default: the current folder); --lintian runs lintian on it afterwards.
#
# What the package holds:
#   /usr/bin/trustctl, /usr/sbin/trustlistd                      stripped, without a library search path
#   /lib/systemd/system/{trustlistd.service,trustlistd.socket,trustlists-refresh.service,trustlists-refresh.timer}
#                                                                config/'s units, run as the user trustlists
#   /usr/lib/sysusers.d/trustlists.conf, /usr/lib/tmpfiles.d/trustlists.conf   the user, /var/lib/trustlists
#   /etc/trustlists/trustlists.json                              a conffile: config/trustlists.json, cache in /var/lib
#   /usr/share/man/man1/trustctl.1.gz, /usr/share/man/man8/trustlistd.8.gz     from 'trustctl manpage'
#   /usr/share/bash-completion/completions/trustctl, /usr/share/zsh/vendor-completions/_trustctl
#                                                                from 'trustctl completion'
#   /usr/share/trustlists/{prometheus-alerts.yml,grafana-dashboard.json}
#   /usr/share/doc/trustlists/                                   README, docs, copyright, changelog, the nginx example
# Needs: swift (unless --products), dpkg-deb, dpkg-shlibdeps (dpkg-dev), chrpath, strip, gzip; lintian for --lintian.
set -euo pipefail
cd "$(dirname "$0")/.."
root_dir=$PWD

out=$PWD
products=""
compression=xz
run_lintian=false
while [ $# -gt 0 ]; do
    case "$1" in
        --out) out=$2; shift 2 ;;
        --out=*) out=${1#--out=}; shift ;;
        --products) products=$2; shift 2 ;;
        --products=*) products=${1#--products=}; shift ;;
        --compression) compression=$2; shift 2 ;;
        --compression=*) compression=${1#--compression=}; shift ;;
        --lintian) run_lintian=true; shift ;;
        -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$compression" in xz|gzip|none) ;; *) echo "error: --compression is xz, gzip or none" >&2; exit 2 ;; esac
for tool in dpkg-deb dpkg-shlibdeps chrpath strip gzip; do
    command -v "$tool" >/dev/null || { echo "error: $tool is missing (bash scripts/install-deps.sh)" >&2; exit 1; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ -z "$products" ]; then
    echo "building trustctl and trustlistd (release, Swift runtime linked in)"
    swift build -c release --static-swift-stdlib --product trustctl
    swift build -c release --static-swift-stdlib --product trustlistd
    products=$(swift build -c release --static-swift-stdlib --show-bin-path)
fi
for program in trustctl trustlistd; do
    [ -x "$products/$program" ] || { echo "error: $products/$program is not built" >&2; exit 1; }
done

trustctl=$products/trustctl
version=$("$trustctl" --version | awk '{ print $2 }')
arch=$(dpkg --print-architecture)
package_version="$version-1"
name="trustlists_${package_version}_${arch}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stage=$work/$name
install -d -m 0755 "$stage/DEBIAN"

# Programs: stripped, and without the toolchain's library search path (Debian's libraries are found as usual).
install -D -m 0755 "$products/trustctl" "$stage/usr/bin/trustctl"
install -D -m 0755 "$products/trustlistd" "$stage/usr/sbin/trustlistd"
search_path=$(readelf -d "$products/trustctl" | sed -n 's/.*R\(UN\)\{0,1\}PATH.*\[\(.*\)\]/\2/p' | tr ':' '\n' \
    | grep '^/' | head -1 || true)
for binary in "$stage/usr/bin/trustctl" "$stage/usr/sbin/trustlistd"; do
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
    chrpath -d "$binary" >/dev/null
done

# systemd units, sysusers.d, tmpfiles.d: config/'s units with the package's paths and its static user.
for unit in trustlistd.service trustlistd.socket trustlists-refresh.service trustlists-refresh.timer; do
    sed -e 's|/usr/local/bin/trustlistd|/usr/sbin/trustlistd|g' \
        -e 's|/usr/local/bin/trustctl|/usr/bin/trustctl|g' \
        -e 's|file:/usr/local/share/doc/trustlists/operations.md|file:/usr/share/doc/trustlists/operations.md.gz|' \
        -e 's|^Documentation=man:systemd.service(5)|Documentation=man:trustlistd(8) man:systemd.service(5)|' \
        -e 's|^DynamicUser=yes|User=trustlists\nGroup=trustlists|' \
        "config/$unit" >"$work/$unit"
    install -D -m 0644 "$work/$unit" "$stage/lib/systemd/system/$unit"
done
install -D -m 0644 packaging/deb/trustlists.sysusers "$stage/usr/lib/sysusers.d/trustlists.conf"
install -D -m 0644 packaging/deb/trustlists.tmpfiles "$stage/usr/lib/tmpfiles.d/trustlists.conf"

# The configuration: config/trustlists.json with the cache in the state directory of the units.
sed 's|"cacheDirectory": "../cache"|"cacheDirectory": "/var/lib/trustlists"|' config/trustlists.json >"$work/trustlists.json"
grep -q '"cacheDirectory": "/var/lib/trustlists"' "$work/trustlists.json" \
    || { echo "error: config/trustlists.json has no cacheDirectory ../cache to point at /var/lib/trustlists" >&2; exit 1; }
install -D -m 0644 "$work/trustlists.json" "$stage/etc/trustlists/trustlists.json"
echo /etc/trustlists/trustlists.json >"$stage/DEBIAN/conffiles"

# Man pages and completions, made by the trustctl being packaged from the specifications of its --help.
install -d -m 0755 "$stage/usr/share/man/man1" "$stage/usr/share/man/man8"
"$trustctl" manpage trustctl | gzip -9n >"$stage/usr/share/man/man1/trustctl.1.gz"
"$trustctl" manpage trustlistd | gzip -9n >"$stage/usr/share/man/man8/trustlistd.8.gz"
install -d -m 0755 "$stage/usr/share/bash-completion/completions" "$stage/usr/share/zsh/vendor-completions"
"$trustctl" completion bash >"$stage/usr/share/bash-completion/completions/trustctl"
"$trustctl" completion zsh >"$stage/usr/share/zsh/vendor-completions/_trustctl"

# Monitoring and documentation.
install -D -m 0644 config/prometheus-alerts.yml "$stage/usr/share/trustlists/prometheus-alerts.yml"
install -D -m 0644 config/grafana-dashboard.json "$stage/usr/share/trustlists/grafana-dashboard.json"
doc=$stage/usr/share/doc/trustlists
install -D -m 0644 packaging/deb/copyright "$doc/copyright"
install -D -m 0644 config/nginx-trustlists.conf "$doc/examples/nginx-trustlists.conf"
for file in README.md docs/cli.md docs/configuration.md docs/operations.md docs/architecture.md; do
    gzip -9n <"$file" >"$doc/$(basename "$file").gz"
done
{
    echo "trustlists ($package_version) unstable; urgency=medium"
    echo
    echo "  * Package built from the trustlists sources by scripts/build-deb.sh."
    echo
    echo " -- trustlists maintainers <maintainers@users.noreply.a-seed-e36a22ab.example>  $(date -R -u -d @"${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n >"$doc/changelog.Debian.gz"

# Maintainer scripts.
for script in postinst prerm postrm; do
    install -m 0755 "packaging/deb/$script" "$stage/DEBIAN/$script"
done

# Depends from the libraries the programs link (dpkg-shlibdeps); the toolchain's own, when a build links them
# dynamically, belong to no package and are left out.
mkdir -p "$work/shlibs/debian"
printf 'Source: trustlists\n\nPackage: trustlists\nArchitecture: any\n' >"$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O --ignore-missing-info ${search_path:+-l"$search_path"} \
    "$stage/usr/bin/trustctl" "$stage/usr/sbin/trustlistd" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "error: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
depends="$depends, systemd"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$package_version|" -e "s|@ARCH@|$arch|" -e "s|@SIZE@|$size|" -e "s|@DEPENDS@|$depends|" \
    packaging/deb/control.in >"$stage/DEBIAN/control"
find "$stage" -type d -exec chmod 0755 {} +
(cd "$stage" && find . -type f ! -path './DEBIAN/*' -printf '%P\0' | sort -z | xargs -0 md5sum) >"$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control" "$stage/DEBIAN/conffiles"

deb=$out/$name.deb
dpkg-deb --root-owner-group -Z"$compression" --build "$stage" "$deb" >/dev/null
echo "built $deb"
if $run_lintian; then
    lintian --fail-on error "$deb"
fi
