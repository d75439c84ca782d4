#!/bin/sh
# sudokuctl grade / explain / hint through the real binary: verdict lines,
# JSON that parses, exit codes, and clear answers to bad grids.
set -u
BUILD=${BUILD:-build}
CTL="$BUILD/sudokuctl"
fails=0
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# A valid solution (row r shifted by 3r + r/3) and a puzzle made from it
# with a checkerboard of holes: one solution, singles only.
solution=$(python3 -c '
print("".join(str((r * 3 + r // 3 + c) % 9 + 1) for r in range(9) for c in range(9)))')
puzzle=$(python3 -c '
import sys
s = sys.argv[1]
print("".join("." if (i // 9 + i % 9) % 2 == 0 else s[i] for i in range(81)))' "$solution")
empty=$(printf '%081d' 0 | tr 0 .)

# grade: one line per puzzle, bad lines reported in place, exit 0.
printf '%s\n# a comment\n%s\nnot a puzzle\n%s\n' "$puzzle" "$solution" "$empty" \
    > "$tmp/in.txt"
"$CTL" grade "$tmp/in.txt" > "$tmp/out.txt"; rc=$?
[ "$rc" -eq 0 ] || fail "grade exit $rc"
[ "$(wc -l < "$tmp/out.txt")" -eq 4 ] || fail "grade: expected 4 lines"
sed -n 1p "$tmp/out.txt" | grep -q '^easy [0-9]\.[0-9]/[0-9]\.[0-9]/[0-9]\.[0-9] ' ||
    fail "grade line 1 (TIER SCORE/PEARL/DIAMOND HARDEST): $(sed -n 1p "$tmp/out.txt")"
sed -n 3p "$tmp/out.txt" | grep -q '^invalid: ' || fail "grade line 3: $(sed -n 3p "$tmp/out.txt")"
sed -n 4p "$tmp/out.txt" | grep -q '^multiple$' || fail "grade line 4"

# grade --json from stdin: every line is a JSON object with the fields.
"$CTL" grade - --json < "$tmp/in.txt" > "$tmp/out.json" || fail "grade --json exit"
python3 - "$tmp/out.json" <<'EOF' || fail "grade --json content"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 4, rows
first = rows[0]
for key in ("tier", "effort", "tier_hardest", "score", "pearl", "diamond", "score_hardest",
            "hardest_technique", "steps", "technique_counts", "puzzle"):
    assert key in first, key
# singles only: SE rates each 1.0-1.5, so score, pearl and diamond agree
assert first["pearl"] <= first["score"] <= 1.5 and first["diamond"] <= first["score"]
assert first["score_hardest"] == first["hardest_technique"]
assert first["tier_hardest"] in ("Hidden single", "Naked single", "Full house")
assert first["tier"] == "easy" and first["steps"] == 41
assert first["status"] == "graded"
assert sum(first["technique_counts"].values()) == 41
assert rows[2]["line"] == 4 and rows[2]["status"] == "invalid" and rows[2]["error"]
assert rows[3]["status"] == "multiple"
EOF

# explain: numbered steps and a summary; --json parses; --candidates grid.
"$CTL" explain "$puzzle" > "$tmp/explain.txt" || fail "explain exit"
grep -q '^1\. ' "$tmp/explain.txt" || fail "explain: no step 1"
grep -q '^41\. ' "$tmp/explain.txt" || fail "explain: no step 41"
grep -q '^solved in 41 steps: easy' "$tmp/explain.txt" || fail "explain summary"
# --rater: the score's path (SE's order) or the tier's (the default)
"$CTL" explain "$puzzle" --rater se > "$tmp/explain_se.txt" || fail "explain --rater se exit"
grep -q '^solved in 41 steps: easy, score ' "$tmp/explain_se.txt" || fail "explain --rater se summary"
"$CTL" explain "$puzzle" --rater hodoku | cmp -s - "$tmp/explain.txt" ||
    fail "explain --rater hodoku is not the default path"
"$CTL" explain "$puzzle" --rater sukaku 2> "$tmp/err.txt"; rc=$?
[ "$rc" -eq 2 ] || fail "explain --rater sukaku: exit $rc"
grep -q "not 'sukaku'" "$tmp/err.txt" || fail "explain --rater: the bad name not given"
"$CTL" explain "$puzzle" --candidates | grep -q -- '-+-' || fail "explain --candidates"
"$CTL" explain "$puzzle" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["status"] == "solved" and len(d["steps"]) == 41
s = d["steps"][0]
assert s["n"] == 1 and s["placements"] and s["text"]' || fail "explain --json"
"$CTL" explain "$empty" 2> "$tmp/err.txt"; rc=$?
[ "$rc" -eq 1 ] || fail "explain of an empty grid: exit $rc"
grep -q 'more than one solution' "$tmp/err.txt" || fail "explain: no reason given"
"$CTL" explain 123 2> /dev/null; rc=$?
[ "$rc" -eq 2 ] || fail "explain of a short puzzle: exit $rc"

# hint: next step, solved, wrong entry (with and without the puzzle),
# contradiction, bad input.
"$CTL" hint "$puzzle" | grep -q '^step: .*single' || fail "hint step"
"$CTL" hint "$solution" | grep -q '^solved: ' || fail "hint solved"
wrong=$(python3 -c '
import sys
p, s = sys.argv[1], sys.argv[2]
g = list(p)
g[1] = g[9] = g[11] = g[19] = "."     # room for a quiet wrong digit
i = g.index(".")
def ok(g, i, d):
    r, c = divmod(i, 9)
    for j in range(81):
        rj, cj = divmod(j, 9)
        if j != i and g[j] == d and (rj == r or cj == c or
                (rj // 3 == r // 3 and cj // 3 == c // 3)):
            return False
    return True
p2 = list(g)
for d in "123456789":
    if d != s[i] and ok(g, i, d):
        g[i] = d
        break
print("".join(p2), "".join(g))' "$puzzle" "$solution")
wpuzzle=${wrong% *}
wstate=${wrong#* }
"$CTL" hint "$wstate" --puzzle "$wpuzzle" | grep -q '^wrong: 1 entry is wrong: A1' \
    || fail "hint wrong entry: $("$CTL" hint "$wstate" --puzzle "$wpuzzle")"
"$CTL" hint "$wstate" --puzzle "$wpuzzle" --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
assert d["status"] == "wrong" and d["wrong"] == ["A1"], d' || fail "hint --json wrong"
"$CTL" hint "$wstate" | grep -q '^no-solution: ' || fail "hint wrong without puzzle"
conflict="77$(printf '%079d' 0 | tr 0 .)"
"$CTL" hint "$conflict" | grep -q '^conflict: contradiction' || fail "hint conflict"
"$CTL" hint "12x" 2> /dev/null; rc=$?
[ "$rc" -eq 2 ] || fail "hint of bad input: exit $rc"
"$CTL" hint "$puzzle" --bogus 2> /dev/null; rc=$?
[ "$rc" -eq 2 ] || fail "hint --bogus: exit $rc"

[ "$fails" -eq 0 ] && echo "ctl_grade: ok"
[ "$fails" -eq 0 ]
