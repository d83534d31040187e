#!/usr/bin/env python3
"""Reference values for analytic legs, from MOTION.md's formulas alone.

Writes Tests/Fixtures/leg-vectors.json: leg objects as animd sends them
(docs/protocol.md, "The leg object") and, for each, the progress and velocity
at frame times. The three evaluators (Swift's AnimClient, C's animd-leg.h and
Python's animd package) are tested against it; none of them, nor the daemon,
computes these values.

It deliberately solves things another way than the evaluators do:
- a cubic Bézier's y(x) by 200 bisection steps on the curve parameter (exact
  to the last bit), not Newton–Raphson;
- a spring from the roots of m·r² + c·r + k = 0 in complex arithmetic, one
  formula for under- and over-damping (the critically damped form only within
  1e-6 of ζ = 1, where the roots merge);
- a settling time by scanning |x| on a fine grid and bisecting the last
  crossing of 0.001.

    python3 scripts/leg-vectors.py            # rewrite the fixture
    python3 scripts/leg-vectors.py --check    # exit 1 if the fixture is not what this script writes
"""

import cmath
import json
import math
import sys
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent.parent / "Tests" / "Fixtures" / "leg-vectors.json"
FRAME = 1 / 144


# ---- cubic Bézier ----

def bezier(points):
    x1, y1, x2, y2 = points

    def coordinate(p1, p2, s):
        return 3 * (1 - s) ** 2 * s * p1 + 3 * (1 - s) * s ** 2 * p2 + s ** 3

    def derivative(p1, p2, s):
        return 3 * (1 - s) ** 2 * p1 + 6 * (1 - s) * s * (p2 - p1) + 3 * s ** 2 * (1 - p2)

    def parameter(x):
        low, high = 0.0, 1.0
        for _ in range(200):
            mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x:
                low = mid
            else:
                high = mid
        return (low + high) / 2

    def y(x):
        if x <= 0:
            return 0.0 if x == 0 else None
        if x >= 1:
            return 1.0 if x == 1 else None
        return coordinate(y1, y2, parameter(x))

    def slope(x):
        s = parameter(min(max(x, 0.0), 1.0))
        return derivative(y1, y2, s) / derivative(x1, x2, s)

    return y, slope


def cubic_samples(leg, times):
    y, slope = bezier(leg["controlPoints"])
    out = []
    for t in times:
        share = 1.0 if leg["duration"] == 0 else min(max(t - leg["startTime"], 0.0) / leg["duration"], 1.0)
        x = leg["startX"] + (leg["endX"] - leg["startX"]) * share
        progress = leg["from"] + (leg["to"] - leg["from"]) * y(x)
        running = leg["duration"] > 0 and t < leg["startTime"] + leg["duration"]
        velocity = (leg["to"] - leg["from"]) * slope(x) * (leg["endX"] - leg["startX"]) / leg["duration"] if running else 0.0
        out.append([t, progress, velocity])
    return out


# ---- springs ----

def spring_solution(m, k, c, v0):
    """x(τ) and x′(τ) with x(0) = 1, x′(0) = −v0."""
    zeta = c / (2 * math.sqrt(k * m))
    omega0 = math.sqrt(k / m)
    if abs(zeta - 1) < 1e-6:
        b = omega0 - v0
        return (lambda t: (1 + b * t) * math.exp(-omega0 * t),
                lambda t: (b - omega0 * (1 + b * t)) * math.exp(-omega0 * t))
    disc = cmath.sqrt(c * c - 4 * m * k)
    r1, r2 = (-c + disc) / (2 * m), (-c - disc) / (2 * m)
    # x = A·e^(r1 t) + B·e^(r2 t); A + B = 1, r1·A + r2·B = −v0.
    a = (-v0 - r2) / (r1 - r2)
    b = 1 - a
    return (lambda t: (a * cmath.exp(r1 * t) + b * cmath.exp(r2 * t)).real,
            lambda t: (a * r1 * cmath.exp(r1 * t) + b * r2 * cmath.exp(r2 * t)).real)


def settling_time(m, k, c, v0, epsilon=1e-3):
    x, _ = spring_solution(m, k, c, v0)
    step = 1e-4
    horizon = 60.0
    last = None
    t = 0.0
    while t < horizon:
        if abs(x(t)) >= epsilon:
            last = t
        t += step
    if last is None:
        return 0.0
    low, high = last, last + step
    for _ in range(100):
        mid = (low + high) / 2
        if abs(x(mid)) >= epsilon:
            low = mid
        else:
            high = mid
    return low


def spring_samples(leg, times):
    x, dx = spring_solution(leg["mass"], leg["stiffness"], leg["damping"], leg["velocity"])
    out = []
    for t in times:
        tau = leg["elapsed"] + max(t - leg["startTime"], 0.0)
        if tau >= leg["settlingTime"]:
            out.append([t, leg["to"], 0.0])
        else:
            out.append([t, leg["to"] - (leg["to"] - leg["from"]) * x(tau), -(leg["to"] - leg["from"]) * dx(tau)])
    return out


# ---- the cases ----

def perceptual(zeta, response):
    """MOTION.md §1: m = 1, k = (2π/r)², c = 4πζ/r."""
    return 1.0, (2 * math.pi / response) ** 2, 4 * math.pi * zeta / response


def duration_bounce(duration, bounce):
    """MOTION.md §1: ζ = 1 − b for b ≥ 0, 1/(1 + b) for b < 0; response = d."""
    return perceptual(1 - bounce if bounce >= 0 else 1 / (1 + bounce), duration)


def spring_leg(mkc, velocity, start, end, start_time, elapsed=0.0):
    m, k, c = mkc
    return {"kind": "spring", "mass": m, "stiffness": k, "damping": c, "velocity": velocity, "from": start, "to": end,
            "startTime": start_time, "elapsed": elapsed, "settlingTime": settling_time(m, k, c, velocity)}


def cubic_leg(points, start, end, start_time, start_x, end_x, duration):
    return {"kind": "cubic", "controlPoints": list(points), "from": start, "to": end, "startTime": start_time,
            "startX": start_x, "endX": end_x, "duration": duration}


EASE = (0.25, 0.1, 0.25, 1)
EASE_OUT = (0, 0, 0.58, 1)
EASE_IN_OUT = (0.42, 0, 0.58, 1)

CASES = [
    ("spring, physical form, under-damped, with velocity", spring_leg((2.0, 300.0, 20.0), 1.5, 0, 1, 1000.25)),
    ("spring, damping-ratio and response (the default sidebar)", spring_leg(perceptual(0.9, 0.35), 0, 0.2, 1, 4870.5)),
    ("spring, duration and bounce, closing with velocity", spring_leg(duration_bounce(0.5, 0.3), -2, 1, 0, 52.0)),
    ("spring, critically damped, with velocity", spring_leg(perceptual(1.0, 0.4), 4, 0.3, 1, 77.125)),
    ("spring, over-damped (bounce -0.5), down one snap", spring_leg(duration_bounce(0.6, -0.5), 3, 2, 1, 300.0)),
    ("spring, resumed after a pause (elapsed)", spring_leg(perceptual(0.5, 0.4), 0.8, 0, 1, 12.5, elapsed=0.12)),
    ("spring, released beyond the end (rubber-banded)", spring_leg(perceptual(0.9, 0.35), -1.2, 1.3, 1, 9.0)),
    ("cubic, ease-in-out, a whole leg", cubic_leg(EASE_IN_OUT, 0, 1, 100.0, 0, 1, 0.35)),
    ("cubic, continued with durationFactor 2", cubic_leg(EASE_IN_OUT, 0, 1, 100.5, 0.4, 1, 0.7)),
    ("cubic, reversed mid-flight: retraces to x = 0", cubic_leg(EASE, 0, 1, 20.0, 0.75, 0, 0.2625)),
    ("cubic, continued with a new curve from where it showed the same progress", cubic_leg(EASE_OUT, 0, 1, 3.0, 0.3, 1, 0.245)),
    ("cubic, rubber-banded start outside [0, 1], completion speed 1.5", cubic_leg(EASE_OUT, 1.35, 1, 40.0, 0, 1, 0.35 * 0.35 / 1.5)),
    ("cubic, overshooting control points, over two snaps", cubic_leg((0.34, 1.56, 0.64, 1), 0, 2, 5.0, 0, 1, 0.5)),
    ("cubic, already arrived (zero duration)", cubic_leg((0, 0, 1, 1), 0.5, 0.5, 8.0, 1, 1, 0)),
]


def end_time(leg):
    if leg["kind"] == "cubic":
        return leg["startTime"] + leg["duration"]
    return leg["startTime"] + max(leg["settlingTime"] - leg["elapsed"], 0.0)


def build():
    cases = []
    for name, leg in CASES:
        frames = int(math.ceil((end_time(leg) - leg["startTime"]) / FRAME)) + 4
        times = [leg["startTime"] - 0.01] + [leg["startTime"] + i * FRAME for i in range(frames + 1)]
        samples = cubic_samples(leg, times) if leg["kind"] == "cubic" else spring_samples(leg, times)
        cases.append({"name": name, "leg": leg, "samples": samples})
    return {
        "about": "Written by scripts/leg-vectors.py from MOTION.md's formulas; samples are [time, progress, velocity].",
        "tolerance": {"progress": 1e-9, "velocity": 1e-6},
        "cases": cases,
    }


def main():
    text = json.dumps(build(), indent=1) + "\n"
    if "--check" in sys.argv[1:]:
        current = FIXTURE.read_text() if FIXTURE.exists() else ""
        if current != text:
            sys.exit(f"{FIXTURE} is not what scripts/leg-vectors.py writes; run it")
        return
    FIXTURE.write_text(text)


if __name__ == "__main__":
    main()
