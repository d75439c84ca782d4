#!/usr/bin/env python3
"""The README held to the project.  Its apt-get line names exactly the
packages of packages.txt, the list .ci/run installs; it names no issue and
no commit; its technique table names each row once; it says how long
`make check` takes; a stage skipped for want of a tool fails under CI=true.

And every example in its code blocks (lines indented four spaces) runs:
in a scratch directory holding links to build/ and config/, with
build/sudokud started as `make run` starts it (config/sudokud.dev.conf,
state in ./var) and SUDOKUD_SOCKET naming its socket for the examples of
the installed service (`sudokuctl today`), each command line is run by sh
and must exit 0, saying nothing on standard error.  Lines that change the system (sudo, make, systemctl,
journalctl) are not run, nor are configuration, payload and HTML texts
and the example site, which serves until stopped: each
line not run is named with its reason, and a line of no known kind fails
the test, so a new example is either run here or given a reason."""

import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check  # noqa: E402

README = os.path.join(sd.ROOT, "README.md")
RUN = ("build/sudokuctl", "build/sudokud", "sudokuctl", "echo", "export", "sqlite3")
NOT_RUN = {
    "sudo": "changes the system as root",
    "make": "builds or runs the whole suite (this test runs `make run`'s command)",
    "systemctl": "needs the installed service",
    "journalctl": "needs the installed service",
}


def readme():
    with open(README) as f:
        return f.read()


def code_lines(text):
    """The lines of the indented code blocks (continuations joined), with
    their line numbers."""
    out, prev_blank, in_block = [], True, False
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        indent = len(line) - len(line.lstrip(" "))
        if line.strip() and indent >= 4 and (prev_blank or in_block) \
                and not line.lstrip().startswith(("|", "- ")):
            start = i + 1
            joined = line.strip()
            while joined.endswith("\\") and i + 1 < len(lines):
                i += 1
                joined = joined[:-1].rstrip() + " " + lines[i].strip()
            out.append((start, joined))
            in_block = True
        else:
            in_block = False if line.strip() else in_block
        prev_blank = not line.strip()
        i += 1
    return out


def kind(line):
    """("run", None), ("not run", reason) or (None, None) for a line of no
    known kind."""
    word = line.split()[0]
    if word in RUN:
        return "run", None
    if word in NOT_RUN:
        return "not run", NOT_RUN[word]
    if re.match(r'^\[[A-Za-z]+( "[^"]*")?\]$', line) or re.match(r"^[a-z_]+ = ", line) \
            or re.match(r"^[A-Z][A-Za-z]+=", line):
        return "not run", "configuration text"
    if line.startswith(("{", '"')):
        return "not run", "a payload's shape"
    if line.startswith("<"):
        return "not run", "a web page's HTML"
    if line.startswith("python3 tests/integration/receiver.py") and " --serve " in line:
        return "not run", "a site that serves until stopped (web_board.py runs it)"
    return None, None


def test_packages(tmp):
    with open(os.path.join(sd.ROOT, "packages.txt")) as f:
        listed = [w for line in f for w in line.split("#")[0].split()]
    lines = dict(code_lines(readme())).values()
    apt = [l for l in lines if l.startswith("sudo apt-get install ")]
    named = apt[0].split()[3:] if apt else []
    check(len(apt) == 1 and named == listed,
          f"the README's apt-get line names packages.txt's {len(listed)} packages, in order"
          + ("" if named == listed else f" (README {named})"))
    for p in ("socat", "sqlite3", "valgrind", "libclang-rt-14-dev", "clang"):
        check(p in listed, f"packages.txt has {p}")
    with open(os.path.join(sd.ROOT, ".ci", "run")) as f:
        ci = f.read()
    check("packages.txt" in ci and "apt-get install" in ci and "libjansson-dev" not in ci,
          ".ci/run installs packages.txt (no list of its own)")


def test_text(tmp):
    text = readme()
    words = re.findall(r"\b[Ii]ssues?\b", text)
    check(not words, f"the README never says 'issue' ({len(words)} found)")
    hashes = [w for w in re.findall(r"\b[0-9a-f]{7,40}\b", text)
              if re.search(r"[a-f]", w) and re.search(r"[0-9]", w)]
    check(not hashes, f"no commit hash in the README {hashes[:3]}")
    check(re.search(r"takes\s+about \d+ minutes[^.]*\(`time make check`", text) is not None,
          "the README says how long make check takes, with the command")
    rows = re.findall(r"^\| ([A-Z][^|]*?) \| \d\.\d \| (?:easy|medium|hard|expert)", text, re.M)
    repeated = sorted({r for r in rows if rows.count(r) > 1})
    check(len(rows) > 40 and not repeated,
          f"each technique row names its technique once ({len(rows)} rows; {repeated})")


def test_ci_skips(tmp):
    """valgrind missing: the stage says SKIPPED, and fails under CI=true."""
    bindir = os.path.join(tmp, "bin")
    os.makedirs(bindir)
    for tool in ("sh", "sed", "grep", "cat", "dirname", "mkdir", "rm", "tr", "chmod"):
        path = shutil.which(tool)
        if path:
            os.symlink(path, os.path.join(bindir, tool))
    env = dict(os.environ, PATH=bindir)
    env.pop("CI", None)
    run = subprocess.run(["/bin/sh", "tests/valgrind-run", sd.BUILD], cwd=sd.ROOT,
                         capture_output=True, text=True, env=env)
    check(run.returncode == 0 and run.stdout.startswith("SKIPPED: valgrind"),
          f"without valgrind the stage is skipped, saying so ({run.stdout.strip()})")
    env["CI"] = "true"
    run = subprocess.run(["/bin/sh", "tests/valgrind-run", sd.BUILD], cwd=sd.ROOT,
                         capture_output=True, text=True, env=env)
    check(run.returncode == 1 and run.stdout.startswith("FAILED: valgrind"),
          f"... and fails under CI=true ({run.stdout.strip()})")


def test_examples(tmp):
    work = os.path.join(tmp, "examples")
    os.makedirs(work)
    os.symlink(os.path.abspath(sd.BUILD), os.path.join(work, "build"))
    os.symlink(os.path.join(sd.ROOT, "config"), os.path.join(work, "config"))
    os.makedirs(os.path.join(work, "var"))
    sock = os.path.join(work, "var", "sudokud.sock")
    env = sd.daemon_env({"PATH": os.path.join(work, "build") + ":" + os.environ["PATH"],
                         "SUDOKUD_SOCKET": sock})
    daemon = subprocess.Popen(["build/sudokud", "-c", "config/sudokud.dev.conf", "--foreground"],
                              cwd=work, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    sd._started(daemon)
    ready = sd.wait_until(lambda: subprocess.run(
        ["build/sudokuctl", "today", "hard"], cwd=work, env=env,
        capture_output=True).returncode == 0, 60)
    check(ready, "`make run`'s daemon serves today's hard puzzle")
    unknown, ran = [], 0
    for lineno, line in code_lines(readme()):
        what, reason = kind(line)
        if what is None:
            unknown.append(f"{lineno}: {line}")
        elif what == "not run":
            print(f"     not run, README:{lineno} ({reason}): {line[:70]}")
        elif line.startswith("export "):
            name, value = line.split()[1].split("=", 1)
            env[name] = value
        else:
            r = subprocess.run(["sh", "-c", line], cwd=work, env=env, capture_output=True,
                               text=True, timeout=60)
            ran += 1
            check(r.returncode == 0 and not r.stderr.strip(),
                  f"README:{lineno} runs: {line[:70]}"
                  + ("" if r.returncode == 0 else f" (exit {r.returncode}: {r.stderr.strip()})"))
    check(not unknown, "every line of the README's code blocks is run or given a reason"
          + "".join(f"\n     {u}" for u in unknown))
    check(ran >= 20, f"{ran} README examples ran")


if __name__ == "__main__":
    sys.exit(sd.main([test_packages, test_text, test_ci_skips, test_examples]))
