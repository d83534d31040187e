# SPDX-License-Identifier: MIT
"""A GObject that a GTK widget holds to follow one animd transition (docs/toolkits.md).

    tracker = animd.tracker.TransitionTracker("gtk4-panel", widget=area, client="my-panel",
                                              declaration=({"snap-points": [0, 1]}, {"my-open": {...}}))
    tracker.bind_property("progress", revealer, "…", GObject.BindingFlags.SYNC_CREATE, to_pixels)
    tracker.connect("end-swipe", lambda tracker, velocity, to: ...)
    tracker.start()

It connects to animd, declares the transition when given a declaration (else follows one that exists), subscribes
with ``frames: "driven"``, and keeps doing so across animd's restarts. Its ``progress`` property changes on the
widget's frame clock: at most once a frame, the last frame's value while a finger drives the transition, and the
announced leg evaluated at the frame time while it completes, so a leg costs no socket traffic and no timer.
Its signals are libadwaita's AdwSwipeTracker's (``begin-swipe``, ``update-swipe``, ``end-swipe``; see
``animd.swipe``), plus ``gone`` when the transition is removed or animd goes away, and ``declared`` each time it is
(re)declared and followed.

Works with GTK 3 and GTK 4 alike: it needs only ``add_tick_callback`` and ``get_frame_clock`` of the widget.
Needs PyGObject (Debian: python3-gi); the rest of the ``animd`` package does not.
"""

from __future__ import annotations

import sys
from typing import Any, Dict, Optional, Tuple

from gi.repository import GLib, GObject

from .client import AnimdError, Connection, Event, Follower, RPCError, socket_path
from .leg import LegError
from .swipe import SwipeSignals

__all__ = ["TransitionTracker"]

# Reconnection waits: the first, and the longest it doubles up to (as ``animd.hold``).
RETRY_FIRST, RETRY_MOST = 0.1, 5.0


class TransitionTracker(GObject.Object):
    __gtype_name__ = "AnimdTransitionTracker"

    __gsignals__ = {
        "begin-swipe": (GObject.SignalFlags.RUN_FIRST, None, ()),
        "update-swipe": (GObject.SignalFlags.RUN_FIRST, None, (float,)),
        "end-swipe": (GObject.SignalFlags.RUN_FIRST, None, (float, float)),
        "gone": (GObject.SignalFlags.RUN_FIRST, None, (str, str)),
        "declared": (GObject.SignalFlags.RUN_FIRST, None, ()),
    }

    # Read-only: the tracker alone sets them, from what animd sends. Ranges wide enough for any progress animd keeps.
    __gproperties__ = {
        "progress": (float, "progress", "the transition's progress at the widget's frame time", -1e12, 1e12, 0.0,
                     GObject.ParamFlags.READABLE),
        "velocity": (float, "velocity", "progress per second at the widget's frame time", -1e12, 1e12, 0.0,
                     GObject.ParamFlags.READABLE),
        "phase": (str, "phase", "the protocol's phase (idle, interactive, animating, paused, stopped), empty when unknown", "",
                  GObject.ParamFlags.READABLE),
        "connected": (bool, "connected", "whether animd is connected and the transition followed", False,
                      GObject.ParamFlags.READABLE),
    }

    def __init__(self, name: str, widget: Any, socket: Optional[str] = None, client: Optional[str] = None,
                 declaration: Optional[Tuple[Dict[str, Any], Dict[str, Dict[str, Any]]]] = None) -> None:
        """``name``: the transition; ``widget``: whose frame clock moves ``progress``; ``socket``: animd's (the
        default path when None); ``client``: the name animd shows as the owner; ``declaration``: ``(transition,
        bindings)`` with animd.toml's keys, declared on every connection, or None to follow a transition that is
        the config's or another client's."""
        super().__init__()
        self.name, self.widget, self.socket, self.client, self.declaration = name, widget, socket or socket_path(), client, declaration
        self.connection: Optional[Connection] = None
        self.follower = Follower()
        self.swipes = SwipeSignals(name)
        self._values: Dict[str, Any] = {"progress": 0.0, "velocity": 0.0, "phase": "", "connected": False}
        self._watch = self._retry = self._tick = 0
        self._wait = RETRY_FIRST
        self._stopped = True
        # A widget that is destroyed (a window closed, a GTK 3 widget destroyed) takes the tracker's hold on animd
        # with it: its connection closes and what it declared ends, and no frame callback outlives it.
        widget.connect("destroy", lambda *_: self.stop())

    def do_get_property(self, spec: GObject.ParamSpec) -> Any:
        return self._values[spec.name]

    # ---- the connection ----

    def start(self) -> None:
        """Connects now, and again after every loss, until ``stop()``."""
        self._stopped = False
        self._connect()

    def stop(self) -> None:
        """Closes the connection (which ends what it declared), stops reconnecting and stops following the frame
        clock. The widget's ``destroy`` calls it."""
        self._stopped = True
        for source in (self._watch, self._retry):
            if source:
                GLib.source_remove(source)
        self._watch = self._retry = 0
        if self._tick:
            self.widget.remove_tick_callback(self._tick)
            self._tick = 0
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self._set("connected", False)

    def call(self, method: str, params: Optional[Dict[str, Any]] = None) -> Any:
        """A request on the tracker's connection (``transition.update`` when the widget is resized, say)."""
        if self.connection is None:
            raise AnimdError("not connected to animd")
        answer = self.connection.call(method, params)
        self._read_queued()
        return answer

    def _connect(self) -> bool:
        self._retry = 0
        if self._stopped:
            return GLib.SOURCE_REMOVE
        try:
            connection = Connection(self.socket)
        except AnimdError:
            self._later()
            return GLib.SOURCE_REMOVE
        try:
            connection.hello(self.client)
            if self.declaration is not None:
                transition, bindings = self.declaration
                connection.declare(self.name, transition, bindings)
            answer = connection.subscribe(transitions=[self.name], frames="driven")
        except RPCError as error:
            # Refused (its name or edge is taken, a key is wrong): declaring again would be refused again.
            connection.close()
            self._stopped = True
            self._emit([("gone", "refused", error.message)])
            return GLib.SOURCE_REMOVE
        except (AnimdError, OSError):
            connection.close()
            self._later()
            return GLib.SOURCE_REMOVE
        self.connection, self._wait = connection, RETRY_FIRST
        self.follower, self.swipes = Follower(answer), SwipeSignals(self.name)
        self._watch = GLib.io_add_watch(connection.fileno(), GLib.PRIORITY_DEFAULT, GLib.IO_IN | GLib.IO_HUP | GLib.IO_ERR,
                                        self._readable)
        self._set("connected", True)
        self.emit("declared")
        self._read_queued()
        self._changed()
        return GLib.SOURCE_REMOVE

    def _later(self) -> None:
        """Tries again after a wait that doubles, up to RETRY_MOST."""
        if self._stopped or self._retry:
            return
        self._retry = GLib.timeout_add(int(self._wait * 1000), self._connect)
        self._wait = min(self._wait * 2, RETRY_MOST)

    def _lose(self, reason: str) -> None:
        if self._watch:
            GLib.source_remove(self._watch)
            self._watch = 0
        if self.connection is not None:
            self.connection.close()
            self.connection = None
        self._set("connected", False)
        self._emit(self.swipes.lost(reason))
        self._later()

    def _readable(self, *_: Any) -> bool:
        try:
            while self.connection is not None:
                event = self.connection.next_event(timeout=0)
                if event is None:
                    break
                self._take(event)
                if self.connection is None or not self.connection.pending():
                    break
        except (AnimdError, OSError) as error:
            self._watch = 0
            self._lose(str(error))
            return GLib.SOURCE_REMOVE
        return GLib.SOURCE_CONTINUE

    def _read_queued(self) -> None:
        """Events that arrived while a request waited for its answer."""
        while self.connection is not None and self.connection.pending():
            event = self.connection.next_event(timeout=0)
            if event is None:
                break
            self._take(event)

    def _take(self, event: Event) -> None:
        try:
            self.follower.take(event)
        except LegError as error:
            # Not something animd sends: keep what is known rather than stop reading.
            print(f"animd tracker: {error}", file=sys.stderr)
        phase = event.params.get("phase") if event.params.get("name") == self.name else None
        if isinstance(phase, str):
            self._set("phase", phase)
        self._emit(self.swipes.take(event))
        self._changed()

    def _emit(self, signals: Any) -> None:
        for signal in signals:
            self.emit(signal[0], *signal[1:])

    # ---- the frame clock ----

    def _changed(self) -> None:
        """Something new: let the next frame read it, and keep frames coming while a leg runs."""
        if not self._tick:
            self._tick = self.widget.add_tick_callback(self._frame)

    def _frame(self, widget: Any, clock: Any) -> bool:
        # GTK's frame time is g_get_monotonic_time(): CLOCK_MONOTONIC, animd's clock, in microseconds.
        now = clock.get_frame_time() / 1e6
        progress = self.follower.progress(self.name, now)
        velocity = self.follower.velocity(self.name, now)
        if progress is not None:
            self._set("progress", progress)
        if velocity is not None:
            self._set("velocity", velocity)
        if self.follower.animating(now):
            return GLib.SOURCE_CONTINUE
        self._tick = 0
        return GLib.SOURCE_REMOVE

    def _set(self, name: str, value: Any) -> None:
        """Sets a read-only property and notifies only when it changed. A progress or velocity outside the property's
        range (animd keeps neither near it) is clamped there, so that GObject never holds what its spec refuses."""
        if isinstance(value, float):
            value = min(max(value, -1e12), 1e12)
        if self._values[name] != value:
            self._values[name] = value
            self.notify(name)
