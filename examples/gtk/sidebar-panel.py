#!/usr/bin/env python3
"""A GTK 3 side panel that declares its own transition and slides in from a screen edge with it.

    examples/gtk/sidebar-panel.py [--socket PATH] [--transition gtk-panel] [--edge left] [--output NAME]
                                  [--width 320] [--print-ready]

It declares its transition to animd (transition.declare) with two bindings: an edge
pan from `--edge` that opens it, on `--output` only when given, and a pan back toward
the edge that closes it. Its `distance` is the panel's own width, so the finger moves
the panel 1:1 in pixels. The declaration lives as long as the panel's connection: when
the panel quits, its gesture is gone, and the default config's edge pan there (which
yields to it meanwhile) takes the swipes again. When animd restarts, it declares again.

It follows a finger 1:1 from the frames animd sends while a gesture or a scrub
drives the transition, and runs each completion itself from the leg animd
announces (subscribe with frames: "driven"): every redraw evaluates the leg at
GTK's frame time, on the monitor's own frame clock, so a 144 Hz screen gets
144 exact frames a second and animd sends nothing in between.

Under a Wayland compositor with gtk-layer-shell (Debian: gir1.2-gtklayershell-0.1)
it is a layer-shell surface anchored to its edge and the full length of its
output; on X11 it is a plain undecorated window at that edge of its monitor.
`--output NAME` puts it on the monitor animd names so (`animctl hello` lists
them: a Wayland output such as `HEADLESS-1`, or a RandR monitor); by default
it is on the first.

Run it with Debian's /usr/bin/python3 (or a venv made from it), which sees
python3-gi, python3-gi-cairo (GTK's cairo context for the draw handler) and
gir1.2-gtk-3.0; it also needs the animd package (pip install ./clients/python).
"""

import argparse
import signal
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

try:
    gi.require_version("GdkX11", "3.0")
    from gi.repository import GdkX11  # noqa: E402, F401  (gives X11 windows their get_xid)
except (ValueError, ImportError):
    pass

try:
    gi.require_version("GtkLayerShell", "0.1")
    from gi.repository import GtkLayerShell  # noqa: E402
except (ValueError, ImportError):
    GtkLayerShell = None

import animd  # noqa: E402

PANEL = (0x2E / 255, 0x7D / 255, 0x32 / 255)  # the panel's colour, #2E7D32
BACKGROUND = (0x20 / 255, 0x21 / 255, 0x24 / 255)
# For each edge: the direction into the screen (which opens the panel), the one back out (which closes it), and
# whether the edge runs vertically.
INWARD = {"left": "right", "right": "left", "top": "down", "bottom": "up"}
OUTWARD = {"left": "left", "right": "right", "top": "up", "bottom": "down"}
VERTICAL = {"left": True, "right": True, "top": False, "bottom": False}


def declaration(edge, output, width):
    """The panel's transition and its bindings, with animd.toml's keys: the edge pan that opens it from `edge`
    (on `output` when given), and the pan back toward the edge that closes it, both `width` px long."""
    opening = {"gesture": "edge-pan", "edge": edge, "increases": INWARD[edge], "distance": width, "at-snap": 0}
    if output:
        opening["output"] = output
    closing = {"gesture": "pan", "direction": OUTWARD[edge], "increases": INWARD[edge], "distance": width, "at-snap": 1,
               "region": {"edge": edge, "depth": width}}
    return ({"snap-points": [0, 1], "timing": "spring(damping-ratio=0.9, response=0.35)", "rubber-band": 0.55},
            {"open": opening, "close": closing})


class SidebarPanel:
    def __init__(self, socket_path, transition, edge, output, width, height, print_ready):
        self.socket_path, self.transition, self.edge, self.output = socket_path, transition, edge, output
        self.width, self.length = width, height
        self.print_ready, self.ready_printed = print_ready, False
        self.connection, self.follower = None, animd.Follower()
        self.ticking = False
        self.window = Gtk.Window(title="animd sidebar panel")
        self.window.set_decorated(False)
        self.window.set_app_paintable(True)
        self.layer_shell = GtkLayerShell is not None and GtkLayerShell.is_supported()
        vertical = VERTICAL[edge]
        if self.layer_shell:
            GtkLayerShell.init_for_window(self.window)
            GtkLayerShell.set_layer(self.window, GtkLayerShell.Layer.TOP)
            along = (GtkLayerShell.Edge.TOP, GtkLayerShell.Edge.BOTTOM) if vertical else (GtkLayerShell.Edge.LEFT, GtkLayerShell.Edge.RIGHT)
            for anchor in (getattr(GtkLayerShell.Edge, edge.upper()),) + along:
                GtkLayerShell.set_anchor(self.window, anchor, True)
            # On an axis not anchored at both ends, gtk-layer-shell asks the compositor for the window's *minimum*
            # size, and a DrawingArea's is 0: GTK would then request a 0-wide surface and wait for ever for a
            # configure that never comes, drawing nothing. A size request gives the width a minimum; the length
            # comes from the anchors (the output's full height or width). set_default_size is ignored there.
            self.window.set_size_request(width if vertical else -1, -1 if vertical else width)
        else:
            self.window.set_default_size(width if vertical else height, height if vertical else width)
            self.window.move(0, 0)
        area = Gtk.DrawingArea()
        area.connect("draw", self.draw)
        self.window.add(area)
        self.area = area
        self.window.connect("destroy", Gtk.main_quit)
        self.window.connect("map-event", self.mapped)
        self.window.show_all()
        self.connect_to_animd()

    # ---- animd ----

    def connect_to_animd(self):
        """Connects, declares the panel's transition, and follows it; after animd restarts, all three again."""
        try:
            self.connection = animd.connect(self.socket_path)
            self.connection.hello("sidebar-panel")
            transition, bindings = declaration(self.edge, self.output, self.width)
            self.connection.declare(self.transition, transition, {f"{self.transition}-{key}": body for key, body in bindings.items()})
            answer = self.connection.subscribe(transitions=[self.transition], frames="driven")
        except animd.RPCError as error:
            # Refused (its edge is the user's, or another widget's): trying again would be refused again.
            print(f"sidebar-panel: animd refused the panel's transition: {error}", file=sys.stderr)
            self.connection.close()
            self.connection = None
            return
        except animd.AnimdError as error:
            print(f"sidebar-panel: {error}; trying again in 1 s", file=sys.stderr)
            self.connection = None
            GLib.timeout_add_seconds(1, self.retry)
            return
        self.follower = animd.Follower(answer)
        self.place()
        GLib.io_add_watch(self.connection.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP, self.readable)
        self.changed()

    def retry(self):
        self.connect_to_animd()
        return False

    def place(self):
        """Puts the panel on the output that animd calls `--output` (its rectangle finds GDK's monitor), else on the
        first, at its edge."""
        if self.output is None:
            if not self.layer_shell:
                self.window.move(*self.corner(Gdk.Display.get_default().get_monitor(0).get_geometry()))
            return
        try:
            outputs = (self.connection.call("daemon.hello").get("input") or {}).get("outputs") or []
        except animd.AnimdError as error:
            print(f"sidebar-panel: cannot ask animd for its outputs: {error}; staying where it is", file=sys.stderr)
            return
        rect = next((o for o in outputs if o.get("name") == self.output), None)
        if rect is None:
            names = ", ".join(o.get("name", "?") for o in outputs) or "none yet"
            print(f"sidebar-panel: animd knows no output named {self.output} (it knows: {names}); staying where it is",
                  file=sys.stderr)
            return
        display = Gdk.Display.get_default()
        for index in range(display.get_n_monitors()):
            monitor = display.get_monitor(index)
            area = monitor.get_geometry()
            if (area.x, area.y, area.width, area.height) == tuple(rect.get(k) for k in ("x", "y", "width", "height")):
                if self.layer_shell:
                    GtkLayerShell.set_monitor(self.window, monitor)
                else:
                    self.window.move(*self.corner(area))
                return
        print(f"sidebar-panel: GTK has no monitor at {self.output}'s place; staying where it is", file=sys.stderr)

    def corner(self, area):
        """Where the window's top-left corner goes on X11, for it to lie along its edge of `area`."""
        x = area.x + area.width - self.width if self.edge == "right" else area.x
        y = area.y + area.height - self.width if self.edge == "bottom" else area.y
        return x, y

    def readable(self, *_):
        try:
            while True:
                event = self.connection.next_event(timeout=0)
                if event is None:
                    break
                if event.method == "transition.removed":
                    print(f"sidebar-panel: animd removed the panel's transition: {event.params.get('message')}", file=sys.stderr)
                try:
                    self.follower.take(event)
                except animd.LegError as error:
                    # Not something animd sends; keep drawing what is known rather than stop reading.
                    print(f"sidebar-panel: {error}", file=sys.stderr)
                if not self.connection.pending():
                    break
        except animd.AnimdError as error:
            print(f"sidebar-panel: {error}", file=sys.stderr)
            self.connection.close()
            self.connection = None
            GLib.timeout_add_seconds(1, self.retry)
            return False
        self.changed()
        return True

    # ---- drawing ----

    def changed(self):
        """Something new from animd: draw it, and keep the frame clock ticking while a leg runs."""
        self.area.queue_draw()
        if not self.ticking:
            self.ticking = True
            self.area.add_tick_callback(self.tick)

    def tick(self, widget, frame_clock):
        # GTK's frame time is g_get_monotonic_time(): CLOCK_MONOTONIC, animd's clock, in microseconds.
        now = frame_clock.get_frame_time() / 1e6
        widget.queue_draw()
        if self.follower.animating(now):
            return GLib.SOURCE_CONTINUE
        self.ticking = False
        return GLib.SOURCE_REMOVE

    def progress(self):
        clock = self.area.get_frame_clock()
        now = clock.get_frame_time() / 1e6 if clock is not None else GLib.get_monotonic_time() / 1e6
        value = self.follower.progress(self.transition, now)
        return 0.0 if value is None else value

    def draw(self, widget, cr):
        width, height = widget.get_allocated_width(), widget.get_allocated_height()
        cr.set_source_rgb(*BACKGROUND)
        cr.paint()
        # Progress 0 hides the panel past its edge, 1 shows all of it; springs may overshoot a little.
        thickness = width if VERTICAL[self.edge] else height
        shown = min(max(0.0, self.progress()), 1.5) * thickness
        cr.set_source_rgb(*PANEL)
        if self.edge == "left":
            cr.rectangle(0, 0, shown, height)
        elif self.edge == "right":
            cr.rectangle(width - shown, 0, shown, height)
        elif self.edge == "top":
            cr.rectangle(0, 0, width, shown)
        else:
            cr.rectangle(0, height - shown, width, shown)
        cr.fill()
        return False

    def mapped(self, *_):
        # Printed once: placing the panel on its output maps the layer surface again.
        if self.print_ready and not self.ready_printed:
            self.ready_printed = True
            xid = self.window.get_window().get_xid() if hasattr(self.window.get_window(), "get_xid") else 0
            print(f"ready {xid}", flush=True)
        return False


def main():
    parser = argparse.ArgumentParser(description="A GTK side panel that declares its own transition to animd.")
    parser.add_argument("--socket", default=animd.socket_path())
    parser.add_argument("--transition", default="gtk-panel", help="the name it declares (a TOML bare key)")
    parser.add_argument("--edge", choices=sorted(INWARD), default="left", help="the screen edge it slides in from")
    parser.add_argument("--output", help="the monitor to sit on, by the name animd gives it (animctl hello); default: the first")
    parser.add_argument("--width", type=int, default=320, help="how far it reaches in from its edge: its transition's distance")
    parser.add_argument("--height", type=int, default=600, help="its length along the edge on X11 (under layer shell: the output's)")
    parser.add_argument("--print-ready", action="store_true", help='print "ready XID" once the window is mapped (tests)')
    args = parser.parse_args()
    if not (50 <= args.width <= 4096 and 50 <= args.height <= 4096):
        parser.error("--width and --height must be 50 to 4096")
    # A parent may have blocked these signals, and the mask survives exec: unblock them, and quit cleanly on them.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    for number in (signal.SIGINT, signal.SIGTERM):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, number, Gtk.main_quit)
    SidebarPanel(args.socket, args.transition, args.edge, args.output, args.width, args.height, args.print_ready)
    Gtk.main()


if __name__ == "__main__":
    main()
