# SPDX-License-Identifier: MIT
"""animd's Python client: the socket protocol and the analytic-leg evaluator (docs/protocol.md)."""

from .client import AnimdError, Connection, ConnectionClosed, Event, Follower, RPCError, connect, hold, socket_path
from .leg import CubicLeg, DrivenLeg, Leg, LegError, SpringLeg, leg_from_json

__all__ = [
    "AnimdError", "Connection", "ConnectionClosed", "Event", "Follower", "RPCError", "connect", "hold", "socket_path",
    "CubicLeg", "DrivenLeg", "Leg", "LegError", "SpringLeg", "leg_from_json",
]
__version__ = "0.1.0"
