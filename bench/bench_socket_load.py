#!/usr/bin/env python3
"""bench_socket_load: the query socket under hostile load, and the memory
the daemon keeps afterwards.

    bench_socket_load.py [SUDOKUD[:ENV=VALUE] ...]     (default $BUILD/sudokud)

For each daemon given (a binary, optionally with one environment setting
such as GLIBC_TUNABLES=glibc.malloc.arena_max=1), run twice in A B A B
order, on a temporary state directory holding today's puzzles:
  - ping round trips (median, p99) with no other client, with 1,000 idle
    connections open, and while another process sends 10,000 garbage
    requests (binary, oversized, half lines, abrupt closes);
  - memory (RSS, Pss, Private_Dirty from /proc/PID/smaps_rollup) idle,
    with 1,000 idle connections (the per-connection cost), at the peak of
    2,000 connections pipelining `today hard solution` without reading,
    and 10 s after that load and three more garbage rounds ended.
Needs no data files.  The machine is shared: compare the runs of one
invocation, side by side."""

import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "tests", "integration"),
                os.path.join(HERE, "..", "tests", "lib")]
import sudokud_test as sd  # noqa: E402
from socket_limits import garbage_line  # noqa: E402
from socket_protocol import query_daemon  # noqa: E402

IDLE = 1000
PIPELINERS = 2000
GARBAGE = 10000
SETTLE_S = 10


def smaps(pid):
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            key, _, rest = line.partition(":")
            if key in ("Rss", "Pss", "Private_Dirty"):
                out[key] = int(rest.split()[0])
    return out


def pings(path, n, every=0.0):
    """n ping round trips on one connection; their times in ms."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(path)
    lat = []
    for _ in range(n):
        t0 = time.perf_counter()
        s.sendall(b"ping\n")
        buf = b""
        while not buf.endswith(b"\n"):
            buf += s.recv(4096)
        lat.append((time.perf_counter() - t0) * 1000)
        if every:
            time.sleep(every)
    s.close()
    return lat


def pct(lat):
    lat = sorted(lat)
    return (statistics.median(lat), lat[min(len(lat) - 1, int(len(lat) * 0.99))])


def flood(path, total, seed):
    """Sends total garbage requests over short connections (run as a child
    process so that it does not share the pinger's interpreter lock)."""
    rng = random.Random(seed)
    sent = 0
    while sent < total:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(path)
        batch = b"".join(garbage_line(rng) for _ in range(rng.randrange(1, 60)))
        sent += batch.count(b"\n")
        end = rng.randrange(4)
        if end == 0:
            batch += b"x" * rng.randrange(4097, 9000)
        elif end == 1:
            batch += b"today ha"
        try:
            s.sendall(batch)
            if end == 3:
                s.shutdown(socket.SHUT_WR)
                s.settimeout(5)
                while s.recv(65536):
                    pass
        except OSError:
            pass
        s.close()


def flood_child(path, seed):
    return subprocess.Popen([sys.executable, os.path.abspath(__file__), "--flood", path,
                             str(seed)])


def run_once(exe, env):
    with tempfile.TemporaryDirectory(prefix="sudokud-load.") as tmp:
        d = query_daemon(tmp, "load", socket_max_clients=PIPELINERS + 100,
                         socket_idle_timeout=600)
        d.exe = exe
        d.write_config(dict(d.config, daemon=dict(d.config["daemon"], log_level="warning")))
        if not d.start(env=env):
            raise RuntimeError(f"{exe} did not start: {d.log()[-400:]}")
        try:
            return measure(d)
        finally:
            d.stop()


def measure(d):
    r = {}
    pid = d.pid()
    pings(d.sock, 200)
    time.sleep(1)
    r["idle"] = smaps(pid)
    r["ping alone"] = pct(pings(d.sock, 2000))
    conns = [d.connect() for _ in range(IDLE)]
    time.sleep(0.5)
    r["ping, 1000 idle"] = pct(pings(d.sock, 2000))
    r["1000 idle"] = smaps(pid)
    for s in conns:
        s.close()
    child = flood_child(d.sock, 1)
    lat = []
    while child.poll() is None:
        lat += pings(d.sock, 20, every=0.0005)
    r["ping, garbage flood"] = pct(lat)
    r["flood pings"] = len(lat)
    conns = []
    for _ in range(PIPELINERS):
        s = d.connect()
        s.setblocking(False)
        try:
            s.send(b"today hard solution\n" * 200)
        except BlockingIOError:
            pass
        conns.append(s)
    time.sleep(2)
    r["2000 pipeliners"] = smaps(pid)
    for s in conns:
        s.close()
    for seed in (2, 3, 4):
        flood_child(d.sock, seed).wait()
    time.sleep(SETTLE_S)
    r["10 s after"] = smaps(pid)
    return r


def show(label, runs):
    print(f"== {label}")
    for key in ("ping alone", "ping, 1000 idle", "ping, garbage flood"):
        print(f"  {key:22s}" + "".join(f"  median {m:6.3f} ms p99 {p:6.3f} ms |"
                                        for m, p in (x[key] for x in runs)))
    print(f"  {'flood pings':22s}" + "".join(f"  {x['flood pings']:>30d} |" for x in runs))
    for key in ("idle", "1000 idle", "2000 pipeliners", "10 s after"):
        print(f"  {key + ' KiB':22s}" + "".join(
            f"  RSS {m['Rss']:7d} Pss {m['Pss']:7d} PD {m['Private_Dirty']:7d} |"
            for m in (x[key] for x in runs)))
    for x in runs:
        per = (x["1000 idle"]["Rss"] - x["idle"]["Rss"]) / IDLE * 1024
        back = x["10 s after"]["Rss"] / x["idle"]["Rss"]
        print(f"  per idle connection {per:.0f} B of RSS; 10 s after the load "
              f"RSS is {back:.2f} x idle (Private_Dirty "
              f"{x['10 s after']['Private_Dirty'] / x['idle']['Private_Dirty']:.2f} x)")


def main(args):
    if args[:1] == ["--flood"]:
        flood(args[1], GARBAGE, int(args[2]))
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 8192), hard))
    variants = []
    for a in args or [os.path.join(sd.BUILD, "sudokud")]:
        exe, _, setting = a.partition(":")
        env = dict([setting.split("=", 1)]) if setting else {}
        if not os.access(exe, os.X_OK):
            print(f"bench_socket_load: {exe} not built, skipping")
            return 0
        variants.append((a, os.path.abspath(exe), env))
    results = {a: [] for a, _, _ in variants}
    for _ in range(2):
        for a, exe, env in variants:
            results[a].append(run_once(exe, env))
    for a, _, _ in variants:
        show(a, results[a])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
