#!/usr/bin/env python3
"""Start-up to READY=1 and RSS with many subscribers, for docs/performance.md (issue 9's table).

    scripts/measure-service.py [ANIMD] [CLIENTS]

Start-up: from spawning animd (no display) to its READY=1 on a NOTIFY_SOCKET this script owns, five times.
RSS: VmRSS of animd idle, then with CLIENTS (default 1000) connections that each subscribed to every transition.
Pacing: at frame-rate 120, a 5 s linear leg; each frame's `time` against the ideal grid (first frame + n/120 s).
"""
import json, os, resource, socket, subprocess, sys, tempfile, time

animd = sys.argv[1] if len(sys.argv) > 1 else ".build/release/animd"
clients = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
resource.setrlimit(resource.RLIMIT_NOFILE, (4096, max(4096, resource.getrlimit(resource.RLIMIT_NOFILE)[1])))
folder = tempfile.mkdtemp(prefix="animd-measure-")
environment = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WATCHDOG_USEC")}

def start():
    notify_path = os.path.join(folder, "notify")
    if os.path.exists(notify_path): os.unlink(notify_path)
    notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    notify.bind(notify_path)
    sock = os.path.join(folder, "s.sock")
    began = time.monotonic()
    process = subprocess.Popen([animd, "--socket", sock], env=dict(environment, NOTIFY_SOCKET=notify_path),
                               stderr=subprocess.DEVNULL)
    notify.settimeout(10)
    while notify.recv(4096) != b"READY=1":
        pass
    return process, sock, (time.monotonic() - began) * 1000

def rss(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:")) / 1024

times = []
for _ in range(5):
    process, _, ms = start()
    times.append(ms)
    process.terminate(); process.wait()
print("start-up to READY=1 (ms): " + ", ".join(f"{t:.1f}" for t in times) + f"; median {sorted(times)[2]:.1f}")

process, sock, _ = start()
idle = rss(process.pid)
connections = []
for i in range(clients):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect(sock)
    c.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{}}\n')
    reader = c.makefile("rb")
    answer = json.loads(reader.readline())
    assert "result" in answer, answer
    connections.append((c, reader))
loaded = rss(process.pid)
print(f"RSS: idle {idle:.1f} MiB; with {clients} subscribed clients {loaded:.1f} MiB")
process.terminate(); process.wait()

# Pacing at 120 Hz.
config = os.path.join(folder, "pacing.toml")
with open(config, "w") as f:
    f.write('[daemon]\nframe-rate = 120\n[transitions.sidebar]\ntiming = "linear"\nduration = 5\n')
sock = os.path.join(folder, "p.sock")
process = subprocess.Popen([animd, "--socket", sock, "--config", config], env=environment, stderr=subprocess.DEVNULL)
for _ in range(400):
    if os.path.exists(sock): break
    time.sleep(0.025)
time.sleep(0.2)
client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
client.connect(sock)
reader = client.makefile("rb")
client.sendall(b'{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"transitions":["sidebar"],"events":["progress","state"]}}\n')
client.sendall(b'{"jsonrpc":"2.0","id":2,"method":"transition.animate","params":{"name":"sidebar","to":1}}\n')
times = []
for line in reader:
    message = json.loads(line)
    if message.get("method") == "transition.progress":
        times.append(message["params"]["time"])
    if message.get("method") == "transition.ended":
        break
times = times[:-1]  # the final frame comes at the leg's end, off the grid by design
period = 1 / 120
deviations = sorted(abs((t - times[0]) - round((t - times[0]) / period) * period) * 1e6 for t in times)
print(f"pacing at 120 Hz: {len(times)} frames; deviation from the grid p50 {deviations[len(deviations) // 2]:.0f} µs, "
      f"p99 {deviations[int(len(deviations) * 0.99)]:.0f} µs, max {deviations[-1]:.0f} µs")
process.terminate(); process.wait()
