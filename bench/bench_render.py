#!/usr/bin/env python3
"""bench_render: what sudokuctl's drawings cost, through the real programs.
One puzzle: `sudokuctl render PUZZLE --format pdf` against the same
command writing SVG, alternated A B A B (RUNS each), wall-clock medians
and their ratio.  A booklet: a daemon (build/sudokud, temporary
directory) holding 365 days of three tiers, `sudokuctl print FIRST LAST
-o booklet.pdf` run BOOKLETS times: wall-clock and CPU (user+sys)
medians, pages and bytes.  The daemon at rest: RSS and Private_Dirty 3 s
after READY=1, median of STARTS starts, alternated with the daemon named
by $BASE_SUDOKUD (a build without the drawing, to compare) when it is set.
Needs no data files."""

import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests",
                                "lib"))
import sudokud_test as sd  # noqa: E402

RUNS = 21
BOOKLETS = 3
DAYS = 365
STARTS = 5


def timed(args):
    """Wall-clock and CPU seconds of one run of args (which must succeed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    r = subprocess.run(args, capture_output=True)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode != 0:
        sys.exit(f"bench_render: {' '.join(args)}: {r.stderr.decode().strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_puzzle(tmp):
    a, b = [], []
    for _ in range(RUNS):
        a.append(timed([sd.SUDOKUCTL, "render", sd.PUZZLE, "-o", os.path.join(tmp, "p.svg")])[0])
        b.append(timed([sd.SUDOKUCTL, "render", sd.PUZZLE, "--format", "pdf", "-o",
                        os.path.join(tmp, "p.pdf")])[0])
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"one puzzle, {RUNS} runs each, alternated: render -o p.svg median {ma * 1e3:.1f} ms, "
          f"render --format pdf median {mb * 1e3:.1f} ms ({mb / ma:.2f}x), "
          f"PDF {os.path.getsize(os.path.join(tmp, 'p.pdf'))} bytes")


def booklet(tmp):
    with sd.Daemon(tmp, name="booklet") as d:
        d.create_db()
        last = sd.today()
        first = sd.store_days(d.db, last, DAYS)
        if not d.start():
            sys.exit("bench_render: the daemon did not start")
        out = os.path.join(tmp, "booklet.pdf")
        walls, cpus = [], []
        for _ in range(BOOKLETS):
            wall, cpu = timed([sd.SUDOKUCTL, "--socket", d.sock, "print", first, last, "-o", out])
            walls.append(wall)
            cpus.append(cpu)
        d.stop()
    with open(out, "rb") as f:
        pages = f.read().count(b"/Type /Page ")
    print(f"booklet of {DAYS} days x 3 tiers ({first} to {last}), {BOOKLETS} runs: "
          f"wall median {statistics.median(walls):.2f} s, CPU (user+sys) median "
          f"{statistics.median(cpus):.2f} s, {pages} pages, {os.path.getsize(out)} bytes "
          f"({os.path.getsize(out) / 1e6:.2f} MB)")


def at_rest(tmp):
    exes = {"this sudokud": sd.SUDOKUD}
    if os.environ.get("BASE_SUDOKUD"):
        exes = {"BASE_SUDOKUD": os.path.abspath(os.environ["BASE_SUDOKUD"]), **exes}
    got = {name: [] for name in exes}
    for n in range(STARTS):
        for name, exe in exes.items():
            d = sd.Daemon(tmp, name=f"rest{n}{len(got[name])}{name[0]}")
            d.exe = exe
            if not d.start():
                sys.exit(f"bench_render: {exe} did not start")
            time.sleep(3)
            with open(f"/proc/{d.pid()}/smaps_rollup") as f:
                dirty = int(re.search(r"Private_Dirty:\s+(\d+)", f.read()).group(1))
            got[name].append((d.rss_kib(), dirty))
            d.stop()
    for name, v in got.items():
        print(f"{name} at rest 3 s after READY=1, {STARTS} starts{' alternated' if len(exes) > 1 else ''}: "
              f"RSS median {statistics.median(x[0] for x in v):.0f} KiB "
              f"({', '.join(str(x[0]) for x in v)}), Private_Dirty median "
              f"{statistics.median(x[1] for x in v):.0f} KiB")


def main():
    for exe in (sd.SUDOKUD, sd.SUDOKUCTL):
        if not os.access(exe, os.X_OK):
            sys.exit(f"bench_render: {exe} not built")
    with open("/proc/loadavg") as f:
        print(f"load average at the start: {f.read().split()[0]}")
    with tempfile.TemporaryDirectory(prefix="bench_render.") as tmp:
        one_puzzle(tmp)
        booklet(tmp)
        at_rest(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
