# SPDX-License-Identifier: MIT
"""One transition's events as libadwaita's AdwSwipeTracker signals (docs/toolkits.md).

``SwipeSignals.take(event)`` returns the signals the event means, in order:

- ``("begin-swipe",)`` when the transition becomes held (phase ``interactive``: a finger drives it, a finger caught
  it mid-flight, or a client began or scrubbed it);
- ``("update-swipe", progress)`` for each frame while it is held;
- ``("end-swipe", velocity, to)`` when it is let go: ``velocity`` in progress per second, as animd announced it at
  the release, and ``to`` the progress it now heads for (its target snap point; where it stopped, when it stopped
  without a leg);
- ``("gone", reason, message)`` when the transition is removed (``retracted``, ``disconnected``, ``config``) or
  animd is gone (``animd-gone``, from ``lost()``); a swipe under way is ended first, where it was.

Every ``begin-swipe`` is followed by exactly one ``end-swipe``, as in AdwSwipeTracker. Pure: no GLib, no socket.
"""

from __future__ import annotations

import math
from typing import Any, Dict, List, Optional, Tuple

from .client import Event

__all__ = ["SwipeSignals", "Signal"]

Signal = Tuple[Any, ...]


class SwipeSignals:
    def __init__(self, name: str) -> None:
        self.name = name
        self.swiping = False
        self._last: Optional[Dict[str, Any]] = None

    def take(self, event: Event) -> List[Signal]:
        params = event.params
        if params.get("name") != self.name or not event.method.startswith("transition."):
            return []
        if event.method == "transition.removed":
            return self._gone(str(params.get("reason", "removed")), str(params.get("message", "")))
        phase = params.get("phase")
        if not isinstance(phase, str):
            return []
        held = phase == "interactive" and event.method != "transition.ended"
        signals: List[Signal] = []
        if held and not self.swiping:
            self.swiping = True
            signals.append(("begin-swipe",))
        elif held and event.method == "transition.progress":
            signals.append(("update-swipe", _number(params.get("progress"))))
        elif not held and self.swiping:
            self.swiping = False
            signals.append(("end-swipe", _number(params.get("velocity")), _heading(params, event.method)))
        self._last = params
        return signals

    def lost(self, message: str) -> List[Signal]:
        """The connection to animd is gone."""
        return self._gone("animd-gone", message)

    def _gone(self, reason: str, message: str) -> List[Signal]:
        signals: List[Signal] = []
        if self.swiping:
            self.swiping = False
            last = self._last or {}
            signals.append(("end-swipe", 0.0, _number(last.get("progress"))))
        self._last = None
        return signals + [("gone", reason, message)]


def _number(value: Any) -> float:
    """A finite number as it came; anything else (a bool, a string, NaN or infinity, which Python's json reads) as 0,
    as the GJS and C++ twins read it."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return 0.0
    return float(value)


def _heading(params: Dict[str, Any], method: str) -> float:
    """Where a let-go transition goes: its target snap point while a leg runs, else where it rests."""
    points, target = params.get("snapPoints"), params.get("target")
    if method != "transition.ended" and params.get("phase") == "animating" and isinstance(points, list) \
            and isinstance(target, int) and 0 <= target < len(points):
        return _number(points[target])
    return _number(params.get("progress"))
