#!/usr/bin/env bash
# The package test (make test-package): run as root inside a new machine's packages without Swift
# (scripts/fresh-machine --without-swift --with .build/packages), in a fresh clone of the project:
#   scripts/test-package.sh [VERSION]      (default: AnimdVersion.current)
# 1. The .deb: apt-get installs it with every dependency from Debian's archive; no binary misses a library, and
#    every library animd loads at run time is found by the loader; the user units verify; under an Xvfb installed
#    here, animd runs its embedded default config, animctl hello says x11, a toggled sidebar rests at snap 1;
#    Debian's python3 imports animd, gjs imports the JS module and evaluates the reference legs, gcc compiles and runs
#    a program against the header; the QML module's package installs beside it, and Qt 6's qml runtime imports it and
#    evaluates the reference legs; apt-get purge leaves none of their files.
# 2. The tarball: an unprivileged user installs it with install.sh --prefix ~/.local, runs it the same way, and
#    uninstalls it, leaving nothing.
set -euo pipefail
# With pipefail, a reader that stops early (grep -q, awk's exit) can end its writer with SIGPIPE and fail the line:
# in every pipeline here, the reader reads to the end.
cd "$(dirname "$0")/.."
version=${1:-$(sed -n 's/.*static let current = "\(.*\)"/\1/p' Sources/AnimProtocol/Version.swift)}
repo=$PWD
deb=/packages/animd_${version}_amd64.deb
qml_deb=/packages/qml6-module-animd_${version}_amd64.deb
tarball=/packages/animd-$version-x86_64-linux.tar.gz
say() { echo "test-package: $*"; }
fail() { echo "test-package: FAIL: $*" >&2; exit 1; }
[ -f "$deb" ] && [ -f "$qml_deb" ] && [ -f "$tarball" ] || fail "no $deb, $qml_deb or $tarball (make deb dist)"
! command -v swift > /dev/null || fail "a Swift toolchain is on the PATH: this test is for a machine without one"

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
say "apt-get install $deb"
apt-get install -y -qq "$deb" > /tmp/apt-install.log 2>&1 || { cat /tmp/apt-install.log; fail "apt-get install of the package"; }
dpkg-query -W -f='${Status} ${Version}\n' animd | grep -x "install ok installed $version" > /dev/null || fail "animd $version is not installed"
# What the tests below run, installed only now, so that the package's own dependencies were resolved alone.
apt-get install -y -qq --no-install-recommends xvfb gjs gcc libc6-dev > /tmp/apt-tools.log 2>&1 || { cat /tmp/apt-tools.log; fail "the test's tools"; }

for binary in /usr/bin/animd /usr/bin/animctl /usr/bin/animd-demo /usr/libexec/animd/animd-touch-relay; do
    [ -x "$binary" ] || fail "$binary is missing"
    if ldd "$binary" | grep "not found" > /dev/null; then ldd "$binary"; fail "$binary misses a library"; fi
done
# The names animd's lazy stubs ask dlopen for (Sources/C*/lazy_*.c): each is found, in the package Depends names.
for soname in libX11.so.6 libXi.so.6 libXrandr.so.2 libXfixes.so.3 libXinerama.so.1 libinput.so.10 libudev.so.1 libsystemd.so.0; do
    grep -rqF "\"$soname\"" "$repo/Sources" || fail "animd no longer asks for $soname: update this list and debian/control"
    path=$(ldconfig -p | awk -v name="$soname" '!found && $1 == name && /x86-64/ { print $NF; found = 1 }')
    [ -n "$path" ] || fail "the loader does not find $soname"
    owner=$(dpkg -S "$(readlink -f "$path")" | cut -d: -f1)
    dpkg-query -W -f='${Depends}' animd | grep -w "$owner" > /dev/null || fail "$soname is in $owner, which animd does not depend on"
done
say "every binary finds its libraries, and each library loaded at run time is a dependency"

runtime=$(mktemp -d /tmp/animd-runtime-XXXXXX) && chmod 700 "$runtime"
for unit in animd.service animd.socket; do
    out=$(XDG_RUNTIME_DIR=$runtime systemd-analyze --user verify "/usr/lib/systemd/user/$unit" 2>&1) || { echo "$out"; fail "systemd-analyze verify $unit"; }
    ! echo "$out" | grep "$unit" > /dev/null || { echo "$out"; fail "systemd-analyze warns about $unit"; }
done
grep -qx "ExecStart=/usr/bin/animd" /usr/lib/systemd/user/animd.service || fail "ExecStart does not name /usr/bin/animd"
example=/usr/share/animd/animd.toml.example
[ -f "$example" ] || fail "no example config at $example"
! grep -v '^#' "$example" | grep -q . || fail "$example has a line that is not commented: copied whole, it would take over"
/usr/bin/animd --config "$example" --check-config > /dev/null || fail "animd refuses its own example config"
documentation=$(sed -n 's|^Documentation=file://||p' /usr/lib/systemd/user/animd.service)
[ -f "$documentation" ] || fail "the unit's Documentation= names $documentation, which is not there"
say "the user units verify; the example config is all comments, and animd accepts it"

# animd's GNOME Shell extensions, where GNOME Shell finds system extensions, each declaring its UUID (docs/focus.md).
for uuid in animd@animd.org animd-gnome43@animd.org; do
    extension=/usr/share/gnome-shell/extensions/$uuid
    [ -f "$extension/extension.js" ] || fail "no GNOME Shell extension at $extension"
    grep -q "\"uuid\": \"$uuid\"" "$extension/metadata.json" || fail "$extension/metadata.json does not name $uuid"
done
say "the GNOME Shell extensions are where GNOME Shell finds them"

# The udev rule, as udev applies it once the package is installed (docs/security.md): `udevadm test` over devices
# mocked by umockdev that were "plugged in" before (the postinst's trigger sends them the change event that this
# runs; no udevd runs in this root, so the postinst itself skipped it). A touchscreen, a touchpad and a tablet-mode
# switch get uaccess; a keyboard, a lid switch and a switch that carries hotkeys do not. udev itself comes with every
# Debian desktop, but not with this minimal root.
apt-get install -y -qq --no-install-recommends umockdev udev > /tmp/apt-umockdev.log 2>&1 || { cat /tmp/apt-umockdev.log; fail "umockdev and udev"; }
udev_tags() {
    local fixtures=() device
    for device in touchscreen touchpad tablet-switch hotkey-switch keyboard lid-switch; do
        fixtures+=(--device "$repo/Tests/LibinputFixtures/$device.umockdev")
    done
    umockdev-run "${fixtures[@]}" -- sh -c 'for node in /sys/devices/virtual/input/input*/event*; do
        tags=$(udevadm test --action=change "$node" 2>/dev/null | sed -n "s/^CURRENT_TAGS=//p")
        echo "$(cat "$(dirname "$node")/name"): $tags"
    done'
}
tags=$(udev_tags)
for device in touchscreen touchpad "tablet-mode switch"; do
    echo "$tags" | grep -x "animd test $device: .*:uaccess:.*" > /dev/null || { echo "$tags"; fail "the installed rule does not tag the $device"; }
done
for device in keyboard "lid switch" "extra buttons"; do
    ! echo "$tags" | grep -x "animd test $device: .*uaccess.*" > /dev/null || { echo "$tags"; fail "the installed rule tags the $device"; }
done
say "the installed udev rule tags the touchscreen, the touchpad and the tablet-mode switch, and no keyboard, lid or hotkeys"

# The licence and the notices the binaries' components ask for (make test checks that THIRD-PARTY-NOTICES names every
# component the binaries hold): the package ships them as they are in the source.
grep -qx "License: Expat" /usr/share/doc/animd/copyright || fail "the copyright file does not give the MIT (Expat) licence"
cmp -s "$repo/LICENSE" /usr/share/doc/animd/LICENSE || fail "/usr/share/doc/animd/LICENSE is not the project's LICENSE"
notices=/usr/share/doc/animd/THIRD-PARTY-NOTICES
[ -f "$notices" ] || { [ -f "$notices.gz" ] && zcat "$notices.gz" > /tmp/notices && notices=/tmp/notices; } || fail "no THIRD-PARTY-NOTICES"
cmp -s "$repo/THIRD-PARTY-NOTICES" "$notices" || fail "the package's THIRD-PARTY-NOTICES is not the source's"
say "the package holds the MIT licence and every third-party notice"

# animd on a display, with its embedded default config: hello says x11, and a toggled sidebar rests at snap 1.
# run_animd PREFIX DISPLAY_NUMBER [AS_USER]
run_animd() {
    local prefix=$1 display=:$2 user=${3:-} home runas=() folder
    if [ -n "$user" ]; then runas=(setpriv --reuid="$user" --regid="$user" --init-groups); fi
    folder=$(mktemp -d /tmp/animd-run-XXXXXX) && chmod 700 "$folder"
    [ -z "$user" ] || chown "$user:$user" "$folder"
    home=$([ -n "$user" ] && getent passwd "$user" | cut -d: -f6 || echo /root)
    Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp > "$folder.xvfb.log" 2>&1 &
    local xvfb=$!
    for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X${display#:}" ] && break; sleep 0.1; done
    env -i PATH=/usr/bin:/bin HOME="$home" DISPLAY="$display" XDG_RUNTIME_DIR="$folder" "${runas[@]}" "$prefix/bin/animd" \
        2> "$folder.log" &
    local daemon=$!
    local hello
    hello=$(env -i PATH=/usr/bin:/bin HOME="$home" XDG_RUNTIME_DIR="$folder" "${runas[@]}" "$prefix/bin/animctl" hello --wait 20) \
        || { cat "$folder.log"; fail "animctl hello from $prefix"; }
    echo "$hello" | grep "x11" > /dev/null || { echo "$hello"; fail "hello does not say x11"; }
    echo "$hello" | grep "(embedded default)" > /dev/null || { echo "$hello"; fail "hello does not name the embedded default config"; }
    local rest
    rest=$(env -i PATH=/usr/bin:/bin HOME="$home" XDG_RUNTIME_DIR="$folder" "${runas[@]}" sh -c "'$prefix/bin/animctl' toggle sidebar && '$prefix/bin/animctl' wait sidebar") \
        || { cat "$folder.log"; fail "animctl toggle and wait"; }
    [ "$rest" = "sidebar at snap 1" ] || fail "the toggled sidebar says '$rest', not 'sidebar at snap 1'"
    kill "$daemon" && wait "$daemon" || fail "animd from $prefix did not stop cleanly on SIGTERM"
    kill "$xvfb"; wait "$xvfb" 2>/dev/null || true
    rm -rf "$folder" "$folder.log" "$folder.xvfb.log"
}
run_animd /usr 71
say "the installed animd runs: hello says x11, the sidebar rests at snap 1"

# The README's tour from the installed files (its block `installed-tour`), as a new user runs it after apt install:
# each line in turn, against the installed animd, each exiting 0; the second toggle closes the sidebar, and the
# recorded flick opens it again.
tour_runtime=$(mktemp -d /tmp/animd-tour-XXXXXX) && chmod 700 "$tour_runtime"
env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$tour_runtime" /usr/bin/animd --input-backend x11 2> "$tour_runtime.log" &
tour_daemon=$!
awk '/<!-- readme-test: installed-tour -->/ { getline; inside = 1; next } inside && /^```$/ { exit } inside { print }' "$repo/README.md" \
    > /tmp/installed-tour
[ "$(wc -l < /tmp/installed-tour)" -ge 4 ] || fail "the README has no installed-tour block"
while IFS= read -r line; do
    out=$(env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$tour_runtime" bash -c "$line" 2>&1) \
        || { echo "$out"; cat "$tour_runtime.log"; fail "the README's installed tour: $line"; }
    case "$line" in *flick-constant*) [ "$(echo "$out" | tail -1)" = "sidebar at snap 1" ] || { echo "$out"; fail "the recorded flick did not open the sidebar"; } ;; esac
done < /tmp/installed-tour
kill "$tour_daemon" && wait "$tour_daemon" || fail "animd for the tour did not stop cleanly"
rm -rf "$tour_runtime" "$tour_runtime.log"
say "the README's tour runs from the installed files ($(wc -l < /tmp/installed-tour) lines)"

# The clients for other languages, as a widget author on Debian uses them.
/usr/bin/python3 -c 'import animd, animd.leg; print(animd.__file__)' | grep -x "/usr/lib/python3/dist-packages/animd/__init__.py" > /dev/null \
    || fail "Debian's python3 does not import animd from /usr/lib/python3/dist-packages"
cat > /tmp/vectors.mjs <<'JS'
import GLib from 'gi://GLib';
import System from 'system';
import {legFromJSON} from 'file:///usr/share/animd/js/animd.mjs';
const [, bytes] = GLib.file_get_contents(ARGV[0]);
let checked = 0, failed = 0;
for (const vector of JSON.parse(new TextDecoder().decode(bytes)).cases) {
    const leg = legFromJSON(vector.leg);
    for (const [t, progress, velocity] of vector.samples) {
        checked++;
        if (!(Math.abs(leg.progress(t) - progress) <= 1e-9) || !(Math.abs(leg.velocity(t) - velocity) <= 1e-6 * Math.max(1, Math.abs(velocity)))) failed++;
    }
}
print(`${checked} samples, ${failed} off`);
System.exit(failed === 0 && checked > 0 ? 0 : 1);
JS
out=$(gjs -m /tmp/vectors.mjs "$repo/Tests/Fixtures/leg-vectors.json") || { echo "$out"; fail "gjs: the installed module against the reference legs"; }
say "gjs, the installed JS module: $out"
cat > /tmp/leg.c <<'C'
#include <animd-leg.h>
#include <math.h>
#include <stdio.h>
/* ease-in-out from 0 to 1 over 0.5 s from t = 2: 0 at its start, 1 at and after its end, moving forward midway. */
int main(void) {
    animd_leg leg = {ANIMD_LEG_CUBIC, 0, 1, 2, 0.42, 0, 0.58, 1, 0, 1, 0.5, 0, 0, 0, 0, 0, 0};
    double p0, v0, p1, v1, p2, v2;
    if (!animd_leg_eval(&leg, 2.0, &p0, &v0) || !animd_leg_eval(&leg, 2.25, &p1, &v1) || !animd_leg_eval(&leg, 3.0, &p2, &v2)) return 3;
    printf("%g %g %g\n", p0, p1, p2);
    return fabs(p0) < 1e-9 && fabs(p1 - 0.5) < 1e-9 && v1 > 0 && fabs(p2 - 1) < 1e-9 ? 0 : 1;
}
C
gcc -std=c99 -Wall -Wextra -Werror -o /tmp/leg /tmp/leg.c -lm || fail "gcc against /usr/include/animd-leg.h"
/tmp/leg > /dev/null || fail "a program built against the installed header evaluates a finished leg wrongly"
say "gcc compiles and runs a program against the installed header"

# The QML module, as a Qt 6 panel author on Debian gets it: apt-get resolves Qt from the archive, and Qt 6's `qml`
# runtime finds `import Animd` on its own import path, with no QML_IMPORT_PATH. A Connection and a Transition are
# made (Transition.qml comes from inside the plugin), and Legs evaluates the reference legs.
apt-get install -y -qq "$qml_deb" > /tmp/apt-qml.log 2>&1 || { cat /tmp/apt-qml.log; fail "apt-get install of the QML module's package"; }
# The runtime shows an Item in a window of its own, which needs QtQuick.Window; qml-qt6 does not depend on it.
apt-get install -y -qq --no-install-recommends qml-qt6 qml6-module-qtquick-window > /tmp/apt-qml-tools.log 2>&1 \
    || { cat /tmp/apt-qml-tools.log; fail "Qt 6's qml runtime"; }
if ldd /usr/lib/x86_64-linux-gnu/qt6/qml/Animd/libanimd_qml.so | grep "not found" > /dev/null; then fail "the QML plugin misses a library"; fi
cat > /tmp/vectors.qml <<'QML'
import QtQuick
import Animd as Animd

Item {
    Animd.Connection { id: connection; socket: "/nonexistent/animd.sock" }
    Animd.Transition { id: transition; connection: connection; name: "sidebar" }

    Component.onCompleted: {
        const request = new XMLHttpRequest();
        request.onreadystatechange = () => {
            if (request.readyState !== XMLHttpRequest.DONE) return;
            let checked = 0, failed = 0;
            for (const vector of JSON.parse(request.responseText).cases) {
                for (const [t, progress, velocity] of vector.samples) {
                    const at = Animd.Legs.evaluate(vector.leg, t);
                    checked++;
                    if (!(Math.abs(at.progress - progress) <= 1e-9) || !(Math.abs(at.velocity - velocity) <= 1e-6 * Math.max(1, Math.abs(velocity)))) failed++;
                }
            }
            console.log(`${checked} samples, ${failed} off; a Transition at ${transition.progress}, phase "${transition.phase}"`);
            Qt.exit(failed === 0 && checked > 0 ? 0 : 1);
        };
        request.open("GET", "file://" + Qt.application.arguments[Qt.application.arguments.length - 1]);
        request.send();
    }
}
QML
out=$(QT_QPA_PLATFORM=offscreen QML_XHR_ALLOW_FILE_READ=1 QT_MESSAGE_PATTERN='%{message}' XDG_RUNTIME_DIR=$runtime \
      timeout 60 /usr/lib/qt6/bin/qml /tmp/vectors.qml -- "$repo/Tests/Fixtures/leg-vectors.json" 2>&1) \
    || { echo "$out"; fail "qml: the installed QML module against the reference legs"; }
say "qml, the installed QML module: $out"
# The installed module tears down cleanly (issue 57): against the installed animd, Qt's qml quits 20 times with a
# Connection and a Transition following, and 20 times after making and destroying them five times (a reload).
qml_runtime=$(mktemp -d /tmp/animd-qml-XXXXXX) && chmod 700 "$qml_runtime"
env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$qml_runtime" /usr/bin/animd --input-backend x11 2> "$qml_runtime.log" &
qml_daemon=$!
env -i PATH=/usr/bin:/bin HOME=/root XDG_RUNTIME_DIR="$qml_runtime" /usr/bin/animctl hello --wait 20 > /dev/null \
    || { cat "$qml_runtime.log"; fail "animd for the QML module's teardown"; }
for mode in quit reload; do
    for run in $(seq 20); do
        out=$(QT_QPA_PLATFORM=offscreen QT_MESSAGE_PATTERN='%{message}' XDG_RUNTIME_DIR=$qml_runtime \
              timeout 60 /usr/lib/qt6/bin/qml "$repo/clients/qml/tests/quits.qml" -- $([ $mode = reload ] && echo reload) \
              "$qml_runtime/animd.sock" 2>&1) || { echo "$out"; fail "qml quits.qml ($mode, run $run) did not exit cleanly"; }
        echo "$out" | grep -x quitting > /dev/null || { echo "$out"; fail "qml quits.qml ($mode, run $run) never followed and quit"; }
    done
done
kill "$qml_daemon" && wait "$qml_daemon" || fail "animd for the QML module did not stop cleanly"
rm -rf "$qml_runtime" "$qml_runtime.log"
say "qml, the installed QML module: 20 quits and 20 reloads against animd, each exit clean"

# Purge: the rule goes, and with it the tag (the postrm's trigger, as above), and none of the packages' files is left.
dpkg-query -L animd qml6-module-animd | while read -r path; do [ -d "$path" ] || echo "$path"; done > /tmp/animd-files
apt-get purge -y -qq animd qml6-module-animd > /dev/null
left=$(while read -r path; do [ -e "$path" ] && echo "$path"; done < /tmp/animd-files || true)
[ -z "$left" ] || { echo "$left"; fail "apt-get purge left these files"; }
for folder in /usr/share/doc/animd /usr/share/animd /usr/lib/python3/dist-packages/animd /usr/lib/x86_64-linux-gnu/qt6/qml/Animd; do
    [ ! -e "$folder" ] || { find "$folder"; fail "purge left $folder"; }
done
say "apt-get purge leaves none of its $(wc -l < /tmp/animd-files) files"
tags=$(udev_tags)
! echo "$tags" | grep "uaccess" > /dev/null || { echo "$tags"; fail "after purge a device is still tagged uaccess"; }
say "after purge no mocked device is tagged uaccess"

# The tarball, for one user without root.
id animd-tester > /dev/null 2>&1 || useradd -m animd-tester
home=$(getent passwd animd-tester | cut -d: -f6)
as_tester=(setpriv --reuid=animd-tester --regid=animd-tester --init-groups env -i PATH=/usr/bin:/bin HOME="$home")
before=$(cd "$home" && find . | sort)
cp "$tarball" "$home/" && chown animd-tester: "$home/$(basename "$tarball")"
"${as_tester[@]}" sh -c "cd ~ && tar xzf '$(basename "$tarball")' && animd-$version-x86_64-linux/install.sh --prefix ~/.local" > /tmp/tarball-install.log \
    || { cat /tmp/tarball-install.log; fail "install.sh --prefix ~/.local"; }
for file in LICENSE THIRD-PARTY-NOTICES; do
    cmp -s "$repo/$file" "$home/animd-$version-x86_64-linux/$file" || fail "the tarball's $file is not the source's"
    cmp -s "$repo/$file" "$home/.local/share/doc/animd/$file" || fail "the tarball's install.sh did not install $file"
done
run_animd "$home/.local" 72 animd-tester
"${as_tester[@]}" /usr/bin/python3 -c 'import animd; print(animd.__file__)' | grep "^$home/.local/lib/python3" > /dev/null \
    || fail "python3 does not import animd from the user's site"
"${as_tester[@]}" sh -c "~/animd-$version-x86_64-linux/install.sh --prefix ~/.local --uninstall" > /dev/null || fail "install.sh --uninstall"
rm -rf "${home:?}/animd-$version-x86_64-linux" "$home/$(basename "$tarball")"
after=$(cd "$home" && find . | sort)
[ "$before" = "$after" ] || { diff <(echo "$before") <(echo "$after"); fail "the tarball's uninstall left these in $home"; }
say "the tarball installs under ~/.local as a user, runs, and uninstalls to nothing"
echo "test-package: 2 passed, 0 failed"
