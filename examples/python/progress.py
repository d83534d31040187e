#!/usr/bin/env python3
"""Follows animd transitions and prints their progress: a client in the standard library only.

    examples/python/progress.py [--socket PATH] [--until-ended] [TRANSITION ...]

Each frame prints one line, "NAME PROGRESS VELOCITY PHASE"; a leg's start and end print "NAME began ..." and
"NAME ended at snap N". Protocol: docs/protocol.md (newline-delimited JSON-RPC 2.0 over a Unix socket).
"""
import argparse
import json
import os
import socket
import struct
import sys


def default_socket():
    """The daemon's own rule: $ANIMD_SOCKET, else $XDG_RUNTIME_DIR/animd.sock, else /tmp/animd-$UID/animd.sock."""
    if os.environ.get("ANIMD_SOCKET"):
        return os.environ["ANIMD_SOCKET"]
    if os.environ.get("XDG_RUNTIME_DIR"):
        return os.path.join(os.environ["XDG_RUNTIME_DIR"], "animd.sock")
    return f"/tmp/animd-{os.getuid()}/animd.sock"


def main():
    parser = argparse.ArgumentParser(description="Print the progress of animd transitions.")
    parser.add_argument("transitions", nargs="*", help="transitions to follow (default: all)")
    parser.add_argument("--socket", default=default_socket())
    parser.add_argument("--until-ended", action="store_true", help="exit after the first transition.ended")
    args = parser.parse_args()

    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(args.socket)
    except OSError as error:
        sys.exit(f"progress.py: cannot connect to animd at {args.socket}: {error.strerror}")
    # A server of another user is not animd for us (SO_PEERCRED: pid, uid, gid).
    _pid, uid, _gid = struct.unpack("3i", connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    if uid != os.getuid():
        sys.exit(f"progress.py: the server at {args.socket} runs as uid {uid}, not as you: refused")
    params = {"transitions": args.transitions} if args.transitions else {}
    connection.sendall((json.dumps({"jsonrpc": "2.0", "id": 1, "method": "subscribe", "params": params}) + "\n").encode())

    for line in connection.makefile("r", encoding="utf-8"):
        message = json.loads(line)
        if message.get("id") == 1:
            if "error" in message:
                sys.exit(f"progress.py: {message['error']['message']}")
            for snapshot in message["result"]["transitions"]:
                print(f"{snapshot['name']} {snapshot['progress']:.4f} at rest at snap {snapshot['snap']}", flush=True)
            continue
        method, event = message.get("method"), message.get("params", {})
        if method == "transition.progress":
            print(f"{event['name']} {event['progress']:.4f} {event['velocity']:+.3f} {event['phase']}", flush=True)
        elif method == "transition.began":
            print(f"{event['name']} began {event['from']}->{event['to']} ({event['cause']})", flush=True)
        elif method == "transition.ended":
            print(f"{event['name']} ended at snap {event['snap']}", flush=True)
            if args.until_ended:
                return
        elif method == "daemon.shutdown":
            return


if __name__ == "__main__":
    try:
        main()
    except (KeyboardInterrupt, BrokenPipeError):
        pass
