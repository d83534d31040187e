#!/usr/bin/env python3
"""Generates the gesture trace fixtures in Tests/GesturesTests/Traces.

Every fixture is a JSONL file of input events (PROTOCOL.md "Input events").
The paths are synthetic but shaped like real fingers:

- minimum-jerk paths, x(τ) = x0 + (x1 − x0)(10τ³ − 15τ⁴ + 6τ⁵), the
  standard model of a human point-to-point movement (Flash & Hogan 1985);
- flicks with an analytic velocity (constant, accelerating, decelerating), so
  the true release velocity is known exactly;
- sampled at 120 Hz with ±0.5 ms jitter on the true sample time, timestamps
  rounded to whole milliseconds as X reports them, and Gaussian position
  noise of σ = 0.3 px.

The first line of each file is a comment that says what the trace is and,
for flicks, its true release velocity. The seed is fixed, so running this
again reproduces the files byte for byte:

    python3 scripts/generate-traces.py
"""
import json
import math
import os
import random

OUT = os.path.join(os.path.dirname(__file__), "..", "Tests", "GesturesTests", "Traces")
RATE = 120.0
rng = random.Random(20261122)


def min_jerk(p0, p1, duration):
    def at(t):
        tau = min(max(t / duration, 0.0), 1.0)
        s = 10 * tau**3 - 15 * tau**4 + 6 * tau**5
        return (p0[0] + (p1[0] - p0[0]) * s, p0[1] + (p1[1] - p0[1]) * s)
    return at


def sample_times(duration, start=0.0):
    """True sample times at 120 Hz with jitter; returns (true time, reported ms time)."""
    times = []
    n = int(round(duration * RATE))
    for i in range(n + 1):
        true_t = start + min(max(i / RATE + rng.uniform(-0.0005, 0.0005), 0.0), duration)
        times.append((true_t, round(true_t * 1000) / 1000))
    return times


def noisy(p):
    return (round(p[0] + rng.gauss(0, 0.3), 2), round(p[1] + rng.gauss(0, 0.3), 2))


def event(t, kind, x, y, **extra):
    e = {"t": round(t, 3), "kind": kind}
    e.update(extra)
    e["x"] = x
    e["y"] = y
    return e


def touch_stroke(path, duration, touch_id=1, start=0.0, end_kind="touch-up", up_delay=0.004):
    events = []
    times = sample_times(duration)
    for i, (true_t, reported) in enumerate(times):
        x, y = noisy(path(true_t))
        kind = "touch-down" if i == 0 else "touch-move"
        events.append(event(start + reported, kind, x, y, id=touch_id))
    last = events[-1]
    events.append(event(last["t"] + up_delay, end_kind, last["x"], last["y"], id=touch_id))
    return events


def write(name, description, events):
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        f.write("# " + description + "\n")
        for e in sorted(events, key=lambda e: e["t"]):
            f.write(json.dumps(e, separators=(",", ":")) + "\n")


def flick(name, description, position, velocity, duration, start=(5.0, 500.0)):
    """A rightward flick with an analytic path; the release velocity is velocity(duration)."""
    events = []
    for i, (true_t, reported) in enumerate(sample_times(duration)):
        x, y = noisy((start[0] + position(true_t), start[1]))
        events.append(event(reported, "touch-down" if i == 0 else "touch-move", x, y, id=1))
    last = events[-1]
    events.append(event(last["t"] + 0.004, "touch-up", last["x"], last["y"], id=1))
    write(name, "%s; true release velocity %.1f px/s" % (description, velocity(duration)), events)


def main():
    write("edge-slow-drag", "slow left-edge drag: began, many changes, ended",
          touch_stroke(min_jerk((6, 540), (306, 552), 1.2), 1.2))
    write("outside-zone", "a touch that starts 300 px from the left edge and moves right: never an edge pan",
          touch_stroke(min_jerk((300, 540), (700, 540), 0.5), 0.5))
    write("left-edge-vertical", "vertical motion starting in the left-edge zone: the edge pan fails",
          touch_stroke(min_jerk((8, 300), (14, 700), 0.5), 0.5))
    first = touch_stroke(min_jerk((800, 400), (1100, 400), 0.6), 0.6, touch_id=1)
    second = touch_stroke(min_jerk((900, 420), (1200, 420), 0.6), 0.6, touch_id=2, start=0.02)
    write("two-finger-pan", "two fingers moving right together", first + second)
    write("one-finger-pan", "one finger moving right",
          touch_stroke(min_jerk((800, 400), (1100, 400), 0.6), 0.6))
    write("edge-cancel", "left-edge drag that the system cancels",
          touch_stroke(min_jerk((6, 540), (206, 540), 0.4), 0.4, end_kind="touch-cancel"))
    flick("flick-constant", "constant-velocity flick from the left edge",
          lambda t: 2000 * t, lambda t: 2000.0, 0.15)
    accel = 2500 / 0.15
    flick("flick-accelerating", "accelerating flick from the left edge (from rest to 2500 px/s)",
          lambda t: 0.5 * accel * t * t, lambda t: accel * t, 0.15)
    decel = (3500 - 1500) / 0.15
    flick("flick-decelerating", "decelerating flick from the left edge (3500 to 1500 px/s)",
          lambda t: 3500 * t - 0.5 * decel * t * t, lambda t: 3500 - decel * t, 0.15)
    # A drag at 800 px/s, then the finger rests 150 ms (a still touchscreen reports nothing).
    drag = []
    for i, (true_t, reported) in enumerate(sample_times(0.3)):
        x, y = noisy((5 + 800 * true_t, 500))
        drag.append(event(reported, "touch-down" if i == 0 else "touch-move", x, y, id=1))
    last = drag[-1]
    drag.append(event(last["t"] + 0.150, "touch-up", last["x"], last["y"], id=1))
    write("hold-then-release", "800 px/s edge drag, then 150 ms still before lifting: release velocity 0", drag)
    write("two-monitor-inner-edge", "monitors 1920x1080 at x=0 and x=1920: a drag from the shared edge is not an edge pan",
          touch_stroke(min_jerk((1925, 500), (2225, 500), 0.5), 0.5))
    write("two-monitor-outer-edge", "monitors 1920x1080 at x=0 and x=1920: a drag from the outer right edge is",
          touch_stroke(min_jerk((3834, 500), (3534, 500), 0.5), 0.5))
    pointer = [event(0.0, "button-down", 1, 540, button=1)]
    path = min_jerk((1, 540), (301, 540), 0.6)
    for true_t, reported in sample_times(0.6)[1:]:
        x, y = path(true_t)
        pointer.append(event(reported, "pointer-move", round(x, 2), round(y, 2)))
    pointer.append(event(pointer[-1]["t"] + 0.004, "button-up", pointer[-1]["x"], 540, button=1))
    write("pointer-edge-drag", "mouse press at x=1 and drag right: a pointer edge pan", pointer)
    write("edge-short-slow-drag", "short, slow left-edge drag that comes to rest at 80 px: released with no velocity",
          touch_stroke(min_jerk((6, 540), (86, 540), 0.6), 0.6, up_delay=0.060))
    # Three fingers on the same places, doing each of the three multi-finger gestures (issue 45): each finger lands
    # 15 ms after the one before, as fingers do, and the gesture is one motion of the hand about the centre.
    write("three-finger-pinch-in", "three fingers closing from 150 px to 60 px about (900, 500): scale 0.4",
          hand(3, lambda t: (150 - 90 * ease(t / 0.5), 0.0), (0.0, 0.0), 0.5))
    write("three-finger-rotate", "three fingers 120 px about (900, 500) turning 60 degrees clockwise",
          hand(3, lambda t: (120.0, 60 * ease(t / 0.5)), (0.0, 0.0), 0.5))
    write("three-finger-pan", "three fingers 120 px about (900, 500) moving 300 px right together",
          hand(3, lambda t: (120.0, 0.0), (300.0, 0.0), 0.5))
    # A pinch out whose scale grows at a constant rate in log (2.5 a second) when the fingers lift: its true
    # release velocity in ln scale per second is 2.5.
    write("two-finger-pinch-flick", "two fingers opening from 60 px at a constant 2.5 ln-scale a second; true release velocity 2.5",
          hand(2, lambda t: (60 * math.exp(2.5 * t), 0.0), (0.0, 0.0), 0.3, ease_pan=False))


def ease(tau):
    tau = min(max(tau, 0.0), 1.0)
    return 10 * tau**3 - 15 * tau**4 + 6 * tau**5


def hand(count, polar, pan, duration, ease_pan=True, centre=(900.0, 500.0), stagger=0.015):
    """`count` fingers spread evenly about `centre`; polar(t) gives their distance from it and the turn so far
    (degrees, clockwise on the screen), `pan` the centre's whole movement (eased, or linear). Each lands `stagger`
    after the one before, already where the hand is, and all lift together 4 ms after the last sample."""
    events = []
    times = sample_times(duration)
    for finger in range(count):
        start = finger * stagger
        first = True
        for true_t, reported in times:
            if true_t < start:
                continue
            radius, turn = polar(true_t)
            share = ease(true_t / duration) if ease_pan else true_t / duration
            angle = math.radians(360.0 * finger / count + turn)
            x = centre[0] + pan[0] * share + radius * math.cos(angle)
            y = centre[1] + pan[1] * share + radius * math.sin(angle)
            nx, ny = noisy((x, y))
            events.append(event(reported, "touch-down" if first else "touch-move", nx, ny, id=finger + 1))
            first = False
    end = times[-1][1] + 0.004
    for finger in range(count):
        last = [e for e in events if e["id"] == finger + 1][-1]
        events.append(event(end, "touch-up", last["x"], last["y"], id=finger + 1))
    return events


if __name__ == "__main__":
    main()
