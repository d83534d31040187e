#!/usr/bin/env bash
# Makes docs/sway-panel.png: examples/gtk/sidebar-panel.py as a layer surface on a headless sway with two outputs,
# the second turned, placed there with --output and held part-way open, as the README shows it.
# Needs a debug build (swift build), sway, grim and the panel's packages (scripts/install-deps.sh); run as root
# (sway then runs as nobody, as in Tests/IntegrationTests/HeadlessSway.swift) or as an ordinary user.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
runtime=$(mktemp -d /tmp/animd-sway-shot-XXXXXX)   # sway's
work=$(mktemp -d /tmp/animd-sway-shot-XXXXXX)      # animd's socket (in a folder of its own user) and the panel's output
cat > "$runtime/config" <<'SWAY'
xwayland disable
output HEADLESS-1 mode --custom 1280x720 position 0 0
output HEADLESS-2 mode --custom 1280x720 position 1280 0 transform 90
SWAY
as_sway=()
if [ "$(id -u)" -eq 0 ]; then
    chown -R 65534:65534 "$runtime"
    as_sway=(setpriv --reuid=65534 --regid=65534 --clear-groups)
fi
chmod 0700 "$runtime"
env -i PATH=/usr/bin:/bin HOME="$runtime" XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_RENDERER=pixman \
    WLR_LIBINPUT_NO_DEVICES=1 WLR_HEADLESS_OUTPUTS=2 "${as_sway[@]}" /usr/bin/sway -c "$runtime/config" 2>/dev/null & sway=$!
disown $sway   # killed at the end, without a word from bash
panel='' animd=''
trap 'kill $panel $animd 2>/dev/null; kill -9 $sway 2>/dev/null; rm -rf "$runtime" "$work"' EXIT
for _ in $(seq 100); do [ -S "$runtime/wayland-1" ] && break; sleep 0.1; done
export XDG_RUNTIME_DIR=$runtime WAYLAND_DISPLAY=wayland-1
unset DISPLAY
"$bin/animd" --socket "$work/s.sock" 2>/dev/null & animd=$!
"$bin/animctl" hello --socket "$work/s.sock" --wait 10 >/dev/null
PYTHONPATH=clients/python /usr/bin/python3 examples/gtk/sidebar-panel.py --socket "$work/s.sock" --output HEADLESS-2 \
    --print-ready > "$work/panel" & panel=$!
for _ in $(seq 100); do grep -q '^ready' "$work/panel" 2>/dev/null && break; sleep 0.1; done
"$bin/animctl" begin sidebar 1 --socket "$work/s.sock"
"$bin/animctl" scrub sidebar 0.6 --socket "$work/s.sock"
sleep 1
grim -s 0.5 docs/sway-panel.png
echo "wrote docs/sway-panel.png"
