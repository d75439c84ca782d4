#!/bin/sh
# sudokuctl solve/count through the real binary: verdicts, JSON, exit codes.
set -u
CTL=${BUILD:-build}/sudokuctl
fails=0
check() { # name expected actual
    if [ "$2" = "$3" ]; then echo "ok - $1"; else
        echo "not ok - $1"; echo "  expected: $2"; echo "  got:      $3"; fails=$((fails + 1)); fi
}
UNIQUE=..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
SOLVED=483921657967345821251876493548132976729564138136798245372689514814253769695417382
TWO=4.3921.579.7345.21251876493548132976729564138136798245372689514814253769695417382
NONE=12345678........................................................................9
DUP=55...............................................................................

out=$(printf '# a comment\n\n%s\n%s\n%s\n%s\n12345\n' "$UNIQUE" "$TWO" "$NONE" "$DUP" | "$CTL" solve)
check "solve exit status" 0 $?
check "solve verdicts" "$SOLVED
multiple
unsolvable
invalid: digit 5 appears twice in row A (A1, A2)
invalid: expected 81 cells, got 5" "$out"

out=$(printf '%s\n' "$TWO" | "$CTL" solve --json)
check "solve --json multiple" "{\"line\":1,\"puzzle\":\"$TWO\",\"status\":\"multiple\"}" "$out"
out=$(printf '%s\n' "$UNIQUE" | "$CTL" solve --json)
check "solve --json solved" "{\"line\":1,\"puzzle\":\"$UNIQUE\",\"status\":\"solved\",\"solution\":\"$SOLVED\"}" "$out"
out=$(printf '\n%s\n' "$DUP" | "$CTL" solve --json)
check "solve --json invalid" "{\"line\":2,\"puzzle\":\"$DUP\",\"status\":\"invalid\",\"error\":\"digit 5 appears twice in row A (A1, A2)\"}" "$out"

out=$(printf '%s\n%s\n%s\n' "$UNIQUE" "$TWO" "$NONE" | "$CTL" count --limit 10)
check "count verdicts" "1
2
0" "$out"
out=$(printf '%s\n' "$TWO" | "$CTL" count --json)
check "count --json" "{\"line\":1,\"puzzle\":\"$TWO\",\"status\":\"counted\",\"solutions\":2,\"limit\":2}" "$out"

tmp=$(mktemp)
printf '%s\n' "$UNIQUE" > "$tmp"
out=$("$CTL" solve "$tmp")
check "solve FILE" "$SOLVED" "$out"
rm -f "$tmp"

"$CTL" solve /nonexistent/puzzles.txt 2>/dev/null
check "missing file exits 1" 1 $?
err=$("$CTL" solve /nonexistent/puzzles.txt 2>&1)
check "missing file names the path" "sudokuctl: /nonexistent/puzzles.txt: No such file or directory" "$err"
"$CTL" solve --bogus </dev/null 2>/dev/null
check "unknown option exits 2" 2 $?
"$CTL" count --limit 0 </dev/null 2>/dev/null
check "bad limit exits 2" 2 $?
"$CTL" frobnicate 2>/dev/null
check "unknown command exits 2" 2 $?
"$CTL" help solve | grep -q 'unsolvable'
check "help solve documents verdicts" 0 $?
if [ -w /dev/full ]; then
    printf '%s\n' "$UNIQUE" | "$CTL" solve > /dev/full 2>/dev/null
    check "write error exits 1" 1 $?
fi

[ "$fails" -eq 0 ]
