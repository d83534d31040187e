#!/usr/bin/env bash
# Builds the tarball for distributions without a package (make dist):
#   scripts/make-dist.sh VERSION BINDIR OUTDIR   →   OUTDIR/animd-VERSION-x86_64-linux.tar.gz
# Inside, animd-VERSION-x86_64-linux/ holds the stripped binaries in bin/, the files scripts/install.sh installs in
# the repository's own layout (systemd/, udev/, xdg/, config/, gnome-shell/, docs/, clients/, examples/, the tour's trace, README.md),
# scripts/install.sh itself, and install.sh, which runs it on them: the same files as the .deb and make install, from
# the one list in install.sh (the package test installs the tarball, and fails on a file that is missing here).
set -euo pipefail
version=${1:?VERSION} bindir=${2:?BINDIR} outdir=${3:?OUTDIR}
repo=$(cd "$(dirname "$0")/.." && pwd)
name=animd-$version-x86_64-linux
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
top=$staging/$name
mkdir -p "$top/bin" "$top/scripts" "$top/docs/man" "$top/clients/c" "$top/clients/python/animd" "$top/clients/js"
for tool in animd animctl animd-demo animd-touch-relay; do
    install -m 0755 "$bindir/$tool" "$top/bin/$tool"
    strip --strip-unneeded "$top/bin/$tool"
done
install -m 0755 "$repo/scripts/install.sh" "$top/scripts/install.sh"
install -m 0755 "$repo/scripts/gnome-extension.py" "$top/scripts/gnome-extension.py"
cp -r "$repo/systemd" "$repo/udev" "$repo/xdg" "$repo/config" "$repo/gnome-shell" "$top/"
cp "$repo/README.md" "$repo/LICENSE" "$repo/THIRD-PARTY-NOTICES" "$top/"
cp "$repo"/docs/*.md "$repo"/docs/*.png "$top/docs/"
cp -r "$repo/examples" "$top/"
mkdir -p "$top/Tests/GesturesTests/Traces"
cp "$repo/Tests/GesturesTests/Traces/flick-constant.jsonl" "$top/Tests/GesturesTests/Traces/"
cp "$repo"/docs/man/*.1 "$top/docs/man/"
cp "$repo/clients/c/animd-leg.h" "$top/clients/c/"
cp "$repo"/clients/python/animd/*.py "$top/clients/python/animd/"
cp "$repo"/clients/js/*.mjs "$top/clients/js/"
cat > "$top/install.sh" <<'SCRIPT'
#!/usr/bin/env bash
# Installs animd from this folder, or removes what an earlier install put there.
#   ./install.sh                       under /usr/local (as root)
#   ./install.sh --prefix ~/.local     for one user, no root
#   ./install.sh --prefix ~/.local --uninstall
# DESTDIR stages the files for a package instead (no manifest is kept then).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=/usr/local mode=install
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=${2:?--prefix needs a folder}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --uninstall) mode=uninstall; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (--prefix DIR, --uninstall)" >&2; exit 2 ;;
    esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
if [ "$mode" = uninstall ]; then exec "$here/scripts/install.sh" uninstall "$prefix"; fi
ANIMD_SOURCE=$here exec "$here/scripts/install.sh" install "$prefix" "$here/bin"
SCRIPT
chmod 0755 "$top/install.sh"
mkdir -p "$outdir"
# Reproducible: sorted names, one owner, the time of the last commit.
stamp=$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$stamp" -C "$staging" -czf "$outdir/$name.tar.gz" "$name"
echo "make-dist: $outdir/$name.tar.gz ($(du -k "$outdir/$name.tar.gz" | cut -f1) KiB)"
