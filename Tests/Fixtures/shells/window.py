#!/usr/bin/python3
"""A GTK 4 window for the real-shell tests (RealShellTests): `window.py APP_ID TITLE`. Lines on stdin drive it:
`fullscreen`, `unfullscreen`, `close`. It prints `shown` once it is mapped, and each line's name once done."""
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

app_id, title = sys.argv[1], sys.argv[2]
application = Gtk.Application(application_id=app_id)


def say(text):
    print(text, flush=True)


def command(channel, _condition, window):
    line = channel.readline().strip()
    if line in ("", "close"):
        window.close()
        return False
    if line == "fullscreen":
        window.fullscreen()
    elif line == "unfullscreen":
        window.unfullscreen()
    say(line)
    return True


def activate(application):
    window = Gtk.ApplicationWindow(application=application, title=title)
    window.set_default_size(400, 300)
    window.connect("map", lambda _window: say("shown"))
    GLib.io_add_watch(GLib.IOChannel.unix_new(sys.stdin.fileno()), GLib.IO_IN | GLib.IO_HUP, command, window)
    window.present()


application.connect("activate", activate)
application.run([sys.argv[0]])
