"""A widget that declares its own transition over animd's socket, with the Python client (issue 29).

    widget.py SOCKET NAME DECLARATION-JSON

Says hello as NAME, declares the transition (`{"name", "transition", "bindings"}`) and prints
`declared <snapshot JSON>`, or `refused <code> <message>`. Its standard input drives it: `update <JSON>` lays keys
over the declaration (`{"transition", "bindings"}`) and prints `updated <snapshot JSON>`; `close` closes the
connection, as a widget that quits or crashes does, and prints `closed`. It exits when its standard input ends.
"""

import json
import os
import sys

import animd


def main() -> None:
    path, client, declaration = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    connection = animd.connect(path)
    connection.hello(client)
    try:
        snapshot = connection.declare(declaration["name"], declaration.get("transition"), declaration.get("bindings"))
        print("declared", json.dumps(snapshot), flush=True)
    except animd.RPCError as error:
        print("refused", error.code, error.message, flush=True)
    # Read unbuffered: a buffered reader would wait for more than the test sends.
    pending = b""
    while True:
        chunk = os.read(0, 65536)
        if not chunk:
            break
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            command = line.decode()
            if command.startswith("update "):
                body = json.loads(command[len("update "):])
                answer = connection.update(declaration["name"], body.get("transition"), body.get("bindings"))
                print("updated", json.dumps(answer), flush=True)
            elif command == "close":
                connection.close()
                print("closed", flush=True)
    os._exit(0)


main()
