"""A TransitionTracker whose GTK 3 window is destroyed while a leg runs (ToolkitPanelTests, issue 57): the tracker
stops with it (GTK 3's gtk_widget_destroy emits `destroy` at once), so its declaration ends and no frame callback is
left on the destroyed widget. It prints "declared", then "destroyed", and keeps running until its standard input
closes.

    python3 teardown_gtk3.py SOCKET
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import GLib, Gtk  # noqa: E402

from animd.tracker import TransitionTracker  # noqa: E402

socket = sys.argv[1]
window = Gtk.Window(title="animd teardown")
window.show_all()
tracker = TransitionTracker("gtk3-teardown", window, socket=socket, client="gtk3-teardown",
                            declaration=({"snap-points": [0, 1], "timing": "linear", "duration": 5}, {}))


def declared(*_):
    print("declared", flush=True)
    # A leg runs, so the tracker follows the window's frame clock when the window goes.
    tracker.call("transition.animate", {"name": "gtk3-teardown", "to": 1})
    GLib.timeout_add(300, destroy)


def destroy():
    window.destroy()
    print("destroyed", flush=True)
    return GLib.SOURCE_REMOVE


tracker.connect("declared", declared)
tracker.start()
GLib.io_add_watch(0, GLib.IO_IN | GLib.IO_HUP, lambda *_: loop.quit())
loop = GLib.MainLoop()
loop.run()
