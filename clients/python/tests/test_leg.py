"""The Python evaluator against the reference vectors (Tests/Fixtures/leg-vectors.json, from scripts/leg-vectors.py)."""

import json
import os
import socket
import tempfile
import threading
import time
import unittest
from pathlib import Path

import animd

FIXTURE = Path(os.environ.get("ANIMD_LEG_VECTORS", Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "leg-vectors.json"))


class LegVectorTests(unittest.TestCase):
    def test_every_sample_of_every_case(self):
        vectors = json.loads(FIXTURE.read_text())
        self.assertGreaterEqual(len(vectors["cases"]), 10, "the fixture lost its cases")
        checked = 0
        for case in vectors["cases"]:
            leg = animd.leg_from_json(case["leg"])
            for t, progress, velocity in case["samples"]:
                with self.subTest(case=case["name"], t=t):
                    self.assertLessEqual(abs(leg.progress(t) - progress), 1e-9)
                    self.assertLessEqual(abs(leg.velocity(t) - velocity), 1e-6 * max(1.0, abs(velocity)))
                checked += 1
        self.assertGreater(checked, 1000)

    def test_driven_legs_have_no_curve(self):
        leg = animd.leg_from_json({"kind": "driven"})
        self.assertIsNone(leg.progress(1.0))
        self.assertIsNone(leg.end_time)

    def test_out_of_range_legs_are_refused(self):
        good = {"kind": "spring", "mass": 1, "stiffness": 100, "damping": 10, "velocity": 0, "from": 0, "to": 1,
                "startTime": 5, "elapsed": 0, "settlingTime": 1}
        animd.leg_from_json(good)
        for key, value in [("mass", 0), ("stiffness", -1), ("damping", float("inf")), ("from", "0"), ("elapsed", -1),
                           ("settlingTime", float("nan")), ("velocity", True)]:
            with self.subTest(key=key, value=value), self.assertRaises(animd.LegError):
                animd.leg_from_json(dict(good, **{key: value}))
        with self.assertRaises(animd.LegError):
            animd.leg_from_json({"kind": "cubic", "controlPoints": [1.5, 0, 0.5, 1], "from": 0, "to": 1, "startTime": 0,
                                 "startX": 0, "endX": 1, "duration": 1})
        with self.assertRaises(animd.LegError):
            animd.leg_from_json({"kind": "bounce"})


class FollowerTests(unittest.TestCase):
    def test_a_follower_evaluates_legs_and_keeps_driven_frames(self):
        leg = {"kind": "cubic", "controlPoints": [0, 0, 1, 1], "from": 0, "to": 1, "startTime": 10, "startX": 0,
               "endX": 1, "duration": 2}
        snapshot = {"name": "sidebar", "progress": 0, "velocity": 0.5, "phase": "animating", "time": 10}
        follower = animd.Follower()
        follower.take(animd.Event("transition.began", dict(snapshot, leg=leg)))
        self.assertAlmostEqual(follower.progress("sidebar", 11), 0.5, delta=1e-12)
        self.assertTrue(follower.animating(11.9))
        follower.take(animd.Event("transition.leg", dict(snapshot, progress=0.6, phase="paused", leg={"kind": "driven"})))
        self.assertEqual(follower.progress("sidebar", 50), 0.6)
        follower.take(animd.Event("transition.progress", dict(snapshot, progress=0.7, phase="interactive")))
        self.assertEqual(follower.progress("sidebar", 50), 0.7)
        self.assertFalse(follower.animating(50))
        follower.take(animd.Event("transition.ended", dict(snapshot, progress=1, phase="idle")))
        self.assertEqual(follower.progress("sidebar", 60), 1)

    def test_events_already_here_are_read_with_a_zero_timeout(self):
        """An event loop calls next_event(timeout=0) when the socket is readable: it must read, not give up at once."""
        with tempfile.TemporaryDirectory() as folder:
            path = folder + "/s.sock"
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.bind(path)
            server.listen(1)
            with animd.connect(path) as conn:
                peer, _ = server.accept()
                peer.sendall(b'{"jsonrpc":"2.0","method":"transition.progress","params":{"name":"a","progress":0.5}}\n')
                time.sleep(0.05)
                event = conn.next_event(timeout=0)
                self.assertIsNotNone(event)
                self.assertEqual((event.method, event.params["progress"]), ("transition.progress", 0.5))
                self.assertIsNone(conn.next_event(timeout=0))
                peer.close()
                with self.assertRaises(animd.ConnectionClosed):
                    conn.next_event(timeout=1)
            server.close()

    def test_a_server_that_sends_garbage_gets_a_clear_error(self):
        """Not JSON, JSON that is neither an object nor a batch's array, a line without end: AnimdError, never a crash or a hang."""
        for payload, message in [(b"not json\n", "not JSON"), (b"42\n", "not JSON-RPC"),
                                 (b"x" * (animd.client.MAX_LINE + 10), "longer than 1 MiB")]:
            with self.subTest(message=message), tempfile.TemporaryDirectory() as folder:
                server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
                server.bind(folder + "/s.sock")
                server.listen(1)
                with animd.connect(folder + "/s.sock") as conn:
                    peer, _ = server.accept()
                    # From another thread: a megabyte does not fit in the socket until the client reads.
                    sender = threading.Thread(target=lambda: peer.sendall(payload), daemon=True)
                    sender.start()
                    with self.assertRaises(animd.AnimdError) as caught:
                        conn.next_event(timeout=5)
                    self.assertIn(message, str(caught.exception))
                    peer.close()
                    sender.join(timeout=5)
                server.close()

    def test_a_malformed_leg_is_an_error_and_keeps_nothing(self):
        follower = animd.Follower()
        with self.assertRaises(animd.LegError):
            follower.take(animd.Event("transition.began", {"name": "sidebar", "progress": 0, "velocity": 0,
                                                           "leg": {"kind": "spring", "mass": -1}}))
        self.assertIsNone(follower.progress("sidebar", 0))

    def test_socket_path_rule(self):
        self.assertEqual(animd.socket_path({"ANIMD_SOCKET": "/x/s"}), "/x/s")
        self.assertEqual(animd.socket_path({"XDG_RUNTIME_DIR": "/run/user/7"}), "/run/user/7/animd.sock")
        self.assertEqual(animd.socket_path({}), f"/tmp/animd-{os.getuid()}/animd.sock")


if __name__ == "__main__":
    unittest.main()
