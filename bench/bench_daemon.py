#!/usr/bin/env python3
"""bench_daemon: the daemon's resting figures (issue 5): cold start to
READY=1 with an existing database (median of 10), resident memory once
idle (after the start, then again after one webhook delivery), and CPU
used while idle for 10 s.  Starts build/sudokud itself in a temporary
directory with one webhook endpoint, a receiver on 127.0.0.1 run here;
needs no data files."""

import base64
import http.server
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

BUILD = os.environ.get("BUILD", "build")
SUDOKUD = os.path.abspath(os.path.join(BUILD, "sudokud"))
SUDOKUCTL = os.path.abspath(os.path.join(BUILD, "sudokuctl"))
WHSEC = "whsec_" + base64.b64encode(bytes(range(32))).decode()


class Receiver(http.server.BaseHTTPRequestHandler):
    """Answers every delivery 200 and counts it."""
    delivered = 0

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()
        Receiver.delivered += 1

    def log_message(self, *args):
        pass


def wait_delivered(count, timeout=30):
    deadline = time.monotonic() + timeout
    while Receiver.delivered < count and time.monotonic() < deadline:
        time.sleep(0.05)
    return Receiver.delivered >= count


def start(conf, notify_path, err):
    env = dict(os.environ, NOTIFY_SOCKET=notify_path)
    env.pop("JOURNAL_STREAM", None)
    return subprocess.Popen([SUDOKUD, "-c", conf], stdout=subprocess.DEVNULL,
                            stderr=err, env=env)


def wait_ready(sock, timeout=30):
    sock.settimeout(timeout)
    while True:
        if b"READY=1" in sock.recv(4096):
            return


def stop(proc):
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def memory_kib(pid):
    """RSS and its parts: Private_Dirty is the memory the daemon itself
    wrote (heap, stacks, relocated data); the rest is library code, counted
    as private clean when no other process maps the same library."""
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss", "Private_Clean", "Private_Dirty"):
                out[key] = int(rest.split()[0])
    return out


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def main():
    if not os.access(SUDOKUD, os.X_OK):
        print(f"bench_daemon: {SUDOKUD} not built, skipping")
        return 0
    receiver = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="sudokud-bench.") as tmp:
        conf = os.path.join(tmp, "sudokud.conf")
        with open(conf, "w") as f:
            f.write(f"[daemon]\nstate_directory = {tmp}/state\nsocket = {tmp}/s.sock\n"
                    "log_level = warning\n[schedule]\ndays_ahead = 2\n"
                    "[generator]\nsecret = bench-daemon-secret-0123456\n"
                    f"[webhook \"bench\"]\nurl = http://127.0.0.1:{receiver.server_port}/\n"
                    f"secret = {WHSEC}\n")
        notify_path = os.path.join(tmp, "notify")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        sock.bind(notify_path)
        err = open(os.path.join(tmp, "err"), "w")
        proc = start(conf, notify_path, err)
        wait_ready(sock)
        time.sleep(3)  # lets the first run make its days
        stop(proc)
        starts = []
        for _ in range(10):
            t0 = time.monotonic()
            proc = start(conf, notify_path, err)
            wait_ready(sock)
            starts.append((time.monotonic() - t0) * 1000)
            stop(proc)
        proc = start(conf, notify_path, err)
        wait_ready(sock)
        time.sleep(2)
        started = memory_kib(proc.pid)
        sent = Receiver.delivered
        subprocess.run([SUDOKUCTL, "--socket", f"{tmp}/s.sock", "webhook", "test", "bench"],
                       stdout=subprocess.DEVNULL, check=True)
        delivered = wait_delivered(sent + 1)
        time.sleep(2)
        mem = memory_kib(proc.pid)
        t0 = cpu_ticks(proc.pid)
        time.sleep(10)
        idle = cpu_ticks(proc.pid) - t0
        stop(proc)
    receiver.shutdown()
    print(f"cold start to READY=1 (existing database): median {statistics.median(starts):.1f} ms, "
          f"max {max(starts):.1f} ms over 10 starts (includes process spawn)")
    print(f"idle RSS after the start: {mib(started.get('Rss', 0))} "
          f"(Private_Dirty {mib(started.get('Private_Dirty', 0))})")
    if not delivered:
        print("bench_daemon: the test webhook was not delivered within 30 s")
        return 1
    print(f"idle RSS after one webhook delivery: {mib(mem.get('Rss', 0))}, of which written "
          f"by the daemon (Private_Dirty) {mib(mem.get('Private_Dirty', 0))}; the rest is "
          f"library code mapped from files")
    print(f"idle CPU over 10 s: {idle} clock ticks ({idle * 1000 // os.sysconf('SC_CLK_TCK')} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
