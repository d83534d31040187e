#!/usr/bin/env python3
"""What a reload, an update and a declare and retract pair cost beside 63 declarations of 16 bindings (issue 48).

Starts the given animd on a socket of its own (no display), declares 63 transitions of 16 pan bindings each from
eight connections (the default limits: 64 in all, 8 a connection), and prints the best of five round trips of each
request, in ms, with `daemon.reload` first measured with nothing declared.

    scripts/declaration-costs.py .build/release/animd
"""

import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))
import animd  # noqa: E402

PAN = {"gesture": "pan", "direction": "down", "increases": "up", "region": {"edge": "bottom", "depth": 64}, "distance": 64}


def best(connection, method, params=None, rounds=5):
    """The fastest of `rounds` round trips of one request, in ms."""
    fastest = float("inf")
    for _ in range(rounds):
        start = time.monotonic()
        connection.call(method, params)
        fastest = min(fastest, time.monotonic() - start)
    return fastest * 1000


def main() -> int:
    folder = tempfile.mkdtemp(prefix="animd-costs-")
    socket_path = os.path.join(folder, "animd.sock")
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    daemon = subprocess.Popen([sys.argv[1], "--socket", socket_path], env=environment, stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(socket_path):
            time.sleep(0.05)
        asker = animd.connect(socket_path)
        print("reload, nothing declared: %.1f ms" % best(asker, "daemon.reload"))
        holders = []
        for holder in range(8):
            connection = animd.connect(socket_path)
            connection.call("daemon.hello", {"client": "holder-%d" % holder})
            holders.append(connection)
            for index in range(7 if holder == 7 else 8):
                name = "held-%d-%d" % (holder, index)
                bindings = {"%s-pan-%d" % (name, j): PAN for j in range(16)}
                connection.call("transition.declare", {"name": name, "transition": {"snap-points": [0, 1]}, "bindings": bindings})
        print("reload, 63 declared: %.1f ms" % best(asker, "daemon.reload"))
        storm = {"name": "storm", "transition": {"snap-points": [0, 1]}, "bindings": {"storm-pan": PAN}}
        pairs = float("inf")
        for _ in range(5):
            start = time.monotonic()
            asker.call("transition.declare", storm)
            asker.call("transition.retract", {"name": "storm"})
            pairs = min(pairs, time.monotonic() - start)
        print("declare + retract, 63 declared: %.1f ms" % (pairs * 1000))
        asker.call("transition.declare", storm)
        update = {"name": "storm", "transition": {"timing": "spring(damping-ratio=1, response=0.2)"}}
        print("update, 63 declared: %.1f ms" % best(asker, "transition.update", update))
        return 0
    finally:
        daemon.terminate()
        daemon.wait()


if __name__ == "__main__":
    sys.exit(main())
