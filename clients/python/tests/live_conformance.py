"""Conformance against a live daemon: run by Tests/IntegrationTests/LegClientTests.swift, which drives animd.

Two connections subscribe to one transition, one with every frame and one with frames: "driven". The script
prints "ready" once both are subscribed, then reads both until the leg that ends at a snap has ended, and checks
that at every frame time of the first connection the second one's legs give that frame: progress to 1e-9,
velocity to 1e-6 (relative above 1). It prints one JSON summary line and exits 1 on any mismatch.

    python3 live_conformance.py SOCKET TRANSITION
"""

import json
import signal
import sys

import animd


def until_final_end(connection):
    events = []
    while True:
        event = connection.next_event(timeout=30)
        if event is None:
            raise SystemExit("timed out waiting for the final transition.ended")
        events.append(event)
        if event.method == "transition.ended" and event.params.get("position") != "current":
            return events


def main():
    # The test runner may have blocked SIGTERM, and the mask survives exec: a test that gives up must still stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    path, name = sys.argv[1], sys.argv[2]
    with animd.connect(path) as every_frame, animd.connect(path) as legs_only:
        every_frame.subscribe(transitions=[name])
        follower = animd.Follower(legs_only.subscribe(transitions=[name], frames="driven"))
        print("ready", flush=True)
        frames = until_final_end(every_frame)
        driven = until_final_end(legs_only)

    # The leg each frame belongs to is the newest began/leg with a smaller seq.
    changes = []
    for event in driven:
        if event.method in ("transition.began", "transition.leg", "transition.ended"):
            changes.append(event)
    failures, compared, kinds = [], 0, set()
    worst_progress = worst_velocity = 0.0
    for event in frames:
        params = event.params
        if event.method != "transition.progress" or params["phase"] != "animating":
            continue
        earlier = [change for change in changes if change.params["seq"] < params["seq"]]
        if not earlier:
            failures.append(f"frame {params['seq']}: no leg before it")
            continue
        announced = earlier[-1].params.get("leg")
        leg = animd.leg_from_json(announced) if announced is not None else None
        if leg is None or leg.kind == "driven":
            failures.append(f"frame {params['seq']}: animating, but the leg before it is {earlier[-1].method} driven")
            continue
        kinds.add(leg.kind)
        t = params["time"]
        dp = abs(leg.progress(t) - params["progress"])
        dv = abs(leg.velocity(t) - params["velocity"])
        worst_progress, worst_velocity = max(worst_progress, dp), max(worst_velocity, dv)
        if dp > 1e-9 or dv > 1e-6 * max(1.0, abs(params["velocity"])):
            failures.append(f"frame {params['seq']} at {t}: leg gives {leg.progress(t)}, {leg.velocity(t)}; "
                            f"the frame says {params['progress']}, {params['velocity']}")
        compared += 1
    animating_sent = sum(1 for e in driven if e.method == "transition.progress" and e.params["phase"] == "animating")
    if animating_sent:
        failures.append(f"{animating_sent} frames of running legs reached the driven connection")
    print(json.dumps({"compared": compared, "kinds": sorted(kinds), "worstProgress": worst_progress,
                      "worstVelocity": worst_velocity, "failures": failures[:10]}), flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
