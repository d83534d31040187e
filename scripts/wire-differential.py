#!/usr/bin/env python3
"""The wire, byte for byte: a fixed conversation with animd, recorded from one build and compared with another.

    scripts/wire-differential.py record ANIMD > FILE     # what ANIMD says, normalised
    scripts/wire-differential.py check ANIMD FILE        # exit 1, listing each line that differs

Issue 17 rewrote every encoder of the wire. Tests/Fixtures/wire-golden.jsonl was recorded with the daemon
from before it (348cb35, built in a git worktree); `WireGoldenTests` checks each new build against it, so any
byte the encoders change shows up as a listed line.

The conversation (`CONVERSATION`) covers transition.list, get, begin, scrub, reverse, stop, resume, finish,
toggle, animate, continue and release, subscribe, unsubscribe and input.inject: their answers, errors for
malformed, unknown and hostile requests (1e308, -0, 5e-324, wrong types, unknown keys), began and ended, the
frames of client-driven legs, gestures and input events. Left out: transition.pause (no request of it), and
daemon.* (hello carries the version and the uptime; config and environment did not exist in the recorded
build). What depends on the clock is normalised, and only that:
- `time` and `startTime` values become 0;
- frames of running legs (phase "animating") are dropped: their count and values follow the clock, and so
  does the `seq` of an `ended` after them, which becomes 0.
The conversation keeps to what the recorded build could do (no touchpad holds, no spring began: it reported
1.8e-15 for a spring's first velocity, which issue 19 made exactly 0).
And these differences are justified and removed before comparing, each by a later issue's extension:
- the `leg` member of snapshots and the `transition.leg` event (issue 18, analytic legs) are cut out;
- the key order inside `input.event`'s `event` (issue 17 writes t, kind, the kind's fields, x, y; before,
  keys were sorted by name): events are compared with their members sorted;
- the methods `daemon.config` and `daemon.environment` (issue 19), `daemon.motion` (issue 30) and
  `transition.declare`, `update` and `retract` (issue 29) are cut from the list of methods that an unknown
  method's error carries, and the event groups `motion` (issue 30),
  `focus` (issue 31) and `device` (issue 45) from the groups an unknown group's error lists;
- the default config's `overview` (issue 45): its snapshot in lists and subscriptions, its name in an unknown
  transition's error, and the `failed` of its three-finger pinch beside the pager's swipe are cut out;
- a line that is an array is a batch (issue 29): before, it got one error for the whole line; now each member that
  is not a request gets its own, in one array. An answer array whose members are all one error is compared as that
  one error.
Normalising works on the text, never by re-serialising, so that the bytes of every number stay the encoder's.
"""

import json
import os
import re
import select
import socket
import subprocess
import sys
import tempfile
import time

# (connection, request): connection "a" subscribed to everything first; "b" drives.
CONVERSATION = [
    ("a", {"method": "subscribe", "params": {"events": ["progress", "state", "gesture", "input-events"]}}),
    ("b", {"method": "transition.list"}),
    ("b", {"method": "transition.get", "params": {"name": "sidebar"}}),
    ("b", {"method": "transition.get", "params": {"name": "dock"}}),
    ("b", {"method": "transition.begin", "params": {"name": "panel", "to": 1}}),
    ("b", {"method": "transition.scrub", "params": {"name": "panel", "fraction": 0.25}}),
    ("b", {"method": "transition.scrub", "params": {"name": "panel", "fraction": -0.0}}),
    ("b", {"method": "transition.scrub", "params": {"name": "panel", "fraction": 5e-324}}),
    ("b", {"method": "transition.scrub", "params": {"name": "panel", "fraction": 1e308}}),
    ("b", {"method": "transition.get", "params": {"name": "panel"}}),
    ("b", {"method": "transition.reverse", "params": {"name": "panel"}}),
    ("b", {"method": "transition.stop", "params": {"name": "panel"}}),
    ("b", {"method": "transition.resume", "params": {"name": "panel"}}),
    ("b", {"method": "transition.finish", "params": {"name": "panel", "at": "end"}}),
    ("b", {"method": "transition.get", "params": {"name": "panel"}}),
    ("b", {"method": "transition.begin", "params": {"name": "pager", "to": 2}}),
    ("b", {"method": "transition.scrub", "params": {"name": "pager", "fraction": 0.5}}),
    ("b", {"method": "transition.stop", "params": {"name": "pager", "withoutFinishing": True}}),
    ("b", {"method": "transition.toggle", "params": {"name": "pager"}}),
    ("b", {"method": "transition.animate", "params": {"name": "launcher", "to": 7}}),
    ("b", {"method": "transition.animate", "params": {"name": "launcher", "to": 1, "timing": "spring(bounce=2)"}}),
    ("b", {"method": "transition.animate", "params": {"name": "launcher", "to": 1, "duration": -0.0}}),
    ("b", {"method": "transition.animate", "params": {"name": "launcher", "to": 1, "velocity": 1e308}}),
    ("b", {"method": "transition.continue", "params": {"name": "launcher", "durationFactor": 2}}),
    ("b", {"method": "transition.release", "params": {"name": "sidebar", "velocity": "fast"}}),
    ("b", {"method": "transition.toggle", "params": {"name": "sidebar", "extra": 1}}),
    ("b", {"method": "transition.toggle", "params": {}}),
    ("b", {"method": "transition.fly", "params": {"name": "sidebar"}}),
    ("b", {"method": "subscribe", "params": {"events": ["everything"]}}),
    ("b", {"method": "subscribe", "params": {"maxRate": 0}}),
    ("b", {"method": "unsubscribe", "params": {"subscription": 99}}),
    ("b", {"method": "input.inject", "params": {"events": [{"t": 0, "kind": "touch-down", "x": 1, "y": 1}]}}),
    ("b", {"method": "input.inject", "params": {"events": [
        {"t": 0, "kind": "touch-down", "id": 7, "x": 900, "y": 900},
        {"t": 0.05, "kind": "touch-up", "id": 7, "x": 900, "y": 900},
        {"t": 0.1, "kind": "swipe-begin", "fingers": 3, "x": 960, "y": 540},
        {"t": 0.12, "kind": "swipe-update", "fingers": 3, "dx": -40.5, "dy": 0.25, "x": 960, "y": 540},
        {"t": 0.4, "kind": "swipe-end", "fingers": 3, "cancelled": True, "x": 960, "y": 540},
        {"t": 0.5, "kind": "pointer-move", "x": 5, "y": 6},
    ]}}),
    ("b", {"method": "transition.animate", "params": {"name": "notifications", "to": 1, "timing": "ease-out", "duration": 0.2}}),
    ("b", {"wait": ['"method":"transition.ended","params":{"name":"notifications"']}),
    ("b", {"wait": ['"method":"transition.ended","params":{"name":"pager"', '"position":"start"']}),
    ("b", {"raw": "{\"jsonrpc\":\"2.0\",\"id\":900,\"method\":"}),
    ("b", {"raw": "[1,2,3]"}),
    ("b", {"raw": "{\"jsonrpc\":\"1.0\",\"id\":901,\"method\":\"transition.list\"}"}),
    ("b", {"raw": "{\"jsonrpc\":\"2.0\",\"id\":{\"x\":1},\"method\":\"transition.list\"}"}),
]


class Stream:
    """One connection's lines, in the order they arrive."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buffer = b""
        self.lines = []

    def send(self, line):
        self.lines.append("→ " + line)
        self.sock.sendall(line.encode() + b"\n")

    def read_until(self, done, timeout=10.0):
        """Reads lines until `done(line)` holds for one (then True), or `timeout` seconds pass (then False)."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                self.lines.append(line.decode())
                if done(self.lines[-1]):
                    return True
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([self.sock], [], [], wait)[0]:
                return False
            chunk = self.sock.recv(65536)
            if not chunk:
                return False
            self.buffer += chunk


def is_response(line):
    return '"id":' in line and '"method":' not in line


def converse(animd):
    with tempfile.TemporaryDirectory() as folder:
        path = folder + "/animd.sock"
        env = {key: value for key, value in os.environ.items()
               if key not in ("DISPLAY", "WAYLAND_DISPLAY", "ANIMD_SOCKET", "NOTIFY_SOCKET", "XDG_SESSION_TYPE")}
        env["XDG_CONFIG_HOME"] = folder
        # X11 input (absent here: no DISPLAY), so that no build reads this machine's devices; builds from before
        # the libinput backend have no such option and only X11.
        helped = subprocess.run([animd, "--help"], capture_output=True, text=True).stdout
        backend = ["--input-backend", "x11"] if "--input-backend" in helped else []
        daemon = subprocess.Popen([animd, "--socket", path] + backend, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(400):
                if os.path.exists(path):
                    break
                time.sleep(0.025)
            streams = {name: Stream(path) for name in "ab"}
            for number, (name, step) in enumerate(CONVERSATION, start=1):
                stream = streams[name]
                if "wait" in step:
                    if not streams["a"].read_until(lambda line: all(part in line for part in step["wait"])):
                        raise SystemExit(f"no {step['wait']} arrived")
                    continue
                stream.send(step["raw"] if "raw" in step else json.dumps(dict({"jsonrpc": "2.0", "id": number}, **step),
                                                                         separators=(",", ":")))
                # Each request's answer before the next request (b is subscribed to nothing: it gets only answers).
                if not stream.read_until(is_response):
                    raise SystemExit(f"no answer to step {number}")
            # Anything else a was sent (there should be nothing: everything has come to rest).
            streams["a"].read_until(lambda line: False, timeout=0.3)
            return [f"{name} {line}" for name in "ab" for line in streams[name].lines]
        finally:
            daemon.terminate()
            daemon.wait(timeout=10)


TIME = re.compile(r'"(time|startTime)":-?[0-9.eE+-]+')
# A leg object and an input event are flat: no object inside them, and no brace or comma inside their strings.
SEQ = re.compile(r'"seq":[0-9]+')
LEG = re.compile(r',"leg":\{[^{}]*\}')
# The default overview's snapshot (issue 45): a flat object, once its leg is cut out.
OVERVIEW = re.compile(r',\{"name":"overview","[^{}]*\}')
EVENT = re.compile(r'"event":\{([^{}]*)\}')


def one_of_a_batch(text):
    """An answer array of n copies of one object, as that object's text; any other text as it is."""
    count = text.count('{"jsonrpc"')
    if not (text.startswith("[{") and text.endswith("}]")) or count < 1:
        return text
    inner = text[1:-1]
    length = (len(inner) - (count - 1)) // count
    first = inner[:length]
    return first if ",".join([first] * count) == inner else text


def normalise(line):
    """The line with its clock masked and the justified differences removed, as text (never re-serialised, so
    that the bytes of every number stay the encoder's); None for a frame of a running leg."""
    side, text = line.split(" ", 1)
    if text.startswith("→ "):
        return line
    if '"method":"transition.progress"' in text and '"phase":"animating"' in text:
        return None
    if '"method":"transition.leg"' in text:
        return None
    if '"method":"gesture.changed"' in text and '"name":"overview-pinch"' in text:
        return None
    if '"method":"transition.ended"' in text:
        text = SEQ.sub('"seq":0', text)
    text = TIME.sub(lambda m: f'"{m.group(1)}":0', text)
    text = LEG.sub("", text)
    text = OVERVIEW.sub("", text).replace(',"overview"]', "]")
    text = text.replace('"daemon.config","daemon.environment",', "").replace('"daemon.motion",', "")
    text = text.replace('"transition.declare","transition.update","transition.retract",', "")
    text = text.replace("input-events, motion, focus, device)", "input-events)")
    text = one_of_a_batch(text)
    if '"method":"input.event"' in text:
        text = EVENT.sub(lambda m: '"event":{' + ",".join(sorted(m.group(1).split(","))) + "}", text)
    return f"{side} {text}"


def record(animd):
    return [n for n in (normalise(line) for line in converse(animd)) if n is not None]


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "record":
        sys.stdout.write("".join(line + "\n" for line in record(sys.argv[2])))
        return
    if len(sys.argv) == 4 and sys.argv[1] == "check":
        expected = open(sys.argv[3]).read().splitlines()
        actual = record(sys.argv[2])
        if actual == expected:
            print(f"wire-differential: {len(actual)} lines, byte for byte the same")
            return
        import difflib
        sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(expected, actual, "golden", "this build", lineterm="", n=1))
        sys.exit(1)
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
