"""Holds a declaration across animd's restarts with the Python client's `hold` (issue 29).

    holder.py SOCKET

Declares `dock` as client `holder` and prints the method of each event `hold` yields (`declared`, `disconnected`,
`transition.began`…), one per line. It exits when its standard input ends.
"""

import os
import sys
import threading

import animd

DOCK = {"dock": {"transition": {"snap-points": [0, 1]},
                 "bindings": {"dock-swipe": {"gesture": "edge-pan", "edge": "bottom", "span": [0.25, 0.75],
                                             "distance": 200, "increases": "up"}}}}


def follow(path: str) -> None:
    for event in animd.hold(DOCK, client="holder", path=path, retry=(0.05, 0.5)):
        print(event.method, flush=True)


threading.Thread(target=follow, args=(sys.argv[1],), daemon=True).start()
while os.read(0, 4096):
    pass
os._exit(0)
