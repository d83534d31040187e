#!/usr/bin/env python3
"""Declare/exit cycles against a live animd, timed (issue 48).

Each cycle starts `animctl declare` on a file that declares one transition, waits until `transition.list` shows
it, then ends that animctl (SIGKILL and SIGTERM in turn) and starts the next at once, under the same name, as a
panel that restarts does. Each time from the start of `animctl declare` to the transition's appearance is
recorded; a cycle whose declaration does not appear within --limit seconds is a failure, printed with what
animctl said and how it ended.

    scripts/declare-cycles.py --animd .build/debug/animd --animctl .build/debug/animctl --runs 20 --cycles 300

With --overlap the next animctl starts as soon as the last one is sent its signal, before it has ended: the
old declaration may then still be there, and the new one is refused as declared already (animctl ends with
status 1 and says so). That is the race of a test that does not wait.

The load the issue asks for (a build on the other core) is the caller's to start: --load runs a shell command
beside the cycles and stops it at the end.
"""

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))
import animd  # noqa: E402

DECLARATION = """\
[transitions.cycle]
snap-points = [0, 1]
timing = "spring(damping-ratio=1, response=0.3)"

[bindings.cycle-open]
gesture = "edge-pan"
edge = "left"
distance = 200
"""


def listed(probe: "animd.Connection", pid: int) -> bool:
    """Whether `transition.list` shows "cycle" declared by the animctl of `pid` (not by the one before it)."""
    answer = probe.call("transition.list")
    return any(t.get("name") == "cycle" and (t.get("owner") or {}).get("pid") == pid for t in answer["transitions"])


def wait_until(condition, limit: float) -> float:
    """Seconds until `condition()` held, polled every 2 ms; -1 past `limit`."""
    start = time.monotonic()
    while time.monotonic() - start < limit:
        if condition():
            return time.monotonic() - start
        time.sleep(0.002)
    return -1.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--animd", required=True)
    parser.add_argument("--animctl", required=True)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--cycles", type=int, default=300)
    parser.add_argument("--limit", type=float, default=3.0, help="seconds a declaration may take to be listed")
    parser.add_argument("--load", help="a shell command run beside the cycles, stopped at the end")
    parser.add_argument("--display", help="an X display for animd's X backend (default: none, the backend waits)")
    parser.add_argument("--overlap", action="store_true",
                        help="start the next animctl as soon as the signal is sent, not once the last one has ended")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="animd-cycles-")
    socket_path = os.path.join(workdir, "animd.sock")
    declaration = os.path.join(workdir, "cycle.toml")
    with open(declaration, "w") as f:
        f.write(DECLARATION)
    environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    environment["XDG_RUNTIME_DIR"] = workdir
    if args.display:
        environment["DISPLAY"] = args.display
    load = subprocess.Popen(args.load, shell=True, start_new_session=True) if args.load else None

    times, failures = [], []
    try:
        for run in range(args.runs):
            daemon = subprocess.Popen([args.animd, "--socket", socket_path], env=environment,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if wait_until(lambda: os.path.exists(socket_path), 30) < 0:
                raise RuntimeError("animd did not listen within 30 s")
            probe = animd.connect(socket_path)
            ending = []
            for cycle in range(args.cycles):
                start = time.monotonic()
                holder = subprocess.Popen([args.animctl, "declare", "--socket", socket_path, declaration], env=environment,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
                waited = wait_until(lambda: listed(probe, holder.pid) or holder.poll() is not None, args.limit)
                if waited >= 0 and holder.poll() is None:
                    times.append(time.monotonic() - start)
                else:
                    holder.kill()
                    _, said = holder.communicate()
                    failures.append((run, cycle, holder.returncode, said.decode(errors="replace").strip()))
                    print(f"run {run} cycle {cycle}: not listed within {args.limit} s; animctl ended {holder.returncode}: "
                          f"{said.decode(errors='replace').strip()}", flush=True)
                    continue
                holder.send_signal(signal.SIGKILL if cycle % 2 else signal.SIGTERM)
                if args.overlap:
                    ending.append(holder)
                else:
                    holder.communicate()
            for holder in ending:
                holder.wait()
            probe.close()
            daemon.terminate()
            daemon.wait(timeout=30)
            print(f"run {run + 1}/{args.runs}: {len(times)} cycles listed, {len(failures)} failed", flush=True)
    finally:
        if load:
            os.killpg(load.pid, signal.SIGTERM)
            load.wait()

    ms = sorted(t * 1000 for t in times)
    if ms:
        print(f"declare → listed, {len(ms)} cycles: median {statistics.median(ms):.1f} ms, "
              f"p99 {ms[int(len(ms) * 0.99) - 1]:.1f} ms, worst {ms[-1]:.1f} ms")
    print(f"failures: {len(failures)}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
