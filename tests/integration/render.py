#!/usr/bin/env python3
"""Puzzles drawn through the real programs: sudokuctl render's SVG parsed by
Python's xml.etree (a second XML parser beside test_render's checker) with
each feature found in its structure and the same bytes from two runs; a
player's state (entries, pencil marks, its hint);
PNG's size from its header; PDF's page size and its embedded DejaVu fonts
read from the file; the errors (exit 2 naming the problem, exit 1 for no
hint, nothing left at OUT); sudokud linking neither librsvg nor cairo while
sudokuctl does (ldd); and sudokuctl print against a real daemon holding 40
days (32 under valgrind): the pages counted, each page's footer, captions and the solutions at
the back read from the PDF's text, --tiers, and the errors; and the
socket's render DATE TIER [solution], its SVG read the same way."""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import PUZZLE, SOLVED, check  # noqa: E402

NS = "{http://www.w3.org/2000/svg}"
# Days the booklet covers: more than one list request's 31; fewer under
# valgrind, whose slowdown each of the booklet's drawings pays.
DAYS = 32 if sd.UNDER_VALGRIND else 40


def ctl(*args, **kw):
    return sd.ctl(*args, timeout=600 if sd.UNDER_VALGRIND else 60, **kw)


def svg_of(tmp, *args):
    out = os.path.join(tmp, "out.svg")
    r = ctl("render", PUZZLE, *args, "-o", out)
    check(r.returncode == 0, f"render {' '.join(args)}: exit 0 ({r.stderr.strip()})")
    with open(out, "rb") as f:
        data = f.read()
    return data, ET.fromstring(data)


def group(root, cls):
    return [g for g in root.iter(NS + "g") if g.get("class") == cls]


def texts(g):
    return [t.text for t in g.iter(NS + "text")]


def test_svg(tmp):
    data, root = svg_of(tmp)
    check(root.tag == NS + "svg" and root.get("version") == "1.1" and root.get("viewBox"),
          "the root is <svg> of SVG 1.1 with a viewBox")
    check(data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>'), "XML declaration")
    givens = [c for c in PUZZLE if c != "."]
    (g,) = group(root, "givens")
    check(sorted(texts(g)) == sorted(givens) and g.get("font-weight") == "bold",
          f"the {len(givens)} givens, bold")
    check(not group(root, "candidates") and not group(root, "hint") and
          not group(root, "labels"), "nothing asked for is drawn")
    paths = [p.get("stroke-width") for p in root.iter(NS + "path")]
    check(sorted(paths) == ["1", "3"], "thin cell lines and thick box lines")
    again, _ = svg_of(tmp)
    check(again == data, "the same bytes from a second run")

    src = os.path.join(tmp, "puzzles.txt")
    with open(src, "w") as f:
        f.write("# a comment\n\n" + PUZZLE + "\n" + SOLVED + "\n")
    r = ctl("render", src, "-o", "-")
    check(r.returncode == 0 and r.stdout.encode() == data,
          "FILE's first puzzle line, '-' for standard output: the same SVG")


def test_features(tmp):
    _, root = svg_of(tmp, "--solution")
    (s,) = group(root, "solution")
    want = sorted(SOLVED[i] for i in range(81) if PUZZLE[i] == ".")
    check(sorted(texts(s)) == want and s.get("font-weight") == "normal",
          "--solution: the solution's digits in the empty cells, normal weight")

    _, root = svg_of(tmp, "--candidates")
    (c,) = group(root, "candidates")
    check(len(texts(c)) > 81 - 30 and all(t in "123456789" for t in texts(c)),
          f"--candidates: {len(texts(c))} pencil marks")

    _, root = svg_of(tmp, "--hint")
    (h,) = group(root, "hint")
    marks = list(h.iter(NS + "circle"))
    check(group(root, "candidates") and len(marks) >= 1,
          "--hint: the candidates and the step's highlighted candidates")

    _, root = svg_of(tmp, "--labels", "--date", "2026-11-25", "--tier", "Tough & hard")
    (lab,) = group(root, "labels")
    check(sorted(texts(lab)) == sorted("ABCDEFGHI123456789"), "--labels: A-I and 1-9")
    cap = [t for t in root.iter(NS + "text") if t.get("class") == "caption"]
    check(len(cap) == 1 and cap[0].text == "2026-11-25 \u00b7 Tough & hard",
          f"the caption, escaped and read back ({cap[0].text if cap else None!r})")


def candidates(puzzle):
    """Each cell's digits: the given alone, or what its houses leave."""
    def peers(i):
        r, c = divmod(i, 9)
        return [j for j in range(81) if j != i and (j // 9 == r or j % 9 == c or
                (j // 27, j % 9 // 3) == (i // 27, i % 9 // 3))]
    return [{int(ch)} if ch != "." else
            set(range(1, 10)) - {int(puzzle[j]) for j in peers(i) if puzzle[j] != "."}
            for i, ch in enumerate(puzzle)]


def test_state(tmp):
    a1 = SOLVED[0]
    played = a1 + PUZZLE[1:]
    _, root = svg_of(tmp, "--state", played)
    (e,) = group(root, "entries")
    check(texts(e) == [a1] and e.get("font-weight") == "normal",
          "--state: the player's digit A1 drawn as an entry, not a given")
    cands = candidates(played)
    cands[1].discard(min(cands[1] - {int(SOLVED[1])}))  # the player crossed out a mark in A2
    line = "".join("".join(str(d) if d in c else "." for d in range(1, 10)) for c in cands)
    _, root = svg_of(tmp, "--state", line)
    (c,) = group(root, "candidates")
    want = sum(len(c) for i, c in enumerate(cands) if played[i] == ".")
    check(len(texts(c)) == want, f"a pencil-mark state: its {want} marks, as the player left them")
    _, root = svg_of(tmp, "--state", line, "--hint")
    check(group(root, "hint") and group(root, "entries"), "--state with --hint: the state's step")
    out = os.path.join(tmp, "bad.svg")
    r = ctl("render", PUZZLE, "--state", PUZZLE[:2] + "5" + PUZZLE[3:], "-o", out)
    check(r.returncode == 2 and "on a given's cell" in r.stderr and not os.path.exists(out),
          f"a state that changes a given: exit 2, named ({r.stderr.strip()!r})")


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    check(head[:8] == b"\x89PNG\r\n\x1a\n", "a PNG signature")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def pdf_fonts(data):
    """The embedded fonts' names (a font with a FontFile of its own)."""
    return sorted({m.group(1).decode().split("+")[-1] for m in re.finditer(
        rb"/FontName /([\w+-]+)\s*(?:/\w+ [^/]*)*?/FontFile2? \d+ 0 R", data)})


def pdf_page_texts(data):
    """Each page's text blocks (BT..ET, its literal strings joined) of a PDF
    as cairo writes it: no object streams, FlateDecode content, simple
    fonts whose strings are literal (WinAnsi)."""
    objs = {int(m.group(1)): m.group(2)
            for m in re.finditer(rb"(?<![\d])(\d+) 0 obj\s*(.*?)endobj", data, re.S)}
    pages = []
    for body in objs.values():
        if not re.search(rb"/Type /Page\b(?!s)", body):
            continue
        content = objs[int(re.search(rb"/Contents (\d+) 0 R", body).group(1))]
        raw = content[content.index(b"stream") + 6:content.rindex(b"endstream")].lstrip(b"\r\n")
        text = zlib.decompress(raw).decode("latin-1")
        blocks = []
        for bt in re.findall(r"\bBT\b(.*?)\bET\b", text, re.S):
            s = "".join(re.findall(r"\(((?:\\.|[^\\)])*)\)", bt))
            s = re.sub(r"\\([0-7]{3})",
                       lambda m: bytes([int(m.group(1), 8)]).decode("cp1252"), s)
            blocks.append(re.sub(r"\\(.)", r"\1", s))
        pages.append((int(re.search(rb"/Type /Page % (\d+)", body).group(1)), blocks))
    return [b for _, b in sorted(pages)]


def test_png_pdf(tmp):
    png = os.path.join(tmp, "p.png")
    r = ctl("render", PUZZLE, "--size", "300", "-o", png)
    check(r.returncode == 0 and png_size(png) == (300, 300), "--size 300: a 300x300 PNG")
    r = ctl("render", PUZZLE, "--format", "png", "--date", "2026-11-25", "-o",
            os.path.join(tmp, "p.img"))
    check(r.returncode == 0 and png_size(os.path.join(tmp, "p.img"))[1] > 450,
          "--format png over the extension; the caption makes it taller")

    for paper, box in (("a4", "595.276 841.89"), ("letter", "612 792")):
        pdf = os.path.join(tmp, f"{paper}.pdf")
        r = ctl("render", PUZZLE, "--paper", paper, "--tier", "hard", "-o", pdf)
        with open(pdf, "rb") as f:
            data = f.read()
        check(r.returncode == 0 and data.startswith(b"%PDF-"), f"--paper {paper}: a PDF")
        check(f"/MediaBox [ 0 0 {box} ]".encode() in data, f"{paper}: MediaBox {box}")
        fonts = pdf_fonts(data)
        check(fonts == ["DejaVuSans", "DejaVuSans-Bold"],
              f"{paper}: DejaVu Sans and its bold embedded ({fonts})")
        (page,) = pdf_page_texts(data)
        check("hard" in page, f"{paper}: the caption is text in the PDF")


def test_errors(tmp):
    out = os.path.join(tmp, "bad.svg")
    for args, code, says in [
        (["123"], 2, "not a puzzle: expected 81 cells, got 3"),
        ([PUZZLE, "--format", "gif"], 2, "unknown format 'gif'"),
        ([PUZZLE, "--paper", "a4", "--format", "png"], 2, "--paper is for --format pdf"),
        ([PUZZLE, "--size", "0"], 2, "--size '0'"),
        ([PUZZLE, "--tier", "h\u00e4rd"], 2, "caption tier: byte 0xc3 at position 2"),
        ([PUZZLE, "--solution", "--hint"], 2, "both given"),
        ([SOLVED, "--hint"], 1, "no hint: "),
        (["." * 81, "--solution"], 1, "more than one solution"),
    ]:
        r = ctl("render", *args, "-o", out)
        check(r.returncode == code and says in r.stderr and not os.path.exists(out),
              f"render {' '.join(a[:12] for a in args)}: exit {code}, says {says!r}, "
              f"writes nothing ({r.returncode} {r.stderr.strip()!r})")
    r = ctl("render", PUZZLE)
    check(r.returncode == 2 and "missing -o OUT" in r.stderr, "no -o: exit 2")
    r = ctl("render", PUZZLE, "-o", os.path.join(tmp, "no", "such", "dir.svg"))
    check(r.returncode == 1 and "No such file or directory" in r.stderr,
          "an OUT that cannot be written: exit 1, the reason")


def test_links(tmp):
    def libs(exe):
        with open(exe, "rb") as f:
            head = f.read(4096)
        if head.startswith(b"#!"):  # tests/valgrind-run's wrapper: the program it runs
            exe = re.search(rb"(\S+)\s+\"\$@\"", head).group(1).decode()
        r = subprocess.run(["ldd", exe], capture_output=True, text=True)
        check(r.returncode == 0, f"ldd {exe}")
        return r.stdout
    daemon, client = libs(sd.SUDOKUD), libs(sd.SUDOKUCTL)
    check("librsvg" not in daemon and
          "libcairo" not in daemon, "sudokud links neither librsvg nor cairo")
    check("librsvg" in client and "libcairo" in client, "sudokuctl links both")


def test_print(tmp):
    with sd.Daemon(tmp, name="print") as d:
        d.create_db()
        today = sd.today()
        first = sd.store_days(d.db, today, DAYS)
        check(d.start(), "the daemon starts")
        pdf = os.path.join(tmp, "booklet.pdf")
        r = sd.ctl("--socket", d.sock, "print", first, today, "-o", pdf, timeout=900)
        check(r.returncode == 0, f"print 40 days: exit 0 ({r.stderr.strip()})")
        with open(pdf, "rb") as f:
            data = f.read()
        pages = pdf_page_texts(data)
        front, back = -(-3 * DAYS // 6), -(-3 * DAYS // 20)
        n = front + back
        check(len(pages) == n, f"{3 * DAYS} puzzles: {front} pages of 6, {back} of 20 "
              f"solutions (got {len(pages)})")
        check(pdf_fonts(data) == ["DejaVuSans", "DejaVuSans-Bold"], "DejaVu embedded")
        foot = [p[-1] for p in pages]
        check(foot[0] == f"Puzzles {first} to {sd.days_from(first, 1)}  -  page 1 of {n}",
              f"page 1's footer: its dates ({foot[0]!r})")
        check(foot[front - 1].startswith("Puzzles ") and
              foot[front - 1].endswith(f"page {front} of {n}") and today in foot[front - 1],
              "the last puzzle page ends at TO")
        check(foot[front] ==
              f"Solutions {first} to {sd.days_from(first, 6)}  -  page {front + 1} of {n}",
              f"the solutions at the back ({foot[front]!r})")
        check(any(b == f"{first} \u00b7 easy \u00b7 score 1.5" for b in pages[0]),
              "a puzzle's caption: date, tier, score")
        check(sum(b.count(f"{first} \u00b7 ") for b in pages[front]) == 3,
              "the first day's three solutions on the first solution page")

        r = sd.ctl("--socket", d.sock, "print", first, today, "--tiers", "hard,easy",
                   "--per-page", "4", "--paper", "letter", "-o", pdf, timeout=900)
        with open(pdf, "rb") as f:
            data = f.read()
        pages = pdf_page_texts(data)
        want = -(-2 * DAYS // 4) + -(-2 * DAYS // 20)
        check(r.returncode == 0 and len(pages) == want and b"612 792" in data,
              f"--tiers hard,easy --per-page 4 --paper letter: {want} pages ({len(pages)})")
        check(not any("medium" in b for p in pages for b in p), "no medium puzzle")

        before = os.path.getsize(pdf)
        for args, code, says in [
            (["2026-02-30", today], 2, "bad date '2026-02-30'"),
            ([today, first], 2, f"FROM {today} is after TO {first}"),
            ([first, today, "--tiers", "easy,nightmare"], 2, "unknown tier 'nightmare'"),
            (["2001-01-01", "2001-02-01"], 1, "no puzzles published from 2001-01-01"),
        ]:
            r = d.ctl("print", *args, "-o", pdf)
            check(r.returncode == code and says in r.stderr and
                  os.path.getsize(pdf) == before,
                  f"print {' '.join(args)}: exit {code}, {says!r}, OUT untouched "
                  f"({r.returncode} {r.stderr.strip()!r})")
    r = ctl("print", first, today, "--socket", os.path.join(tmp, "none.sock"), "-o", pdf)
    check(r.returncode == 3 and "cannot connect" in r.stderr, "no daemon: exit 3")


def test_socket_render(tmp):
    with sd.Daemon(tmp, name="sock") as d:
        d.create_db()
        today = sd.today()
        sd.store_day(d.db, today, 3)
        check(d.start(), "the daemon starts")
        (row,) = d.query("SELECT puzzle, solution, score FROM puzzle WHERE date = ? AND "
                         "tier = 'medium'", (today,))
        r = d.ask(f"render {today} medium")
        root = ET.fromstring(r.get("svg", "").encode())
        check(r.get("ok") and r["date"] == today and r["tier"] == "medium" and
              root.get("version") == "1.1", "render DATE TIER: an SVG 1.1 document")
        (g,) = group(root, "givens")
        check(sorted(texts(g)) == sorted(c for c in row[0] if c != "."),
              "the stored puzzle's givens")
        cap = [t.text for t in root.iter(NS + "text") if t.get("class") == "caption"]
        check(cap == [f"{today} \u00b7 medium \u00b7 score {row[2]:.1f}"],
              f"captioned with date, label and score ({cap})")
        again = d.ask(f"render today medium")
        check(again == r, "the same reply for today, the same bytes")
        r = d.ask(f"render {today} medium solution")
        (s,) = group(ET.fromstring(r["svg"].encode()), "solution")
        check(sorted(texts(s)) == sorted(row[1][i] for i in range(81) if row[0][i] == "."),
              "with solution: the solution's digits in the empty cells")
        for line, code in [("render", "bad_request"), (f"render {today}", "bad_request"),
                           ("render tomorrow easy", "not_found"),
                           ("render 2001-01-01 easy", "not_found")]:
            got = sd.code_of(d.ask(line))
            check(got == code, f"{line!r}: {code} ({got})")


if __name__ == "__main__":
    sys.exit(sd.main([test_svg, test_features, test_state, test_png_pdf, test_errors, test_links,
                      test_print, test_socket_render]))
