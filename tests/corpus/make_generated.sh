#!/bin/sh
# Writes tests/corpus/generated.txt to stdout: the puzzles the project
# generates itself (15 per tier and symmetry, seed 1600) with the grades
# the current grader gives them.  Run from the repository root after
# `make`, when a change to the grader or the generator moves a grade on
# purpose, and say in the commit which grades moved and why:
#   sh tests/corpus/make_generated.sh > tests/corpus/generated.txt
set -eu
ctl=${SUDOKUCTL:-./build/sudokuctl}
version=$("$ctl" generate --difficulty easy --count 1 --seed 1600 --json |
          sed 's/.*"generator_version":"\{0,1\}\([0-9]*\).*/\1/')
cat <<HEADER
# The grader's expected grades on puzzles the project generates itself:
# for TIER in easy medium hard expert extreme, for SYM in none
# rotational-180 rotational-90 mirror diagonal,
#   sudokuctl generate --difficulty TIER --symmetry SYM --count 15 --seed 1600
# (generator version $version), each graded by the grader of the same build;
# made by tests/corpus/make_generated.sh.
# tests/test_human_reference.c checks these grades and solves each puzzle
# both ways (memo and plain reference path).  A change to the grader that
# moves a grade on purpose regenerates this file and says why.
# Columns: puzzle, tier, score (SE rating x10), effort, symmetry, and the
# hardest technique's name (to the end of the line).
HEADER
for tier in easy medium hard expert extreme; do
    for sym in none rotational-180 rotational-90 mirror diagonal; do
        "$ctl" generate --difficulty "$tier" --symmetry "$sym" --count 15 \
            --seed 1600 |
            "$ctl" grade --json |
            python3 -c '
import json, sys
for line in sys.stdin:
    g = json.loads(line)
    print(g["puzzle"], g["tier"], round(g["score"] * 10), g["effort"], sys.argv[1],
          g["hardest_technique"])' "$sym"
    done
done
