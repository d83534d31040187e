"""Driving a running animd from a script (profile-request-path.py, code-order.py): the project's own Python client
(clients/python), straight from the checkout, and the two helpers both need."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients", "python"))
import animd  # noqa: E402


def wait_for(path, process, seconds=60):
    """A connection to the animd that `process` runs, once it listens on `path`; exits when it ends or never does."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"animd exited with {process.returncode}")
        try:
            return animd.connect(path)
        except animd.AnimdError:
            time.sleep(0.02)
    sys.exit(f"animd did not listen on {path} within {seconds} s")


def drain(connection):
    """Reads the subscriber's frames as they come, until animd goes away."""
    try:
        for _ in connection.events():
            pass
    except animd.AnimdError:
        pass
