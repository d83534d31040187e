#!/usr/bin/env python3
"""Stand-ins for a compositor's focus sockets, for animd's tests (issue 31).

  standin.py hyprland FOLDER   Hyprland's two sockets in FOLDER ($XDG_RUNTIME_DIR/hypr/$SIGNATURE): .socket.sock
                               answers "j/activewindow" with the last "!state JSON" line read on stdin (or {}), and
                               .socket2.sock sends every other stdin line, as it is, to each connected client.
                               "!close" closes the connected event clients. Hyprland is not packaged for Debian 12:
                               the lines are those its wiki documents (wiki.hyprland.org, IPC).
  standin.py raw SOCKET HEX    one socket that sends these bytes (hex) to each client, then keeps it open: garbage,
                               or a header that announces more than animd takes.

Prints "ready" once listening and "client N" as the Nth event client connects; ends when stdin closes (a signal may
not reach it: the test runner's blocked signals are inherited).
"""
import os
import selectors
import socket
import sys


def listen(path):
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(16)
    return server


def say(line):
    print(line, flush=True)


pending = b""


def read_lines():
    """The whole lines stdin has now, read from its descriptor (a buffered reader would keep lines that select()
    then never reports); None at its end."""
    global pending
    chunk = os.read(0, 1 << 20)
    if not chunk:
        return None
    pending += chunk
    *lines, pending = pending.split(b"\n")
    return [line + b"\n" for line in lines]


def hyprland(folder):
    os.makedirs(folder, exist_ok=True)
    requests = listen(os.path.join(folder, ".socket.sock"))
    events = listen(os.path.join(folder, ".socket2.sock"))
    state = b"{}"
    clients = []
    count = 0
    selector = selectors.DefaultSelector()
    selector.register(requests, selectors.EVENT_READ, "requests")
    selector.register(events, selectors.EVENT_READ, "events")
    selector.register(sys.stdin, selectors.EVENT_READ, "stdin")
    say("ready")
    while True:
        for key, _ in selector.select():
            if key.data == "requests":
                connection, _ = requests.accept()
                request = connection.recv(4096)
                if request == b"j/activewindow":
                    connection.sendall(state)
                connection.close()
            elif key.data == "events":
                connection, _ = events.accept()
                clients.append(connection)
                count += 1
                say(f"client {count}")
            else:
                lines = read_lines()
                if lines is None:
                    return
                for line in lines:
                    if line.startswith(b"!state "):
                        state = line[len(b"!state "):].strip()
                    elif line.strip() == b"!close":
                        for client in clients:
                            client.close()
                        clients = []
                    else:
                        for client in clients:
                            client.sendall(line)
                    say("sent")


def raw(path, payload):
    server = listen(path)
    selector = selectors.DefaultSelector()
    selector.register(server, selectors.EVENT_READ, "server")
    selector.register(sys.stdin, selectors.EVENT_READ, "stdin")
    say("ready")
    held = []
    while True:
        for key, _ in selector.select():
            if key.data == "stdin":
                if read_lines() is None:
                    return
            else:
                connection, _ = server.accept()
                connection.sendall(payload)
                held.append(connection)


if __name__ == "__main__":
    if sys.argv[1] == "hyprland":
        hyprland(sys.argv[2])
    else:
        raw(sys.argv[2], bytes.fromhex(sys.argv[3]))
