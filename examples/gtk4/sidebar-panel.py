#!/usr/bin/env python3
"""A GTK 4 and libadwaita side panel that declares its own transition and slides in from a screen edge with it.

    examples/gtk4/sidebar-panel.py [--socket PATH] [--transition gtk4-panel] [--edge left] [--output NAME]
                                   [--width 320] [--height 600] [--print-ready] [--print-signals]

The GTK 4 twin of examples/gtk/sidebar-panel.py, with the same flags and the same declaration (an edge pan from
`--edge` that opens it, a pan back that closes it, both `--width` px long), written as a GTK 4 author would: it
draws nothing by hand. `animd.tracker.TransitionTracker` does the socket, the reconnection and the frame clock, and
its `progress` property is bound to the size of the sheet, a plain box in the panel's colour (#2E7D32).

On X11 it is an undecorated window at its edge of the monitor (`--output`: animd's name for it, `animctl hello`).
Under Wayland it is a plain window wherever the compositor puts it: GTK 4 has no layer shell without
gtk4-layer-shell, which Debian 12 does not package (docs/toolkits.md).

Run it with Debian's /usr/bin/python3, which sees python3-gi, gir1.2-gtk-4.0 and gir1.2-adw-1; it also needs the
animd package (pip install ./clients/python).
"""

import argparse
import ctypes
import ctypes.util
import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Adw", "1")
from gi.repository import Adw, Gdk, Gio, GLib, GObject, Gtk  # noqa: E402

try:
    gi.require_version("GdkX11", "4.0")
    from gi.repository import GdkX11  # noqa: E402
except (ValueError, ImportError):
    GdkX11 = None

import animd  # noqa: E402
from animd.tracker import TransitionTracker  # noqa: E402

INWARD = {"left": "right", "right": "left", "top": "down", "bottom": "up"}
OUTWARD = {"left": "left", "right": "right", "top": "up", "bottom": "down"}
VERTICAL = {"left": True, "right": True, "top": False, "bottom": False}
STYLE = b"""
window.animd-panel { background: #202124; border-radius: 0; box-shadow: none; }
.animd-sheet { background: #2E7D32; }
"""


def declaration(edge, output, width):
    """The panel's transition and its bindings, with animd.toml's keys (as examples/gtk/sidebar-panel.py)."""
    opening = {"gesture": "edge-pan", "edge": edge, "increases": INWARD[edge], "distance": width, "at-snap": 0}
    if output:
        opening["output"] = output
    closing = {"gesture": "pan", "direction": OUTWARD[edge], "increases": INWARD[edge], "distance": width, "at-snap": 1,
               "region": {"edge": edge, "depth": width}}
    return ({"snap-points": [0, 1], "timing": "spring(damping-ratio=0.9, response=0.35)", "rubber-band": 0.55},
            {"open": opening, "close": closing})


class XPlacement:
    """Moves a GTK 4 window on X11, which GTK 4 no longer does: libX11's XMoveWindow on a connection of our own."""

    def __init__(self):
        name = ctypes.util.find_library("X11")
        self.xlib = ctypes.CDLL(name) if name else None
        if self.xlib is not None:
            self.xlib.XOpenDisplay.restype = ctypes.c_void_p
            self.xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
            self.xlib.XMoveWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int]
            self.xlib.XFlush.argtypes = [ctypes.c_void_p]
            self.xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]

    def move(self, xid, x, y):
        display = self.xlib.XOpenDisplay(None) if self.xlib is not None else None
        if not display:
            print("sidebar-panel: cannot open the X display to place the window; it stays where it is", file=sys.stderr)
            return
        self.xlib.XMoveWindow(display, xid, x, y)
        self.xlib.XFlush(display)
        self.xlib.XCloseDisplay(display)


class SidebarPanel:
    def __init__(self, app, args):
        self.args = args
        self.ready_printed = False
        vertical = VERTICAL[args.edge]
        self.window = Gtk.Window(application=app, title="animd sidebar panel (GTK 4)", decorated=False, resizable=False)
        self.window.add_css_class("animd-panel")
        self.window.set_default_size(args.width if vertical else args.height, args.height if vertical else args.width)
        self.sheet = Gtk.Box(css_classes=["animd-sheet"], hexpand=not vertical, vexpand=vertical)
        start = args.edge in ("left", "top")
        if vertical:
            self.sheet.set_halign(Gtk.Align.START if start else Gtk.Align.END)
        else:
            self.sheet.set_valign(Gtk.Align.START if start else Gtk.Align.END)
        self.window.set_child(self.sheet)

        transition, bindings = declaration(args.edge, args.output, args.width)
        self.tracker = TransitionTracker(args.transition, widget=self.window, socket=args.socket, client="sidebar-panel",
                                         declaration=(transition, {f"{args.transition}-{key}": body for key, body in bindings.items()}))
        # The whole drawing: progress 0 hides the sheet past its edge, 1 shows its full width (a spring's overshoot
        # is clipped at the window's edge).
        thickness = args.width
        size_property = "width-request" if vertical else "height-request"
        self.tracker.bind_property("progress", self.sheet, size_property, GObject.BindingFlags.SYNC_CREATE,
                                   lambda _binding, progress: round(min(max(progress, 0.0), 1.0) * thickness))
        self.tracker.connect("declared", self.declared)
        self.tracker.connect("gone", self.gone)
        if args.print_signals:
            self.tracker.connect("begin-swipe", lambda _t: self.say("begin-swipe"))
            self.tracker.connect("update-swipe", lambda _t, progress: self.say(f"update-swipe {progress!r}"))
            self.tracker.connect("end-swipe", lambda _t, velocity, to: self.say(f"end-swipe {velocity!r} {to!r}"))
        self.window.connect("map", self.mapped)
        self.window.present()
        self.tracker.start()

    def say(self, line):
        print(line, flush=True)

    def declared(self, _tracker):
        if self.args.print_signals:
            self.say("declared")
        self.place()

    def gone(self, _tracker, reason, message):
        if reason == "animd-gone":
            print(f"sidebar-panel: animd is gone ({message}); declaring again when it is back", file=sys.stderr)
        else:
            print(f"sidebar-panel: animd removed the panel's transition ({reason}): {message}", file=sys.stderr)
        if self.args.print_signals:
            self.say(f"gone {reason}")

    # ---- where the window goes ----

    def place(self):
        """On X11, at the panel's edge of the monitor animd calls `--output` (else the first)."""
        surface = self.window.get_surface()
        if GdkX11 is None or not isinstance(surface, GdkX11.X11Surface):
            return
        monitors = Gdk.Display.get_default().get_monitors()
        area = monitors.get_item(0).get_geometry() if monitors.get_n_items() else None
        if self.args.output is not None:
            area = self.output_area(monitors) or area
        if area is not None:
            XPlacement().move(surface.get_xid(), *self.corner(area))

    def output_area(self, monitors):
        try:
            outputs = (self.tracker.call("daemon.hello").get("input") or {}).get("outputs") or []
        except animd.AnimdError as error:
            print(f"sidebar-panel: cannot ask animd for its outputs: {error}", file=sys.stderr)
            return None
        rect = next((o for o in outputs if o.get("name") == self.args.output), None)
        for index in range(monitors.get_n_items()):
            area = monitors.get_item(index).get_geometry()
            if rect is not None and (area.x, area.y, area.width, area.height) == tuple(rect.get(k) for k in ("x", "y", "width", "height")):
                return area
        print(f"sidebar-panel: no monitor is animd's {self.args.output}; staying on the first", file=sys.stderr)
        return None

    def corner(self, area):
        width, height = self.window.get_default_size()
        x = area.x + area.width - width if self.args.edge == "right" else area.x
        y = area.y + area.height - height if self.args.edge == "bottom" else area.y
        return x, y

    def mapped(self, _window):
        if self.args.print_ready and not self.ready_printed:
            self.ready_printed = True
            surface = self.window.get_surface()
            xid = surface.get_xid() if GdkX11 is not None and isinstance(surface, GdkX11.X11Surface) else 0
            self.say(f"ready {xid}")
        self.place()


def main():
    parser = argparse.ArgumentParser(description="A GTK 4 side panel that declares its own transition to animd.")
    parser.add_argument("--socket", default=animd.socket_path())
    parser.add_argument("--transition", default="gtk4-panel", help="the name it declares (a TOML bare key)")
    parser.add_argument("--edge", choices=sorted(INWARD), default="left", help="the screen edge it slides in from")
    parser.add_argument("--output", help="the monitor to sit on, by the name animd gives it (animctl hello); default: the first")
    parser.add_argument("--width", type=int, default=320, help="how far it reaches in from its edge: its transition's distance")
    parser.add_argument("--height", type=int, default=600, help="its length along the edge")
    parser.add_argument("--print-ready", action="store_true", help='print "ready XID" once the window is mapped (tests)')
    parser.add_argument("--print-signals", action="store_true", help="print the tracker's signals, a line each (tests)")
    args = parser.parse_args()
    if not (50 <= args.width <= 4096 and 50 <= args.height <= 4096):
        parser.error("--width and --height must be 50 to 4096")
    # A parent may have blocked these signals, and the mask survives exec: unblock them, and quit cleanly on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    # Several panels (two edges, tests) may run at once: no single-instance D-Bus name.
    app = Adw.Application(application_id="org.animd.SidebarPanel4", flags=Gio.ApplicationFlags.NON_UNIQUE)
    for number in (signal.SIGINT, signal.SIGTERM):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, app.quit)
    panels = []

    def activate(application):
        provider = Gtk.CssProvider()
        provider.load_from_data(STYLE)
        Gtk.StyleContext.add_provider_for_display(Gdk.Display.get_default(), provider, Gtk.STYLE_PROVIDER_PRIORITY_APPLICATION)
        panels.append(SidebarPanel(application, args))

    app.connect("activate", activate)
    app.run([sys.argv[0]])


if __name__ == "__main__":
    main()
