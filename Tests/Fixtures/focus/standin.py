#!/usr/bin/env python3
"""Stand-ins for a compositor's focus sockets, for animd's tests (issue 31).

  standin.py hyprland FOLDER   Hyprland's two sockets in FOLDER ($XDG_RUNTIME_DIR/hypr/$SIGNATURE): .socket.sock
                               answers "j/activewindow" with the last "!state JSON" line read on stdin (or {}), and
                               .socket2.sock sends every other stdin line, as it is, to each connected client.
                               "!close" closes the connected event clients. Hyprland is not packaged for Debian 12:
                               the lines are those its wiki documents (wiki.hyprland.org, IPC).
  standin.py raw SOCKET HEX    one socket that sends these bytes (hex) to each client, then keeps it open: garbage,
                               or a header that announces more than animd takes.
  standin.py flood KIND PATH   a hostile peer (issue 48) that never reads what animd sends, and sends until "!stop"
                               on stdin, which says how many bytes each client sent ("unread N"), then closes
                               them and its socket ("stopped"): KIND sway-events (PATH a socket:
                               the subscription's success, then workspace focus events without end), sway-trees (a
                               socket: the success, then valid trees of 1.9 MiB, again and again), hyprland-drip
                               (PATH a folder as for hyprland: {} for the focus, then 60 KB of a line and one byte
                               more every 2 ms).

Prints "ready" once listening and "client N" as the Nth event client connects; ends when stdin closes (a signal may
not reach it: the test runner's blocked signals are inherited).
"""
import os
import selectors
import socket
import struct
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


def i3ipc(kind, payload):
    return b"i3-ipc" + struct.pack("=II", len(payload), kind) + payload


def sway_tree(size):
    """A valid sway tree of about `size` bytes: a workspace of windows, the last one focused."""
    window = '{"id":%d,"type":"con","focused":false,"app_id":"app-%d","fullscreen_mode":0,"rect":{"x":0,"y":0,"width":640,"height":480},"nodes":[],"floating_nodes":[]}'
    windows = []
    total = 0
    while total < size:
        windows.append(window % (len(windows) + 10, len(windows)))
        total += len(windows[-1]) + 1
    windows[-1] = windows[-1].replace('"focused":false', '"focused":true')
    return ('{"id":1,"type":"root","focused":false,"nodes":[{"id":2,"type":"workspace","focused":false,"nodes":['
            + ",".join(windows) + '],"floating_nodes":[]}],"floating_nodes":[]}').encode()


def unread(client):
    """How many bytes the peer sent that were never read: all the stand-in lets animd send."""
    total = 0
    while True:
        try:
            data = client.recv(1 << 16)
        except (BlockingIOError, OSError):
            return total
        if not data:
            return total
        total += len(data)


def flood(kind, path):
    """Sends `kind`'s stream to each client without reading, until "!stop"."""
    drip = kind == "hyprland-drip"
    requests = None
    if drip:
        os.makedirs(path, exist_ok=True)
        requests = listen(os.path.join(path, ".socket.sock"))
        server = listen(os.path.join(path, ".socket2.sock"))
    else:
        server = listen(path)
    success = i3ipc(2, b'{"success":true}')
    opening = b"activewindow>>" + b"x" * 60_000 if drip else success
    chunk = b"x" if drip else i3ipc(0x80000000, b'{"change":"focus"}') * 2000 if kind == "sway-events" else i3ipc(4, sway_tree(1_900_000))
    selector = selectors.DefaultSelector()
    selector.register(server, selectors.EVENT_READ, "server")
    selector.register(sys.stdin, selectors.EVENT_READ, "stdin")
    if requests:
        selector.register(requests, selectors.EVENT_READ, "requests")
    unsent = {}  # a flooded client: what is left of its current chunk
    drips = []
    count = 0
    say("ready")
    while True:
        for key, _ in selector.select(timeout=0.002 if drip else None):
            if key.data == "stdin":
                lines = read_lines()
                if lines is None or any(line.strip() == b"!stop" for line in lines):
                    for client in list(unsent):
                        selector.unregister(client)
                        say(f"unread {unread(client)}")
                        client.close()
                    for client in drips:
                        client.close()
                    for listener in [server, requests]:
                        if listener:
                            selector.unregister(listener)
                            listener.close()
                    unsent, drips, requests, server = {}, [], None, None
                    say("stopped")
                    if lines is None:
                        return
            elif key.data == "requests":
                connection, _ = requests.accept()
                connection.recv(4096)
                connection.sendall(b"{}")
                connection.close()
            elif key.data == "server":
                connection, _ = server.accept()
                count += 1
                say(f"client {count}")
                if drip:
                    connection.sendall(opening)
                    connection.setblocking(False)
                    drips.append(connection)
                else:
                    connection.setblocking(False)
                    unsent[connection] = memoryview(opening)
                    selector.register(connection, selectors.EVENT_WRITE, "client")
            else:
                client = key.fileobj
                try:
                    if len(unsent[client]) == 0:
                        unsent[client] = memoryview(chunk)
                    unsent[client] = unsent[client][client.send(unsent[client]):]
                except BlockingIOError:
                    pass
                except OSError:
                    selector.unregister(client)
                    client.close()
                    del unsent[client]
        for client in list(drips):
            try:
                client.send(chunk)
            except BlockingIOError:
                pass
            except OSError:
                client.close()
                drips.remove(client)


if __name__ == "__main__":
    if sys.argv[1] == "hyprland":
        hyprland(sys.argv[2])
    elif sys.argv[1] == "flood":
        flood(sys.argv[2], sys.argv[3])
    else:
        raw(sys.argv[2], bytes.fromhex(sys.argv[3]))
