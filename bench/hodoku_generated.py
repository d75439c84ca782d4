#!/usr/bin/env python3
"""hodoku_generated: do generated puzzles get the HoDoKu 2.2 level their tier promises?

    bench/hodoku_generated.py HODOKU_CLASSES [--count N] [--seed S] [--sudokuctl PATH]

Generates N puzzles per tier with sudokuctl (seeds S, S+1, ...), rates them with
HoDoKu 2.2 in its default configuration (java -cp HODOKU_CLASSES sudoku.Main
/c default /bs ...), and prints per tier the HoDoKu levels they got and the
share matching (easy=EASY, medium=MEDIUM, hard=HARD, expert=UNFAIR,
extreme=EXTREME). HoDoKu is built from its public sources (1to9only/HoDoKu,
javac --release 8); this is a calibration tool run by hand, never by make check.
"""
import argparse, json, os, re, subprocess, sys, tempfile
from collections import Counter

EXPECT = {"easy": "EASY", "medium": "MEDIUM", "hard": "HARD",
          "expert": "UNFAIR", "extreme": "EXTREME"}


def tiers_of(sudokuctl):
    """The tiers this sudokuctl can generate, from its usage text."""
    out = subprocess.run([sudokuctl, "generate", "--help"], capture_output=True,
                         text=True).stdout
    return [t for t in EXPECT if re.search(r"\b%s\b" % t, out)]


def hodoku_levels(classes, puzzles):
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "in.txt"), "w") as f:
            f.write("\n".join(puzzles) + "\n")
        # HoDoKu reads a value starting with '/' as an option: relative paths.
        subprocess.run(["java", "-Djava.awt.headless=true", "-cp",
                        os.path.abspath(classes), "sudoku.Main", "/c", "default",
                        "/bs", "in.txt", "/o", "out.txt"], cwd=d, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        levels = {}
        with open(os.path.join(d, "out.txt")) as f:
            for line in f:
                m = re.match(r"^([0-9.]{81}) #\d+ (\w+) \((\d+)\)", line)
                if m:
                    levels[m.group(1)] = (m.group(2).upper(), int(m.group(3)))
        return levels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("classes")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sudokuctl", default="build/sudokuctl")
    a = ap.parse_args()
    if not os.path.isdir(os.path.join(a.classes, "sudoku")):
        sys.exit("hodoku_generated: %s has no HoDoKu classes (sudoku/Main.class)" % a.classes)
    worst = 100.0
    for tier in tiers_of(a.sudokuctl):
        out = subprocess.run([a.sudokuctl, "generate", "--difficulty", tier,
                              "--count", str(a.count), "--seed", str(a.seed), "--json"],
                             capture_output=True, text=True, check=True).stdout
        puzzles = [json.loads(l)["puzzle"] for l in out.splitlines() if l.strip()]
        levels = hodoku_levels(a.classes, puzzles)
        got = Counter(levels.get(p, ("MISSING", 0))[0] for p in puzzles)
        ok = got[EXPECT[tier]] * 100.0 / len(puzzles)
        worst = min(worst, ok)
        print("%-8s %4d puzzles  HoDoKu: %s  match %.1f%%" % (
            tier, len(puzzles), ", ".join("%s %d" % kv for kv in sorted(got.items())), ok))
    print("lowest match %.1f%%" % worst)


if __name__ == "__main__":
    main()
