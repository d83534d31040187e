#!/usr/bin/env bash
# Installs the Debian packages animd builds and tests with, only when missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

# xserver-xorg-core with the dummy video driver and xserver-xorg-dev (the inputtest driver's protocol header): a
# headless Xorg whose fake touchscreen and touchpad the touch tests drive (docs/x11.md). libinput and libudev: the
# libinput backend; umockdev: its tests mock a touchscreen for a real libinput; libwayland and Weston: the outputs
# read from the compositor, and a headless compositor for their test (docs/wayland.md). python3-venv and
# python3-setuptools: the Python client is installed into a venv with pip by its tests (clients/python); python3-gi,
# python3-gi-cairo (GTK's cairo context for a draw handler) and gir1.2-gtk-3.0: the GTK panel of examples/gtk,
# screenshot under Xvfb; gir1.2-gtklayershell-0.1, sway and grim: the same panel as a layer surface on a headless sway,
# screenshot with grim (docs/wayland.md). xsettingsd: a real XSETTINGS manager under Xvfb, for reduced motion;
# libsystemd-dev: sd-bus, which animd reads the XDG portal with; xdg-desktop-portal, xdg-desktop-portal-gtk and
# dconf: the real portal the tests read it from, on a session bus of their own, with GNOME's settings in GSettings
# (docs/motion.md). openbox and wmctrl: a real EWMH window manager under Xvfb, whose focus `apps` bindings follow
# (docs/x11.md). gjs: the JavaScript client, run as GNOME Shell extensions and AGS widgets run it (clients/js).
# gir1.2-gtk-4.0 and gir1.2-adw-1: the GTK 4 and libadwaita panels of examples/gtk4 and examples/gjs, through the
# toolkit helpers (docs/toolkits.md). cmake, qt6-base-dev, qt6-declarative-dev (and its -tools: qmllint) and the QML
# runtime and modules: the Animd QML module (clients/qml), built in the tests, and its reference panel; qt6-wayland:
# that panel under sway.
# gnome-shell (43, with gnome-extensions), xdg-desktop-portal-gnome, python3-dbusmock (logind on a private system bus),
# kwin-wayland (5.27) and libkf5config-bin (kwriteconfig5): the real GNOME Shell headless and KWin on its virtual
# backend, which animd's extension and KWin script are tested against (docs/focus.md).
# util-linux's setpriv runs sway unprivileged, and its prlimit lowers a running animd's descriptor limit; it is on every
# Debian machine. xauth writes the authority files animd's reader is tested against; fish runs animctl's completion.
packages=(libx11-dev libxi-dev libxtst-dev libxrandr-dev libxfixes-dev libxinerama-dev pkg-config xvfb xauth xdotool xinput x11-utils
          x11-xserver-utils x11-apps socat jq python3 systemd gcc g++ xserver-xorg-core xserver-xorg-video-dummy xserver-xorg-dev
          libinput-dev libudev-dev umockdev libumockdev-dev libwayland-dev weston python3-venv python3-setuptools python3-gi python3-gi-cairo gir1.2-gtk-3.0
          gir1.2-gtklayershell-0.1 sway grim xsettingsd libsystemd-dev xdg-desktop-portal xdg-desktop-portal-gtk
          dconf-service dconf-gsettings-backend openbox wmctrl gjs gir1.2-gtk-4.0 gir1.2-adw-1
          cmake qt6-base-dev qt6-declarative-dev qt6-declarative-dev-tools qml-qt6 qml6-module-qtquick qml6-module-qtquick-window
          qml6-module-qtqml-workerscript qt6-wayland fish
          gnome-shell xdg-desktop-portal-gnome python3-dbusmock kwin-wayland libkf5config-bin)

# `install-deps.sh packaging`: what make deb needs besides, Debian's packaging tools.
if [ "${1:-}" = packaging ]; then packages=(debhelper dh-python dpkg-dev lintian); fi
# `install-deps.sh profiling`: what make code-order needs besides, valgrind's callgrind.
if [ "${1:-}" = profiling ]; then packages=(valgrind); fi

missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
