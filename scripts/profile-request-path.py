#!/usr/bin/env python3
"""Where animd's event loop spends its time on the request path of the fan-out benchmark's one-subscriber row.

    scripts/profile-request-path.py [--animd .build/release/animd] [--requests 3000] [--allocations]

It starts the given animd on a scratch socket, puts a finger on the sidebar's edge with input.inject, subscribes one
client to the sidebar's progress, and then injects one touch move every 3 ms, as `animd-bench fanout` does. Meanwhile
`perf record` samples the event loop thread on the software clock (this machine has no hardware counters, and
valgrind cannot run animd: docs/performance.md). Each sample is charged to the innermost step of the path it falls
in, and the table gives each step's share of the loop's samples.

With --instructions it counts the instructions animd executes per request instead, under valgrind's callgrind
(on a copy stripped of debug info, which valgrind 3.19 cannot read; this machine has no hardware counter for `perf stat -e instructions:u`): two
runs, of N and of 2N requests, whose difference divided by N leaves out start-up and shutdown, with Swift's hashing
seeded alike (SWIFT_DETERMINISTIC_HASHING). Like allocations, the figure does not depend on the machine's load.

With --allocations it counts heap allocations instead: every call of libc's malloc on the loop thread (a uprobe,
`perf probe -x LIBC malloc`), charged to steps the same way. Unlike the clock's samples, these counts do not depend
on the machine's load: the same build gives the same figure.

The steps are recognised by the Swift symbols of their code, so that builds of different commits can be compared;
a sample in none of them counts as "other". Needs perf (linux-perf) and permission to trace (root, or
kernel.perf_event_paranoid <= 1; uprobes need root).
"""
import argparse
import collections
import os
import subprocess
import sys
import tempfile
import threading
import time

from daemon_driver import animd, drain, wait_for  # noqa: E402  (beside this script)

# (step, symbol fragments); the first step whose fragment a frame's symbol holds, from the innermost frame out,
# takes the sample. A fragment starting with "=" must be the whole symbol.
STEPS = [
    ("send(): the frame and the answer", ["=__send", "=send", "=__libc_send", "=write", "=__libc_write"]),
    ("read()", ["=read", "=__libc_read"]),
    ("epoll_wait()", ["=epoll_wait"]),
    ("JSON parsing and line framing", ["JSONParser", "JSONTape", "JSONElement", "8Envelope", "IncomingRequest", "IncomingMessage",
                                       "LineFramer"]),
    ("the typed request, its parameters", ["12AnimProtocol7Request", "RequestParams", "Params", "InputEventV6fields", "CheckedFields",
                                           "InputEventWire"]),
    ("the engine: arena, recognizers, transitions", ["11Transitions6Engine", "8Gestures", "11Transitions17TransitionRuntime"]),
    ("encoding events and answers", ["OutgoingEvent", "OutgoingLine", "JSONWriter", "EventLine", "Snapshot", "Float64ToASCII",
                                     "RPCLine", "5ReplyV", "6AnswerO", "writeInteger", "writeNumber"]),
    ("the registry and delivery", ["SubscriberRegistry", "DeliveryQueue", "ClientWriter", "ClientConnection"]),
    ("router, handler and core", ["RequestRouter", "ClientHandler", "AnimDaemon0B4Core"]),
    ("NIO's own read path and loop", ["NIOPosix", "NIOCore"]),
]


def loop_thread(pid):
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/comm") as comm:
            if comm.read().startswith("NIO-SGLTN"):
                return int(task)
    sys.exit("animd's event loop thread (NIO-SGLTN…) was not found")


def libc_of(pid):
    with open(f"/proc/{pid}/maps") as maps:
        for line in maps:
            if line.rstrip().endswith("/libc.so.6"):
                return line.split()[-1]
    sys.exit("animd maps no libc.so.6")


def add_malloc_probe(pid):
    """Adds a uprobe on malloc of the libc animd uses, unless there is one; whether it added it."""
    listed = subprocess.run(["perf", "probe", "-l"], capture_output=True, text=True).stdout
    if "probe_libc:malloc" in listed:
        return False
    added = subprocess.run(["perf", "probe", "-q", "-x", libc_of(pid), "--add", "malloc"], capture_output=True, text=True)
    if added.returncode != 0:
        sys.exit(f"perf probe could not add a uprobe on malloc: {added.stderr.strip()}")
    return True


# Frames that belong to whoever called them: a ByteBuffer written by animd's encoder is encoding, one filled by NIO's
# read is NIO's.
NEUTRAL = ["7NIOCore10ByteBufferV"]


def charge(stack, counts):
    for symbol in stack:
        if any(fragment in symbol for fragment in NEUTRAL):
            continue
        for step, fragments in STEPS:
            for fragment in fragments:
                if (symbol == fragment[1:]) if fragment.startswith("=") else (fragment in symbol):
                    counts[step] += 1
                    return
    counts["other"] += 1


def start(binary, wrapper=()):
    """animd on a scratch socket with no display and the embedded config; the process, the socket and the folder."""
    folder = tempfile.mkdtemp(prefix="animd-profile-")
    path = os.path.join(folder, "s.sock")
    # Swift seeds its hashing afresh in each process, and a string switch or a dictionary then probes more or fewer
    # times: a few hundred instructions a request, from run to run. One seed makes builds comparable.
    environment = dict(os.environ, XDG_CONFIG_HOME=folder, SWIFT_DETERMINISTIC_HASHING="1")
    environment.pop("DISPLAY", None)
    environment.pop("WAYLAND_DISPLAY", None)
    daemon = subprocess.Popen([*wrapper, binary, "--socket", path], env=environment, stderr=subprocess.DEVNULL)
    return daemon, path, folder


def drive(path, daemon, requests, before_moves=lambda: None):
    """A finger on the sidebar's edge, one subscriber to its progress, then `requests` touch moves, one every 3 ms."""
    driver = wait_for(path, daemon)
    driver.call("input.inject", {"events": [{"t": 0, "kind": "touch-down", "id": 1, "x": 3, "y": 500},
                                            {"t": 0.001, "kind": "touch-move", "id": 1, "x": 20, "y": 500}]})
    subscriber = animd.connect(path)
    subscriber.subscribe(transitions=["sidebar"], events=["progress"])
    threading.Thread(target=drain, args=(subscriber,), daemon=True).start()
    before_moves()
    for frame in range(requests):
        driver.call("input.inject", {"events": [{"t": 0.002 + frame * 0.001, "kind": "touch-move", "id": 1,
                                                 "x": 21 + frame % 300, "y": 500}]})
        time.sleep(0.003)


def callgrind_total(binary, requests):
    """Instructions animd executed, start to exit, driven with `requests` moves."""
    out = tempfile.mktemp(prefix="animd-callgrind-")
    daemon, path, _ = start(binary, ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out])
    try:
        drive(path, daemon, requests)
    finally:
        daemon.terminate()
        daemon.wait()
    with open(out) as f:
        for line in f:
            if line.startswith("summary:") or line.startswith("totals:"):
                return int(line.split()[1])
    sys.exit(f"callgrind wrote no total to {out}")


def count_instructions(binary, requests):
    # Valgrind 3.19 cannot read the DWARF 5 that Swift's compiler writes, and gives up; the count needs no debug info.
    stripped = os.path.join(tempfile.mkdtemp(prefix="animd-callgrind-"), "animd")
    subprocess.run(["strip", "--strip-debug", "-o", stripped, binary], check=True)
    one, two = callgrind_total(stripped, requests), callgrind_total(stripped, 2 * requests)
    print(f"{binary}: {requests} and {2 * requests} injected moves, one subscriber, under callgrind: {one} and {two} "
          f"instructions; {(two - one) / requests:.0f} per request")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--animd", default=".build/release/animd")
    parser.add_argument("--requests", type=int, default=3000)
    parser.add_argument("--allocations", action="store_true", help="count malloc calls instead of sampling the clock")
    parser.add_argument("--instructions", action="store_true", help="count instructions per request under callgrind")
    arguments = parser.parse_args()
    if not 1 <= arguments.requests <= 1_000_000:
        sys.exit("--requests: between 1 and 1000000")
    if arguments.instructions:
        return count_instructions(arguments.animd, arguments.requests)
    daemon, path, folder = start(arguments.animd)
    data = os.path.join(folder, "perf.data")
    added_probe = False
    recording = []

    def record():
        nonlocal added_probe
        if arguments.allocations:
            added_probe = add_malloc_probe(daemon.pid)
        event = ["-e", "probe_libc:malloc"] if arguments.allocations else ["-e", "cpu-clock", "-c", "100000"]
        recording.append(subprocess.Popen(["perf", "record", "-q", *event, "-g", "-t", str(loop_thread(daemon.pid)), "-o", data],
                                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        time.sleep(0.5)

    try:
        drive(path, daemon, arguments.requests, record)
        perf = recording[0]
        perf.send_signal(2)
        perf.wait()
        script = subprocess.run(["perf", "script", "-i", data, "-F", "ip,sym"], capture_output=True, text=True, check=True).stdout
    finally:
        daemon.terminate()
        daemon.wait()
        if added_probe:
            subprocess.run(["perf", "probe", "-q", "-d", "probe_libc:malloc"], capture_output=True)
    print(f"perf's record, for `perf report -i`: {data}")
    counts = collections.Counter()
    for block in script.split("\n\n"):
        stack = [line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else "" for line in block.strip().splitlines()]
        if stack:
            charge(stack, counts)
    total = sum(counts.values())
    if total == 0:
        sys.exit("perf recorded no samples (is perf allowed to trace here?)")
    if arguments.allocations:
        print(f"{arguments.animd}: {arguments.requests} injected moves, one subscriber; {total} heap allocations on the event "
              f"loop thread, {total / arguments.requests:.2f} per request")
        for step, count in counts.most_common():
            print(f"  {step:45s} {count / arguments.requests:6.2f}")
        return
    print(f"{arguments.animd}: {arguments.requests} injected moves, one subscriber; {total} samples of the event loop thread "
          f"(one per 100 µs on the CPU: about {total / arguments.requests * 100:.0f} µs of CPU per request)")
    for step, count in counts.most_common():
        print(f"  {step:45s} {count:6d}  {100 * count / total:5.1f} %")


if __name__ == "__main__":
    main()
