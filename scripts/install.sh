#!/usr/bin/env bash
# Installs animd under a prefix, or removes exactly what it installed.
#   scripts/install.sh install   PREFIX BINDIR   (BINDIR: where swift build put animd and animctl)
#   scripts/install.sh uninstall PREFIX
# `make install` and `make uninstall` call it, and so do the Debian package's build (debian/rules) and the tarball's
# own install.sh (make dist). The files it wrote, and the folders it had to create, are listed in
# PREFIX/share/animd/install-manifest, which is what uninstall removes: nothing else, and nothing that was there before.
# With DESTDIR set, the files go under DESTDIR+PREFIX while naming PREFIX inside them (a staged install, for a
# package), and no manifest is written: the package manager keeps that list.
set -euo pipefail

mode=${1:?install or uninstall}
prefix=${2:?PREFIX}
prefix=${prefix%/}
destdir=${DESTDIR:-}
destdir=${destdir%/}
manifest="$prefix/share/animd/install-manifest"
here=$(cd "$(dirname "$0")" && pwd)
# From a checkout, the repository; from the release tarball, the tarball's folder (the same layout).
repo=${ANIMD_SOURCE:-$(cd "$here/.." && pwd)}

# systemd --user reads ~/.local/share/systemd/user, and /usr/local/lib/systemd/user for a system prefix.
if [ "$prefix" = "$HOME/.local" ]; then unitdir="$prefix/share/systemd/user"; else unitdir="$prefix/lib/systemd/user"; fi
# Where Debian's python3 finds a package: /usr/lib/python3/dist-packages for /usr, /usr/local/lib/python3.X/
# dist-packages for /usr/local, the user's site for ~/.local; elsewhere PREFIX/lib/python3/site-packages, to name in
# PYTHONPATH.
python_version=$(/usr/bin/python3 -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")' 2>/dev/null || echo 3)
case "$prefix" in
    /usr) pythondir=$prefix/lib/python3/dist-packages ;;
    /usr/local) pythondir=$prefix/lib/python$python_version/dist-packages ;;
    "$HOME/.local") pythondir=$prefix/lib/python$python_version/site-packages ;;
    *) pythondir=$prefix/lib/python3/site-packages ;;
esac

uninstall() {
    [ -f "$manifest" ] || { echo "install.sh: nothing to uninstall: no $manifest" >&2; exit 1; }
    local installed created
    installed=$(grep '^file ' "$manifest" | cut -d' ' -f2-)
    # Deepest first: a folder sorts after its parent, so reversed it comes before it.
    created=$( (grep '^dir ' "$manifest.dirs" 2>/dev/null || true) | cut -d' ' -f2- | sort -r)
    while IFS= read -r path; do [ -n "$path" ] && rm -f -- "$path"; done <<< "$installed"
    # What Python compiled from the modules it installed, as Debian's py3clean removes it.
    while IFS= read -r path; do
        case "$path" in
            *.py) rm -f -- "$(dirname "$path")/__pycache__/$(basename "$path" .py)".*.pyc
                  rmdir -- "$(dirname "$path")/__pycache__" 2>/dev/null || true ;;
        esac
    done <<< "$installed"
    rm -f -- "$manifest" "$manifest.dirs"
    # Only the folders this install created, and only once they are empty.
    while IFS= read -r path; do [ -n "$path" ] && { rmdir -- "$path" 2>/dev/null || true; }; done <<< "$created"
    echo "animd: uninstalled from $prefix"
}

if [ "$mode" = uninstall ]; then uninstall; exit 0; fi
[ "$mode" = install ] || { echo "install.sh: unknown mode $mode (install or uninstall)" >&2; exit 2; }
bindir=${3:?BINDIR}
[ -x "$bindir/animd" ] && [ -x "$bindir/animctl" ] && [ -x "$bindir/animd-demo" ] && [ -x "$bindir/animd-touch-relay" ] \
    || { echo "install.sh: no built animd, animctl, animd-demo and animd-touch-relay in $bindir" >&2; exit 1; }

files=() dirs=()
# Creates a folder and its missing parents, remembering the ones it created.
# DESTDIR itself is made as it is needed (a package's staging folder starts empty), and never recorded.
make_dir() {
    local dir=$1 missing=()
    [ -z "$destdir" ] || mkdir -p -- "$destdir"
    # Up to / at most: dirname of / is /.
    while [ "$dir" != / ] && [ ! -d "$destdir$dir" ]; do missing+=("$dir"); dir=$(dirname "$dir"); done
    for ((i = ${#missing[@]} - 1; i >= 0; i--)); do mkdir -- "$destdir${missing[i]}"; dirs+=("${missing[i]}"); done
}
# put MODE DESTINATION < content   (never at the end of a pipe: that would run it in a subshell, and the
# files it records would be lost)
put() {
    make_dir "$(dirname "$2")"
    cat > "$destdir$2.animd-new" && chmod "$1" "$destdir$2.animd-new" && mv -f -- "$destdir$2.animd-new" "$destdir$2"
    files+=("$2")
}

put 0755 "$prefix/bin/animd" < "$bindir/animd"
put 0755 "$prefix/bin/animctl" < "$bindir/animctl"
put 0755 "$prefix/bin/animd-demo" < "$bindir/animd-demo"
# The touch relay, which animd starts itself for exclusive touch on the libinput backend (docs/wayland.md).
put 0755 "$prefix/libexec/animd/animd-touch-relay" < "$bindir/animd-touch-relay"

# The units, pointed at this prefix.
for unit in animd.service animd.socket; do
    put 0644 "$unitdir/$unit" < <(sed -e "s|/usr/local/bin/animd|$prefix/bin/animd|g" \
        -e "s|/usr/local/share/doc/animd|$prefix/share/doc/animd|g" "$repo/systemd/$unit")
done

# The XDG autostart entry that starts animd with sessions that do not reach graphical-session.target (XFCE, LXQt,
# openbox…), once the user enabled it (docs/service.md): system-wide in /etc/xdg/autostart, for one user in theirs.
case "$prefix" in
    /usr|/usr/local) autostart=/etc/xdg/autostart ;;
    "$HOME/.local") autostart=$HOME/.config/autostart ;;
    *) autostart=$prefix/etc/xdg/autostart ;;
esac
put 0644 "$autostart/animd.desktop" < <(sed -e "s|^Exec=animctl|Exec=$prefix/bin/animctl|" -e "s|^TryExec=animctl|TryExec=$prefix/bin/animctl|" \
    "$repo/xdg/animd.desktop")

# Completions, generated by ArgumentParser from the installed commands' own definitions.
for tool in animctl animd; do
    # Sourced, never run: without ArgumentParser's #! line.
    put 0644 "$prefix/share/bash-completion/completions/$tool" < <("$bindir/$tool" --generate-completion-script bash | sed '1{/^#!/d}')
    put 0644 "$prefix/share/zsh/site-functions/_$tool" < <("$bindir/$tool" --generate-completion-script zsh)
    put 0644 "$prefix/share/fish/vendor_completions.d/$tool.fish" < <("$bindir/$tool" --generate-completion-script fish)
done

# Manual pages (generated from the same definitions by `make man`), the example config and the docs.
for page in animd.1 animctl.1 animd-demo.1; do put 0644 "$prefix/share/man/man1/$page" < "$repo/docs/man/$page"; done
# The default config as commented lines: copied whole, it changes nothing (a copied uncommented default made every key
# the user's, and a panel's declaration of an edge was then refused: issue 58).
put 0644 "$prefix/share/animd/animd.toml.example" < <(
    echo "# animd's embedded default config, every line commented out (docs/config.md). animd reads its default whether"
    echo "# or not you have a file: put in ~/.config/animd/animd.toml only the lines you change, uncommented, under their"
    echo "# [table] line. A default copied as it is would become yours, and would keep a widget from declaring its place."
    echo "#"
    sed -e 's/^\([^#].*\)$/# \1/' "$repo/config/animd.toml")
# The tour's recorded edge flick (README, Install), and the screenshots the docs show.
put 0644 "$prefix/share/animd/traces/flick-constant.jsonl" < "$repo/Tests/GesturesTests/Traces/flick-constant.jsonl"
for image in "$repo"/docs/*.png; do put 0644 "$prefix/share/doc/animd/$(basename "$image")" < "$image"; done
# The example clients and panels, runnable from there (examples/README.md says how); the GJS panel imports the tracker
# from where this install puts it, not from the source tree.
put 0644 "$prefix/share/doc/animd/examples/README.md" < "$repo/examples/README.md"
for example in python/progress.py gtk/sidebar-panel.py gtk4/sidebar-panel.py xdotool/follow-sidebar.sh; do
    put 0755 "$prefix/share/doc/animd/examples/$example" < "$repo/examples/$example"
done
for example in qml/sidebar-panel.qml eww/eww.yuck eww/dock.toml; do put 0644 "$prefix/share/doc/animd/examples/$example" < "$repo/examples/$example"; done
put 0644 "$prefix/share/doc/animd/examples/gjs/sidebar-panel.js" < <(
    sed -e "s|from '../../clients/js/tracker.mjs'|from 'file://$prefix/share/animd/js/tracker.mjs'|" "$repo/examples/gjs/sidebar-panel.js")
put 0644 "$prefix/share/doc/animd/README.md" < "$repo/README.md"
# The licence, and what the licences of the components inside the binaries ask to be passed on with them.
put 0644 "$prefix/share/doc/animd/LICENSE" < "$repo/LICENSE"
put 0644 "$prefix/share/doc/animd/THIRD-PARTY-NOTICES" < "$repo/THIRD-PARTY-NOTICES"
for doc in "$repo"/docs/*.md; do put 0644 "$prefix/share/doc/animd/$(basename "$doc")" < "$doc"; done

# The clients for other languages: the C leg evaluator's header, the Python package (its GObject tracker needs
# python3-gi, the rest nothing), and the JavaScript module for GJS and node (imported by its path: GJS has no search
# path for ES modules; docs/protocol.md, "Clients").
put 0644 "$prefix/include/animd-leg.h" < "$repo/clients/c/animd-leg.h"
for module in __init__ client leg swipe tracker; do put 0644 "$pythondir/animd/$module.py" < "$repo/clients/python/animd/$module.py"; done
for module in animd gio node swipe tracker; do put 0644 "$prefix/share/animd/js/$module.mjs" < "$repo/clients/js/$module.mjs"; done

# animd's GNOME Shell extension, which tells animd the focused window (docs/focus.md): one folder per UUID, written by
# scripts/gnome-extension.py (the GNOME 45-49 one and the GNOME 43-44 one), where GNOME Shell looks for extensions:
# $XDG_DATA_DIRS/gnome-shell/extensions (/usr/share, /usr/local/share), or the user's own for ~/.local. Each shell
# loads only the one written for its version; the user enables it (`animctl hello` says with which command).
extensions=$(mktemp -d)
python3 "$repo/scripts/gnome-extension.py" "$extensions"
for uuid in $(python3 "$repo/scripts/gnome-extension.py" --uuids); do
    for file in metadata.json extension.js; do
        put 0644 "$prefix/share/gnome-shell/extensions/$uuid/$file" < "$extensions/$uuid/$file"
    done
done
rm -rf "$extensions"

# The udev rule that lets the user at the seat read touchscreens and touchpads, and nothing else (docs/wayland.md).
# A system-wide prefix puts it where udev reads it (UDEV_RULES_DIR overrides that, for packaging and the install
# test); a personal one keeps a copy, and the command to install it is printed at the end.
rule=70-animd-touch.rules
put 0644 "$prefix/share/animd/$rule" < "$repo/udev/$rule"
udev_rules_dir=${UDEV_RULES_DIR:-}
case "$prefix" in
    /usr) udev_rules_dir=${udev_rules_dir:-/usr/lib/udev/rules.d} ;;
    /usr/local) udev_rules_dir=${udev_rules_dir:-/etc/udev/rules.d} ;;
esac
[ -n "$udev_rules_dir" ] && put 0644 "$udev_rules_dir/$rule" < "$repo/udev/$rule"
# The /dev/uinput rule for exclusive touch is only kept, never put where udev reads it: it is the user's choice
# (docs/security.md).
put 0644 "$prefix/share/animd/71-animd-uinput.rules" < "$repo/udev/71-animd-uinput.rules"

if [ -n "$destdir" ]; then
    echo "animd: staged ${#files[@]} files for $prefix under $destdir"
    exit 0
fi
make_dir "$(dirname "$manifest")"
{ for f in "${files[@]}"; do echo "file $f"; done; } > "$manifest"
# Folders created by an earlier install stay listed, so that uninstall after a re-install still removes them.
{ cat "$manifest.dirs" 2>/dev/null || true; for d in "${dirs[@]}"; do echo "dir $d"; done; } | sort -u > "$manifest.dirs.new"
mv -f "$manifest.dirs.new" "$manifest.dirs"

echo "animd: installed ${#files[@]} files under $prefix (list: $manifest)"
echo "Enable the user service:"
echo "  systemctl --user daemon-reload"
echo "  systemctl --user enable --now animd.socket    # or animd.service, to start it with the session"
echo "  animctl hello"
# The same command as the package's postinst, and as animd's own advice (DeviceAccessFix.apply).
apply="sudo udevadm control --reload && sudo udevadm trigger --action=change --subsystem-match=input --sysname-match='event*' --property-match=ID_INPUT_TOUCHSCREEN=1 --property-match=ID_INPUT_TOUCHPAD=1 --property-match=ID_INPUT_SWITCH=1"
if [ -n "$udev_rules_dir" ]; then
    echo "For the libinput backend (Wayland, the console), the udev rule for touchscreens, touchpads and tablet-mode switches is in $udev_rules_dir;"
    echo "this applies it to the devices already plugged in (docs/security.md says what it grants):"
    echo "  $apply"
else
    echo "For the libinput backend (Wayland, the console), give your user access to touchscreens, touchpads and tablet-mode switches"
    echo "only (docs/security.md says what it grants):"
    echo "  sudo install -m 0644 $prefix/share/animd/$rule /etc/udev/rules.d/ && $apply"
fi
echo "animctl doctor checks the setup and says what to fix."
