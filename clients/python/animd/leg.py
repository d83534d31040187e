# SPDX-License-Identifier: MIT
"""Evaluate animd's analytic legs (docs/protocol.md, "The leg object").

A leg arrives in ``transition.began``, in ``transition.leg`` and in the
snapshots of ``subscribe`` and ``transition.get`` answers. Until the next
``transition.leg`` or ``transition.ended`` of the same transition it gives the
transition's progress at any instant of the frames' clock (CLOCK_MONOTONIC,
``time.monotonic()`` on Linux), exactly as animd computes its own frames.

Standard library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Union

__all__ = ["Leg", "DrivenLeg", "CubicLeg", "SpringLeg", "leg_from_json", "LegError"]


class LegError(ValueError):
    """A leg object that is malformed or out of range."""


def _finite(value: Any, name: str, low: float = -math.inf, high: float = math.inf) -> float:
    """`value` as a finite float within [low, high]; LegError naming `name` otherwise (bools are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise LegError(f"leg: {name} must be a number")
    value = float(value)
    if not math.isfinite(value) or not low <= value <= high:
        raise LegError(f"leg: {name} is out of range: {value!r}")
    return value


def _number(obj: Mapping[str, Any], key: str, low: float = -math.inf, high: float = math.inf) -> float:
    return _finite(obj.get(key), repr(key), low, high)


@dataclass(frozen=True)
class DrivenLeg:
    """A finger, a scrub or a pause holds the leg: only frames tell where it is."""

    kind = "driven"

    def progress(self, t: float) -> Optional[float]:
        return None

    def velocity(self, t: float) -> Optional[float]:
        return None

    @property
    def end_time(self) -> Optional[float]:
        return None


class _Bezier:
    """A CSS cubic Bézier from (0, 0) to (1, 1), with y(x) solved by Newton–Raphson and bisection."""

    def __init__(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.points = (x1, y1, x2, y2)
        self.cx = 3 * x1
        self.bx = 3 * (x2 - x1) - self.cx
        self.ax = 1 - self.cx - self.bx
        self.cy = 3 * y1
        self.by = 3 * (y2 - y1) - self.cy
        self.ay = 1 - self.cy - self.by

    def _x(self, s: float) -> float:
        return ((self.ax * s + self.bx) * s + self.cx) * s

    def _y(self, s: float) -> float:
        return ((self.ay * s + self.by) * s + self.cy) * s

    def _dx(self, s: float) -> float:
        return (3 * self.ax * s + 2 * self.bx) * s + self.cx

    def _dy(self, s: float) -> float:
        return (3 * self.ay * s + 2 * self.by) * s + self.cy

    def _start_slope(self) -> float:
        x1, y1, x2, y2 = self.points
        if x1 > 0:
            return y1 / x1
        if y1 == 0 and x2 > 0:
            return y2 / x2
        return 0.0

    def _end_slope(self) -> float:
        x1, y1, x2, y2 = self.points
        if x2 < 1:
            return (y2 - 1) / (x2 - 1)
        if y2 == 1 and x1 < 1:
            return (y1 - 1) / (x1 - 1)
        return 0.0

    def parameter(self, x: float) -> float:
        """The curve parameter s with x(s) = x, to 1e-12; x(s) is monotone because x1, x2 are in [0, 1]."""
        if x <= 0:
            return 0.0
        if x >= 1:
            return 1.0
        s = x
        for _ in range(8):
            error = self._x(s) - x
            if abs(error) < 1e-12:
                return s
            d = self._dx(s)
            if abs(d) < 1e-9:
                break
            s -= error / d
            if s < 0 or s > 1:
                break
        low, high, s = 0.0, 1.0, x
        for _ in range(64):
            value = self._x(s)
            if abs(value - x) < 1e-12:
                return s
            if value < x:
                low = s
            else:
                high = s
            s = (low + high) / 2
        return s

    def y(self, x: float) -> float:
        if x <= 0:
            return self._start_slope() * x
        if x >= 1:
            return 1 + self._end_slope() * (x - 1)
        return self._y(self.parameter(x))

    def slope(self, x: float) -> float:
        if x < 0:
            return self._start_slope()
        if x > 1:
            return self._end_slope()
        s = self.parameter(x)
        dx = self._dx(s)
        if abs(dx) < 1e-12:
            return self._start_slope() if s < 0.5 else self._end_slope()
        return self._dy(s) / dx


@dataclass(frozen=True)
class _CurveLeg:
    """What both curve kinds have: the progress at the curve's start and at its end, and when it starts."""

    from_: float
    to: float
    start_time: float


@dataclass(frozen=True)
class CubicLeg(_CurveLeg):
    """x(t) = startX + (endX − startX)·min(max(t − startTime, 0)/duration, 1); progress = from + (to − from)·y(x)."""

    control_points: tuple
    start_x: float
    end_x: float
    duration: float
    kind = "cubic"

    def __post_init__(self) -> None:
        object.__setattr__(self, "_curve", _Bezier(*self.control_points))

    def _share(self, t: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(max(t - self.start_time, 0.0) / self.duration, 1.0)

    def progress(self, t: float) -> float:
        x = self.start_x + (self.end_x - self.start_x) * self._share(t)
        return self.from_ + (self.to - self.from_) * self._curve.y(x)

    def velocity(self, t: float) -> float:
        if self.duration <= 0 or t >= self.start_time + self.duration:
            return 0.0
        x = self.start_x + (self.end_x - self.start_x) * self._share(t)
        return (self.to - self.from_) * self._curve.slope(x) * (self.end_x - self.start_x) / self.duration

    @property
    def end_time(self) -> float:
        return self.start_time + self.duration


@dataclass(frozen=True)
class SpringLeg(_CurveLeg):
    """τ = elapsed + max(t − startTime, 0); progress = to − (to − from)·x(τ) until settlingTime, then to.

    x solves m·x″ + c·x′ + k·x = 0 with x(0) = 1, x′(0) = −velocity.
    """

    mass: float
    stiffness: float
    damping: float
    velocity0: float
    elapsed: float
    settling_time: float
    kind = "spring"

    def __post_init__(self) -> None:
        omega0 = math.sqrt(self.stiffness / self.mass)
        zeta = self.damping / (2 * math.sqrt(self.stiffness * self.mass))
        v0 = self.velocity0
        # The same three cases and the same threshold as animd, so that a ratio of exactly 1 is critical here too.
        if abs(zeta - 1) < 1e-12:
            solution = ("critical", omega0, omega0 - v0)
        elif zeta < 1:
            omega_d = omega0 * math.sqrt(1 - zeta * zeta)
            decay = zeta * omega0
            solution = ("under", decay, omega_d, (decay - v0) / omega_d)
        else:
            root = omega0 * math.sqrt(zeta * zeta - 1)
            r1, r2 = -zeta * omega0 + root, -zeta * omega0 - root
            c2 = (-v0 - r1) / (r2 - r1)
            solution = ("over", r1, r2, 1 - c2, c2)
        object.__setattr__(self, "_solution", solution)

    def displacement(self, tau: float) -> float:
        if tau == 0:
            return 1.0
        s = self._solution
        if s[0] == "under":
            _, decay, omega_d, b = s
            return math.exp(-decay * tau) * (math.cos(omega_d * tau) + b * math.sin(omega_d * tau))
        if s[0] == "critical":
            _, omega0, b = s
            return (1 + b * tau) * math.exp(-omega0 * tau)
        _, r1, r2, c1, c2 = s
        return c1 * math.exp(r1 * tau) + c2 * math.exp(r2 * tau)

    def displacement_velocity(self, tau: float) -> float:
        if tau == 0:
            return -self.velocity0
        s = self._solution
        if s[0] == "under":
            _, decay, omega_d, b = s
            envelope = math.exp(-decay * tau)
            cos, sin = math.cos(omega_d * tau), math.sin(omega_d * tau)
            return envelope * ((b * omega_d - decay) * cos - (omega_d + b * decay) * sin)
        if s[0] == "critical":
            _, omega0, b = s
            return (b - omega0 * (1 + b * tau)) * math.exp(-omega0 * tau)
        _, r1, r2, c1, c2 = s
        return c1 * r1 * math.exp(r1 * tau) + c2 * r2 * math.exp(r2 * tau)

    def _tau(self, t: float) -> float:
        return self.elapsed + max(t - self.start_time, 0.0)

    def progress(self, t: float) -> float:
        tau = self._tau(t)
        if tau >= self.settling_time:
            return self.to
        return self.to - (self.to - self.from_) * self.displacement(tau)

    def velocity(self, t: float) -> float:
        tau = self._tau(t)
        if tau >= self.settling_time:
            return 0.0
        return -(self.to - self.from_) * self.displacement_velocity(tau)

    @property
    def end_time(self) -> float:
        return self.start_time + max(self.settling_time - self.elapsed, 0.0)


Leg = Union[DrivenLeg, CubicLeg, SpringLeg]


def leg_from_json(obj: Mapping[str, Any]) -> Leg:
    """Reads a leg object; raises LegError for anything animd could not have sent."""
    if not isinstance(obj, Mapping):
        raise LegError("leg: not an object")
    kind = obj.get("kind")
    if kind == "driven":
        return DrivenLeg()
    if kind == "cubic":
        points = obj.get("controlPoints")
        if not isinstance(points, list) or len(points) != 4:
            raise LegError("leg: 'controlPoints' must be four numbers")
        values = [_finite(point, f"controlPoints[{index}]") for index, point in enumerate(points)]
        if not (0 <= values[0] <= 1 and 0 <= values[2] <= 1):
            raise LegError("leg: the x control points must be in [0, 1]")
        return CubicLeg(_number(obj, "from"), _number(obj, "to"), _number(obj, "startTime"), tuple(values),
                        _number(obj, "startX", 0, 1), _number(obj, "endX", 0, 1), _number(obj, "duration", 0))
    if kind == "spring":
        positive = 2.2250738585072014e-308
        return SpringLeg(_number(obj, "from"), _number(obj, "to"), _number(obj, "startTime"),
                         _number(obj, "mass", positive), _number(obj, "stiffness", positive),
                         _number(obj, "damping", positive), _number(obj, "velocity"), _number(obj, "elapsed", 0),
                         _number(obj, "settlingTime", 0))
    raise LegError(f"leg: unknown kind {kind!r}")
