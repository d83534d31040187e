#!/usr/bin/env python3
"""Types LINE and a Tab into an interactive fish, in a pseudo-terminal, with animctl's completion loaded, and prints
what fish drew (CompletionTests): fish's custom completions read the command line being edited, which only an
interactive fish has (`complete -C` in `fish -c` has none).

    fish-complete.py 'animctl toggle si'
"""
import os
import pty
import select
import signal
import sys
import time


def drain(fd: int, seconds: float) -> bytes:
    out, end = b"", time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                out += os.read(fd, 4096)
            except OSError:
                break
    return out


pid, fd = pty.fork()
if pid == 0:
    os.execvp("fish", ["fish", "--no-config", "-i", "-C", "animctl --generate-completion-script fish | source"])
drain(fd, 1.5)
os.write(fd, sys.argv[1].encode() + b"\t")
drawn = drain(fd, 2)
# SIGKILL: fish inherits the test runner's blocked signals, and would not end on Ctrl-C or a hang-up.
os.kill(pid, signal.SIGKILL)
os.waitpid(pid, 0)
sys.stdout.write(drawn.decode(errors="replace"))
