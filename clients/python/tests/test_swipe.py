"""animd.swipe against the hand-written cases of Tests/Fixtures/swipe-signals.json (AdwSwipeTracker's contract), the
same cases the GJS helper is checked against (clients/js/tests/swipe.mjs)."""

import json
import os
import unittest
from pathlib import Path

from animd.client import Event
from animd.swipe import SwipeSignals

FIXTURE = Path(os.environ.get("ANIMD_SWIPE_CASES", Path(__file__).resolve().parents[3] / "Tests" / "Fixtures" / "swipe-signals.json"))


class SwipeSignalTests(unittest.TestCase):
    def test_every_step_of_every_case(self):
        cases = json.loads(FIXTURE.read_text())
        self.assertGreaterEqual(len(cases["cases"]), 10, "the fixture lost its cases")
        for case in cases["cases"]:
            swipes = SwipeSignals(cases["name"])
            for index, step in enumerate(case["steps"]):
                with self.subTest(case=case["name"], step=index):
                    if "lost" in step:
                        signals = swipes.lost(step["lost"])
                    else:
                        signals = swipes.take(Event(step["event"]["method"], step["event"]["params"]))
                    self.assertEqual([list(signal) for signal in signals], step["signals"])

    def test_numbers_json_cannot_carry_are_read_as_zero(self):
        """Python's json reads NaN and Infinity, which the shared fixture cannot hold: they are 0, as a string is."""
        swipes = SwipeSignals("p")
        swipes.take(Event("transition.began", {"name": "p", "phase": "interactive"}))
        for value in (float("nan"), float("inf"), float("-inf")):
            self.assertEqual(swipes.take(Event("transition.progress", {"name": "p", "phase": "interactive", "progress": value})),
                             [("update-swipe", 0.0)])
        self.assertEqual(swipes.take(Event("transition.leg", {"name": "p", "phase": "animating", "velocity": float("nan"),
                                                              "target": 0, "snapPoints": [float("inf"), 1]})),
                         [("end-swipe", 0.0, 0.0)])

    def test_a_begin_is_always_ended_once(self):
        """Whatever comes, begin-swipe and end-swipe alternate, starting with begin."""
        phases = ["interactive", "animating", "paused", "idle", "interactive", "stopped", "interactive"]
        methods = ["transition.began", "transition.progress", "transition.leg", "transition.ended", "transition.removed"]
        for seed in range(200):
            swipes, open_swipe = SwipeSignals("p"), False
            for step in range(40):
                pick = (seed * 7919 + step * 104729) % 1009
                method = methods[pick % len(methods)]
                params = {"name": "p", "phase": phases[pick % len(phases)], "progress": pick / 1009, "velocity": 1.0,
                          "target": 1, "snapPoints": [0, 1], "reason": "retracted", "message": ""}
                signals = swipes.lost("x") if pick % 53 == 0 else swipes.take(Event(method, params))
                for signal in signals:
                    if signal[0] == "begin-swipe":
                        self.assertFalse(open_swipe, f"seed {seed}: a second begin")
                        open_swipe = True
                    elif signal[0] == "end-swipe":
                        self.assertTrue(open_swipe, f"seed {seed}: an end without a begin")
                        open_swipe = False
                    elif signal[0] == "gone":
                        self.assertFalse(open_swipe, f"seed {seed}: gone while a swipe is open")


if __name__ == "__main__":
    unittest.main()
