# SPDX-License-Identifier: MIT
"""A client of animd's Unix-socket JSON-RPC protocol (docs/protocol.md).

    import animd
    with animd.connect() as conn:
        answer = conn.subscribe(transitions=["sidebar"], frames="driven")
        follower = animd.Follower(answer)
        conn.call("transition.toggle", name="sidebar")
        for event in conn.events():
            follower.take(event)
            ...

Standard library only. One connection is meant for one thread.
"""

from __future__ import annotations

import json
import os
import select
import socket
import struct
import time
from dataclasses import dataclass, field
from typing import Any, Dict, Iterator, List, Optional, Tuple

from .leg import Leg, LegError, leg_from_json

__all__ = ["connect", "hold", "Connection", "Event", "Follower", "socket_path", "AnimdError", "RPCError", "ConnectionClosed"]

MAX_LINE = 1 << 20


class AnimdError(Exception):
    """Anything that went wrong talking to animd."""


class ConnectionClosed(AnimdError):
    """animd closed the connection (it stopped, or dropped a client that did not read)."""


class RPCError(AnimdError):
    """animd refused a request: ``code`` and ``message`` as the protocol's error object gives them."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(f"{message} ({code})")
        self.code = code
        self.message = message
        self.data = data


def socket_path(environ: Optional[Dict[str, str]] = None) -> str:
    """$ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock (as animd and animctl)."""
    env = os.environ if environ is None else environ
    if env.get("ANIMD_SOCKET"):
        return env["ANIMD_SOCKET"]
    if env.get("XDG_RUNTIME_DIR"):
        return env["XDG_RUNTIME_DIR"] + "/animd.sock"
    return f"/tmp/animd-{os.getuid()}/animd.sock"


@dataclass
class Event:
    """One notification: ``method`` (``transition.progress``…) and its ``params``."""

    method: str
    params: Dict[str, Any] = field(default_factory=dict)


class Connection:
    def __init__(self, path: Optional[str] = None, timeout: float = 10.0) -> None:
        self.path = path or socket_path()
        self.timeout = timeout
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.connect(self.path)
        except OSError as error:
            self._sock.close()
            raise AnimdError(f"cannot connect to animd at {self.path}: {error.strerror} (is animd running?)") from error
        # A server of another user (a socket put in a shared folder) is not animd for us: refuse before trusting it.
        _pid, uid, _gid = struct.unpack("3i", self._sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
        if uid != os.getuid():
            self._sock.close()
            raise AnimdError(f"the server at {self.path} runs as uid {uid}, not as you (uid {os.getuid()}): refused")
        self._buffer = b""
        self._next_id = 1
        self._queued: List[Event] = []

    def __enter__(self) -> "Connection":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def close(self) -> None:
        self._sock.close()

    def fileno(self) -> int:
        """The socket, for select() or an event loop; check ``pending()`` first, lines may already be buffered."""
        return self._sock.fileno()

    def pending(self) -> bool:
        return bool(self._queued) or b"\n" in self._buffer

    def call(self, method: str, params: Optional[Dict[str, Any]] = None, **named: Any) -> Any:
        """Sends a request and returns its result; notifications that arrive meanwhile are kept for ``events()``."""
        request_id = self._next_id
        self._next_id += 1
        message: Dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        merged = dict(params or {}, **named)
        if merged:
            message["params"] = merged
        self._sock.sendall(json.dumps(message, separators=(",", ":")).encode() + b"\n")
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._read_line(deadline)
            if line is None:
                raise AnimdError(f"timed out waiting for animd's answer to {method}")
            if isinstance(line, list):
                continue
            if "id" not in line:
                self._queued.append(Event(line.get("method", ""), line.get("params") or {}))
                continue
            if line.get("id") != request_id:
                continue
            if "error" in line:
                error = line["error"]
                raise RPCError(error.get("code", 0), error.get("message", ""), error.get("data"))
            return line.get("result")

    def batch(self, calls: List[Tuple[str, Optional[Dict[str, Any]]]]) -> List[Any]:
        """Sends the requests as one JSON-RPC batch, in one write, and returns each one's result in order, or the
        ``RPCError`` it failed with (not raised, so that one failure does not hide the others' results): a widget
        subscribes and reads its state in one round trip. Notifications that arrive meanwhile are kept."""
        if not calls:
            return []
        first = self._next_id
        self._next_id += len(calls)
        messages = []
        for offset, (method, params) in enumerate(calls):
            message: Dict[str, Any] = {"jsonrpc": "2.0", "id": first + offset, "method": method}
            if params:
                message["params"] = params
            messages.append(message)
        self._sock.sendall(json.dumps(messages, separators=(",", ":")).encode() + b"\n")
        deadline = time.monotonic() + self.timeout
        while True:
            line = self._read_line(deadline)
            if line is None:
                raise AnimdError("timed out waiting for animd's answer to a batch")
            if isinstance(line, dict):
                if "id" not in line:
                    self._queued.append(Event(line.get("method", ""), line.get("params") or {}))
                elif line.get("id") is None and "error" in line:
                    error = line["error"]
                    raise RPCError(error.get("code", 0), error.get("message", ""), error.get("data"))
                continue
            answers = {answer.get("id"): answer for answer in line if isinstance(answer, dict)}
            results: List[Any] = []
            for request_id in range(first, first + len(calls)):
                answer = answers.get(request_id)
                if answer is None:
                    raise AnimdError(f"animd's answer to the batch lacks request {request_id}")
                if "error" in answer:
                    error = answer["error"]
                    results.append(RPCError(error.get("code", 0), error.get("message", ""), error.get("data")))
                else:
                    results.append(answer.get("result"))
            return results

    def hello(self, client: Optional[str] = None) -> Dict[str, Any]:
        """``daemon.hello``; ``client`` names this connection in the owners of what it declares."""
        return self.call("daemon.hello", {"client": client} if client else None)

    def declare(self, name: str, transition: Optional[Dict[str, Any]] = None,
                bindings: Optional[Dict[str, Dict[str, Any]]] = None) -> Dict[str, Any]:
        """Declares a transition and the bindings that drive it, with the config's keys (``snap-points``, ``edge``,
        ``span``…); it lives until ``retract`` or until this connection closes. Returns its snapshot, with ``owner``."""
        return self.call("transition.declare", _declaration(name, transition, bindings))

    def update(self, name: str, transition: Optional[Dict[str, Any]] = None,
               bindings: Optional[Dict[str, Dict[str, Any]]] = None) -> Dict[str, Any]:
        """Lays these keys over what this connection declared (a new ``distance`` when the widget is resized, an
        ``output`` when it moves); a swipe or a leg under way goes on without a jump."""
        return self.call("transition.update", _declaration(name, transition, bindings))

    def retract(self, name: str) -> None:
        """Ends a transition this connection declared: subscribers get ``transition.removed``."""
        self.call("transition.retract", {"name": name})

    def subscribe(self, transitions: Optional[List[str]] = None, events: Optional[List[str]] = None,
                  max_rate: Optional[float] = None, frames: str = "all") -> Dict[str, Any]:
        """Subscribes; returns the answer (``subscription`` and the ``transitions`` snapshots, with running legs)."""
        params: Dict[str, Any] = {}
        if transitions is not None:
            params["transitions"] = transitions
        if events is not None:
            params["events"] = events
        if max_rate is not None:
            params["maxRate"] = max_rate
        if frames != "all":
            params["frames"] = frames
        return self.call("subscribe", params)

    def next_event(self, timeout: Optional[float] = None) -> Optional[Event]:
        """The next notification, or None when ``timeout`` seconds pass first (None waits for ever)."""
        if self._queued:
            return self._queued.pop(0)
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            line = self._read_line(deadline)
            if line is None:
                return None
            if isinstance(line, dict) and "id" not in line:
                return Event(line.get("method", ""), line.get("params") or {})

    def events(self, timeout: Optional[float] = None) -> Iterator[Event]:
        """Notifications as they come; stops when ``timeout`` seconds pass with none."""
        while True:
            event = self.next_event(timeout)
            if event is None:
                return
            yield event

    def _read_line(self, deadline: Optional[float]) -> Any:
        """The next message: an object, or a batch's answer (a list); None when ``deadline`` passes first."""
        while b"\n" not in self._buffer:
            # A deadline already past still polls once, so that timeout=0 reads what has arrived.
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self._sock], [], [], wait)
            if not ready:
                return None
            chunk = self._sock.recv(65536)
            if not chunk:
                raise ConnectionClosed("animd closed the connection")
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE and b"\n" not in self._buffer:
                raise AnimdError("animd sent a line longer than 1 MiB")
        line, self._buffer = self._buffer.split(b"\n", 1)
        try:
            message = json.loads(line)
        except ValueError as error:
            raise AnimdError(f"animd sent something that is not JSON: {line[:200]!r}") from error
        if not isinstance(message, (dict, list)):
            raise AnimdError(f"animd sent something that is not JSON-RPC: {line[:200]!r}")
        return message


def connect(path: Optional[str] = None, timeout: float = 10.0) -> Connection:
    return Connection(path, timeout)


def _declaration(name: str, transition: Optional[Dict[str, Any]], bindings: Optional[Dict[str, Dict[str, Any]]]) -> Dict[str, Any]:
    params: Dict[str, Any] = {"name": name}
    if transition is not None:
        params["transition"] = transition
    if bindings is not None:
        params["bindings"] = bindings
    return params


def hold(declarations: Dict[str, Dict[str, Any]], client: Optional[str] = None, events: Optional[List[str]] = None,
         path: Optional[str] = None, retry: Tuple[float, float] = (0.1, 5.0)) -> Iterator[Event]:
    """Keeps ``declarations`` (name → ``{"transition": …, "bindings": …}``) declared for as long as the iteration
    goes on, across animd's restarts, and yields their events.

    After each (re)declaration it yields ``Event("declared", {"transitions": [snapshot, …]})``; when the connection
    closes, ``Event("disconnected", {"reason": …})``, then it connects again, waiting ``retry[0]`` seconds at first and
    twice as long each time up to ``retry[1]``. A refusal (a conflict, a bad key) raises ``RPCError``: declaring the
    same thing again would be refused again. Stopping the iteration closes the connection, which ends the
    declarations."""
    wait = retry[0]
    while True:
        try:
            connection = Connection(path)
        except AnimdError as error:
            yield Event("disconnected", {"reason": str(error)})
            time.sleep(wait)
            wait = min(wait * 2, retry[1])
            continue
        try:
            connection.hello(client)
            snapshots = [connection.declare(name, body.get("transition"), body.get("bindings")) for name, body in declarations.items()]
            connection.subscribe(list(declarations), events)
            wait = retry[0]
            yield Event("declared", {"transitions": snapshots})
            while True:
                event = connection.next_event()
                if event is not None:
                    yield event
        except (ConnectionClosed, OSError) as error:
            # A daemon gone mid-write is a broken pipe or a reset rather than an end of file.
            yield Event("disconnected", {"reason": str(error)})
        finally:
            connection.close()


class Follower:
    """What a ``frames: "driven"`` client knows of each transition: its last snapshot and the leg that moves it.

    Feed it every event; ask ``progress(name, t)`` at the instant you draw, with ``t`` on ``time.monotonic()``.
    """

    def __init__(self, answer: Optional[Dict[str, Any]] = None) -> None:
        self.snapshots: Dict[str, Dict[str, Any]] = {}
        self.legs: Dict[str, Optional[Leg]] = {}
        for snapshot in (answer or {}).get("transitions", []):
            self._store(snapshot, snapshot.get("leg"))

    def _store(self, snapshot: Dict[str, Any], leg: Any) -> None:
        """Raises LegError for a leg animd could not have sent, and then keeps nothing of the event."""
        parsed = leg_from_json(leg) if leg is not None else None
        self.snapshots[snapshot["name"]] = snapshot
        self.legs[snapshot["name"]] = parsed

    def take(self, event: Event) -> Optional[str]:
        """Takes one event; returns the transition it was about, else None. A malformed leg raises LegError."""
        params = event.params
        name = params.get("name")
        if not event.method.startswith("transition.") or not isinstance(name, str):
            return None
        if event.method in ("transition.began", "transition.leg"):
            self._store(params, params.get("leg"))
        elif event.method == "transition.ended":
            self._store(params, None)
        elif event.method == "transition.removed":
            # A declared transition is gone: nothing of it is left to draw.
            self.snapshots.pop(name, None)
            self.legs.pop(name, None)
        else:
            self.snapshots[name] = params
        return name

    def progress(self, name: str, t: float) -> Optional[float]:
        """The running leg evaluated at t, or the last frame's progress while driven or at rest."""
        snapshot = self.snapshots.get(name)
        if snapshot is None:
            return None
        leg = self.legs.get(name)
        value = leg.progress(t) if leg is not None else None
        return snapshot["progress"] if value is None else value

    def velocity(self, name: str, t: float) -> Optional[float]:
        snapshot = self.snapshots.get(name)
        if snapshot is None:
            return None
        leg = self.legs.get(name)
        value = leg.velocity(t) if leg is not None else None
        return snapshot["velocity"] if value is None else value

    def animating(self, t: float) -> bool:
        """Whether some leg is still running at t, so that the client should keep drawing."""
        return any(leg is not None and leg.end_time is not None and t < leg.end_time for leg in self.legs.values())
