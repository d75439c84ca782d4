#!/usr/bin/env python3
"""<sudoku-board> in a real browser: the test build of sudokud on the test
clock makes and publishes today, a signed webhook delivers it to the example
site (receiver.py --serve, with the daemon's socket for hints), and headless
Chromium driven by Selenium (Debian's python3-selenium, run by
/usr/bin/python3) opens the page.  Checked: the ARIA grid (every cell a
gridcell labelled "row C, column 4, ..."), that the hard board is reached
by Tab and played to its end by keyboard alone (pencil marks, a conflict,
check, undo and redo), taps and the keypad, that a reload finds the
progress, that a hint asked with pencil marks on the board is the daemon's
own answer to that state (and names a wrong entry), the finished state and
its event, the payload as a source, the themes, 320 and 360 px phones
without sideways scrolling, the archive (a signed earlier day; an unsigned
event refused), /hint with the daemon stopped, and no console errors.
Screenshots at 360x740 and 1280x900 go to $BUILD/web_board/; first paint
is printed, not judged."""

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

CHROMIUM, CHROMEDRIVER = "/usr/bin/chromium", "/usr/bin/chromedriver"
SYSTEM_PYTHON = "/usr/bin/python3"

try:
    import selenium  # noqa: F401
except ImportError:
    # Debian's python3-selenium lives in the system interpreter's path; an
    # interpreter earlier on PATH (pyenv, a venv) does not see it.
    if os.path.realpath(sys.executable) != os.path.realpath(SYSTEM_PYTHON) \
            and os.access(SYSTEM_PYTHON, os.X_OK):
        os.execv(SYSTEM_PYTHON, [SYSTEM_PYTHON] + sys.argv)

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from sudokud_test import check, wait_until  # noqa: E402

WEB = os.path.join(sd.ROOT, "web")
RECEIVER = os.path.join(sd.ROOT, "tests", "integration", "receiver.py")
SHOTS = os.path.join(sd.BUILD, "web_board")
DAY_SECONDS = 3600  # the simulated day outlasts the test: one day published
LABEL = re.compile(r"^row [A-I], column [1-9], (given [1-9]|[1-9]|empty(, candidates( [1-9])+)?)"
                   r"(, conflict)?(, wrong)?$")
ROWS = "ABCDEFGHI"


def have_browser():
    try:
        import selenium  # noqa: F401,F811
    except ImportError:
        return False
    return os.access(CHROMIUM, os.X_OK) and os.access(CHROMEDRIVER, os.X_OK)


def browser():
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1280,900", "--force-color-profile=srgb", "--hide-scrollbars"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


def viewport(driver, width, height, mobile):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def start_site(tmp, sock):
    secret_file = os.path.join(tmp, "whsec")
    with open(secret_file, "w") as f:
        f.write(sd.SECRET + "\n")
    store = os.path.join(tmp, "site")
    proc = subprocess.Popen([sys.executable, RECEIVER, "--port", "0", "--secret-file", secret_file,
                             "--serve", store, "--socket", sock], stdout=subprocess.PIPE,
                            stdin=subprocess.DEVNULL, text=True, start_new_session=True)
    sd._started(proc)
    first = proc.stdout.readline()
    m = re.match(r"listening on (http://127\.0\.0\.1:\d+/)", first)
    if not m:
        raise RuntimeError(f"the example site did not start ({first!r})")
    return proc, m.group(1), store


def archive_days(url, store, date):
    """An earlier day, signed as the daemon signs: stored and in the
    archive, the latest day still the front page; an unsigned one refused."""
    day = sd.days_from(date, -1)
    with open(os.path.join(store, f"{date}.json")) as f:
        data = json.load(f)
    data = dict(data, date=day, puzzles=[dict(p, date=day) for p in data["puzzles"]])
    body = json.dumps({"type": "puzzles.published", "schema_version": 1,
                       "timestamp": day + "T00:00:01Z", "data": data}).encode()
    headers = {"Content-Type": "application/json"}
    try:
        urllib.request.urlopen(urllib.request.Request(url, body, headers), timeout=20)
        status = 200
    except urllib.error.HTTPError as e:
        status = e.code
    check(status == 401 and not os.path.exists(os.path.join(store, f"{day}.json")),
          f"an unsigned event is refused and not stored (HTTP {status})")
    ts = str(int(time.time()))
    headers.update({"webhook-id": "msg_archive", "webhook-timestamp": ts,
                    "webhook-signature": sd.receiver.Verifier(sd.SECRET).signature(
                        "msg_archive", ts, body)})
    with urllib.request.urlopen(urllib.request.Request(url, body, headers), timeout=20) as r:
        check(r.status == 200, f"a signed event of {day} is accepted")
    status, archive = get(url + "archive")
    check(archive.find(f'href="/day/{date}"') < archive.find(f'href="/day/{day}"'),
          "the archive lists both days, the latest first")
    status, page = get(url + f"day/{day}")
    check(status == 200 and page.count(f'date="{day}"') == 3, f"/day/{day} serves its boards")
    status, page = get(url)
    check(status == 200 and page.count(f'date="{date}"') == 3, "/ serves the latest day")


def post_json(url, obj):
    req = urllib.request.Request(url, json.dumps(obj).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as r:
        return json.loads(r.read())


def get(url):
    with urllib.request.urlopen(url, timeout=20) as r:
        return r.status, r.read().decode()


class Board:
    """One <sudoku-board> of the page, by tier."""

    def __init__(self, driver, tier):
        self.driver, self.tier = driver, tier
        self.css = f'sudoku-board[tier="{tier}"]'

    def js(self, body, *args):
        return self.driver.execute_script(
            f"const b = document.querySelector('{self.css}'); {body}", *args)

    def labels(self):
        return self.js("return [...b.querySelectorAll('[role=gridcell]')]"
                       ".map(c => c.getAttribute('aria-label'))")

    def values(self):
        return self.js("return [...b.querySelectorAll('.sb-v')].map(v => v.textContent || '.')"
                       ".join('')")

    def cell_class(self, i):
        return self.js("return b.querySelectorAll('[role=gridcell]')[arguments[0]].className", i)

    def status(self):
        return self.js("const s = b.querySelector('.sb-status');"
                       " return [s.dataset.kind, s.textContent]")

    def selected(self):
        """The focused cell of this board, or None."""
        return self.js("const a = document.activeElement;"
                       " return b.contains(a) && a.getAttribute('role') === 'gridcell'"
                       " ? +a.dataset.i : null")


def keys(driver, *seq):
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(*seq).perform()


def ctrl(driver, key):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    ActionChains(driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()


def arrows(frm, to):
    """The arrow keys from cell frm to cell to (no wrapping)."""
    from selenium.webdriver.common.keys import Keys
    dr, dc = to // 9 - frm // 9, to % 9 - frm % 9
    return ([Keys.ARROW_DOWN] * dr if dr > 0 else [Keys.ARROW_UP] * -dr) + \
           ([Keys.ARROW_RIGHT] * dc if dc > 0 else [Keys.ARROW_LEFT] * -dc)


class Player:
    """Plays the board by keyboard from its focused cell."""

    def __init__(self, driver, board):
        self.driver, self.board = driver, board
        self.at = board.selected()

    def go(self, i):
        seq = arrows(self.at, i)
        if seq:
            keys(self.driver, *seq)
        self.at = i

    def type(self, i, text):
        self.go(i)
        keys(self.driver, text)


def tab_to(driver, board):
    """Presses Tab from the top of the page until the board's grid has the
    focus; whether it got there."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    driver.find_element(By.TAG_NAME, "h1").click()
    for _ in range(120):
        if board.selected() is not None:
            return True
        keys(driver, Keys.TAB)
    return False


def axe_check(board, puzzle):
    """Roles and labels as a screen reader meets them."""
    shape = board.js("const g = b.querySelectorAll('[role=grid]');"
                     " const rows = g.length ? [...g[0].children] : [];"
                     " return [g.length, rows.map(r => r.getAttribute('role') + ':' +"
                     " [...r.children].filter(c => c.getAttribute('role') === 'gridcell').length),"
                     " b.querySelectorAll('[role=gridcell][tabindex=\"0\"]').length,"
                     " g.length ? g[0].getAttribute('aria-label') : null]")
    check(shape[0] == 1 and shape[1] == ["row:9"] * 9,
          f"{board.tier}: one role=grid of 9 role=row of 9 role=gridcell ({shape[:2]})")
    check(shape[2] == 1, f"{board.tier}: exactly one cell in the Tab order ({shape[2]})")
    check(bool(shape[3]) and board.tier in shape[3],
          f"{board.tier}: the grid is named ({shape[3]})")
    labels = board.labels()
    bad = [x for x in labels if not LABEL.match(x or "")]
    check(not bad, f"{board.tier}: every cell's label reads 'row R, column C, ...' ({bad[:3]})")
    want = [f"row {ROWS[i // 9]}, column {i % 9 + 1}, " +
            (f"given {puzzle[i]}" if puzzle[i] != "." else "empty") for i in range(81)]
    check(labels == want, f"{board.tier}: labels name each given and empty cell "
          f"({[(a, b) for a, b in zip(labels, want) if a != b][:2]})")


def test_page(tmp):
    files = [os.path.join(WEB, f) for f in ("sudoku-board.js", "sudoku-board.css")]
    size = sum(os.path.getsize(f) for f in files)
    check(size <= 20000, f"sudoku-board.js + .css: {size} bytes, at most 20,000 unminified")
    ascii_only = all(open(f, "rb").read().isascii() for f in files)
    check(ascii_only, "the board's files are ASCII (a page of any charset loads them right)")
    d = sd.Daemon(tmp, "web", test_hooks=True, config={
        "schedule": {"tiers": "easy, medium, hard"},
        "generator": {"symmetry": "rotational-180", "secret": "web-board-test-secret"}})
    site, url, store = start_site(tmp, d.sock)
    d.write_config(d.config, {"site": sd.webhook(url, include_solutions="true")})
    check(d.start(env=sd.test_clock_env(DAY_SECONDS)), "the daemon starts on the test clock")
    date = None
    if not check(wait_until(lambda: any(n.endswith(".json") for n in os.listdir(store)), 120),
                 "a signed webhook delivers the day to the example site"):
        return
    date = [n for n in os.listdir(store) if n.endswith(".json")][0][:-5]
    hard = d.ask("today hard solution")
    check(hard.get("ok") and hard["date"] == date,
          f"the daemon's today is the delivered day ({date})")
    puzzle, solution = hard["puzzles"][0]["puzzle"], hard["puzzles"][0]["solution"]
    status, archive = get(url + "archive")
    check(status == 200 and f'href="/day/{date}"' in archive, "the archive links the day")
    status, page = get(url + f"day/{date}")
    check(status == 200 and page.count("<sudoku-board") == 3, "the day's page: three boards")
    archive_days(url, store, date)
    bad = post_json(url + "hint", {"state": "1 2\nping", "puzzle": puzzle})
    check(bad.get("error", {}).get("code") == "bad_request",
          f"/hint refuses a state that is not one ({bad})")

    os.makedirs(SHOTS, exist_ok=True)
    driver = browser()
    try:
        play(driver, d, url, puzzle, solution)
    finally:
        driver.quit()
    check(d.stop() == 0, "SIGTERM: exit 0")
    down = post_json(url + "hint", {"state": puzzle, "puzzle": puzzle})
    check(down.get("error", {}).get("code") == "unavailable",
          f"with the daemon stopped /hint says it did not answer ({down})")


def play(driver, d, url, puzzle, solution):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    viewport(driver, 1280, 900, False)
    driver.get(url)
    # Printed, not judged (a timing): the paint entries can come after load.
    paint = []
    wait_until(lambda: paint.extend(driver.execute_script(
        "return performance.getEntriesByType('paint').map(e => [e.name, e.startTime])"))
        or paint, 5)
    print("     first paint of the example page: " +
          (", ".join(f"{n} {t:.0f} ms" for n, t in paint) or "no paint entry within 5 s") +
          " (the figure: <= 300 ms)", flush=True)
    boards = {t: Board(driver, t) for t in ("easy", "medium", "hard")}
    check(wait_until(lambda: all(b.labels() for b in boards.values()), 10),
          "three boards are drawn")
    for b in boards.values():
        axe_check(b, b.js("return b.getAttribute('puzzle')"))
    h = boards["hard"]
    check(h.js("return b.getAttribute('puzzle')") == puzzle, "the hard board has the day's puzzle")

    # Pointer and keypad, on the easy board: tap a cell, tap digits.
    e = boards["easy"]
    epuzzle = e.js("return b.getAttribute('puzzle')")
    spot = epuzzle.index(".")
    cell = driver.find_elements(By.CSS_SELECTOR, f"{e.css} [role=gridcell]")[spot]
    tap = lambda label: driver.find_element(  # noqa: E731
        By.CSS_SELECTOR, f'{e.css} button[aria-label="{label}"]').click()
    cell.click()
    tap("digit 4")
    check(e.values()[spot] == "4" and e.selected() == spot,
          "a tapped cell takes the keypad's digit, the focus staying in the grid")
    tap("pencil marks")
    tap("digit 2")
    tap("digit 7")
    check(e.values()[spot] == "4", "pencil mode leaves an entry alone")
    tap("erase")
    tap("digit 2")
    tap("digit 7")
    check(e.labels()[spot] == f"row {ROWS[spot // 9]}, column {spot % 9 + 1}, empty, "
          "candidates 2 7",
          f"the keypad's pencil marks ({e.labels()[spot]})")
    for _ in range(3):  # the two marks, the erase
        tap("undo")
    check(e.values()[spot] == "4", f"the undo key goes back to the entry ({e.labels()[spot]})")
    tap("redo")
    check(e.labels()[spot].endswith(", empty"), "the redo key erases it again")

    # Reached by Tab alone, from the top of the page.
    if not check(tab_to(driver, h), "Tab reaches the hard grid"):
        return
    empty = [i for i in range(81) if puzzle[i] == "."]
    check(h.selected() == empty[0], "the first empty cell has the focus")
    p = Player(driver, h)
    name = lambda i: f"row {ROWS[i // 9]}, column {i % 9 + 1}"  # noqa: E731

    # Pencil marks: p toggles the mode; a digit toggles a mark.
    e0 = empty[0]
    other = next(x for x in "123456789" if x != solution[e0])
    p.type(e0, "p")
    keys(driver, solution[e0], other, "5" if "5" not in (solution[e0], other) else "6")
    keys(driver, "5" if "5" not in (solution[e0], other) else "6")  # toggled off again
    marks = " ".join(sorted(solution[e0] + other))
    check(h.labels()[e0] == f"{name(e0)}, empty, candidates {marks}",
          f"pencil marks in the label ({h.labels()[e0]})")
    keys(driver, "p")
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("9").key_up(Keys.SHIFT).perform()
    check(h.labels()[e0].endswith(" 9") if "9" not in marks else "9" not in h.labels()[e0],
          f"Shift+digit toggles one mark outside pencil mode ({h.labels()[e0]})")
    ActionChains(driver).key_down(Keys.SHIFT).send_keys("9").key_up(Keys.SHIFT).perform()
    check(h.labels()[e0] == f"{name(e0)}, empty, candidates {marks}", "and again takes it off")

    # A conflicting, wrong digit: highlighted, checked, undone, redone, erased.
    e1 = next(i for i in empty[1:]
              if any(puzzle[j] != "." for j in range(i // 9 * 9, i // 9 * 9 + 9)))
    g = next(puzzle[j] for j in range(e1 // 9 * 9, e1 // 9 * 9 + 9) if puzzle[j] != ".")
    p.type(e1, g)
    check("sb-conflict" in h.cell_class(e1) and h.labels()[e1] == f"{name(e1)}, {g}, conflict",
          f"a digit twice in a row is a conflict ({h.labels()[e1]})")
    keys(driver, "c")
    check("sb-wrong" in h.cell_class(e1) and h.status() == ["error", "1 wrong cell"],
          f"check marks the wrong cell ({h.status()})")
    ctrl(driver, "z")
    check(h.values()[e1] == "." and "sb-conflict" not in h.cell_class(e1), "Ctrl+Z undoes it")
    ctrl(driver, "y")
    check(h.values()[e1] == g, "Ctrl+Y redoes it")
    keys(driver, Keys.BACKSPACE)
    check(h.values()[e1] == ".", "Backspace erases it")

    # Half the puzzle by keyboard, then a reload finds it.
    half = empty[:len(empty) // 2]
    for i in half:
        p.type(i, solution[i])
    want = "".join(solution[i] if i in half or puzzle[i] != "." else "." for i in range(81))
    check(h.values() == want, f"{len(half)} cells played by keyboard")
    e2 = empty[-1]
    p.type(e2, "p")
    keys(driver, solution[e2], other if other != solution[e2] else "9")
    keys(driver, "p")
    marked = h.labels()[e2]
    driver.refresh()
    check(wait_until(lambda: h.labels() and h.values() == want, 10),
          "after a reload the entries are back (localStorage)")
    check(h.labels()[e2] == marked, f"and the pencil marks ({h.labels()[e2]})")

    # A hint, asked with pencil marks on the board: the daemon's answer.
    state = driver.execute_script(f"return document.querySelector('{h.css}').state()")
    check(len(state) == 729, "with pencil marks the board sends the 729-character state")
    check(tab_to(driver, h), "after the reload Tab reaches the hard grid again")
    keys(driver, "h")
    check(wait_until(lambda: h.status()[0] == "hint", 10), f"h asks for a hint ({h.status()})")
    direct = d.ask(f"hint {state} {puzzle}")
    check(direct.get("ok") and h.status()[1] == direct["message"],
          f"the hint is the daemon's answer to that state ({h.status()[1]!r})")
    check(h.js("return b.querySelectorAll('.sb-hint').length") >= 1, "its cells are highlighted")
    viewport(driver, 360, 740, True)
    driver.find_element(By.CSS_SELECTOR, h.css).screenshot(os.path.join(SHOTS, "board-360.png"))
    viewport(driver, 1280, 900, False)

    # A wrong entry that breaks no rule: the hint names it (with pencil
    # marks on the board the daemon judges it as marks, "lost its D").
    p = Player(driver, h)
    values = h.values()
    seen = lambda i: {values[j] for j in range(81) if j != i and (  # noqa: E731
        j // 9 == i // 9 or j % 9 == i % 9 or (j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3))}
    wrong_at, wrong = next((i, x) for i in empty if values[i] == "."
                           for x in "123456789" if x != solution[i] and x not in seen(i))
    p.type(wrong_at, wrong)
    check("sb-conflict" not in h.cell_class(wrong_at), "a wrong digit that breaks no rule")
    keys(driver, "h")
    cell_name = ROWS[wrong_at // 9] + str(wrong_at % 9 + 1)
    want = ["error", f"No hint: wrong-marks: {cell_name} lost its {solution[wrong_at]}"]
    check(wait_until(lambda: h.status() == want, 10),
          f"the hint names the wrong entry ({h.status()})")
    check("sb-hint" in h.cell_class(wrong_at), "and highlights it")
    keys(driver, Keys.BACKSPACE)

    # The rest, then the finished state.
    h.js("window.solvedEvents = []; b.addEventListener('sudoku-solved',"
         " e => window.solvedEvents.push(e.detail))")
    for i in empty[len(empty) // 2:]:
        p.type(i, solution[i])
    check(h.values() == solution, "the whole puzzle played by keyboard")
    check("sb-solved" in h.js("return b.className")
          and h.status() == ["solved", "Solved. Well done!"],
          f"the finished state ({h.status()})")
    check(all(x == "true" for x in h.js("return [...b.querySelectorAll('[role=gridcell]')]"
                                         ".map(c => c.getAttribute('aria-readonly'))")),
          "a finished grid is read-only")
    events = driver.execute_script("return window.solvedEvents")
    check(events == [{"date": d.ask("today")["date"], "tier": "hard"}],
          f"one sudoku-solved event with the date and tier ({events})")
    driver.save_screenshot(os.path.join(SHOTS, "desktop-1280x900.png"))

    # The payload JSON as a source, both ways: a JSON child and the property.
    event = {"type": "puzzles.published",
             "data": {"date": "x", "puzzles": d.ask("today")["puzzles"]}}
    got = driver.execute_script(
        "const div = document.createElement('div'); document.body.append(div);"
        " div.innerHTML = '<sudoku-board tier=\"hard\"><script type=\"application/json\">'"
        " + JSON.stringify(arguments[0]) + '</' + 'script></sudoku-board>';"
        " const b = document.createElement('sudoku-board'); b.setAttribute('tier', 'medium');"
        " b.payload = arguments[0]; div.append(b);"
        " const out = [...div.children].map(x => x.givens.map(v => v || '.').join(''));"
        " div.remove(); return out", event)
    want = [p["puzzle"] for t in ("hard", "medium")
            for p in event["data"]["puzzles"] if p["tier"] == t]
    check(got == want,
          "a board fed the payload (a JSON child, the property) picks its tier's puzzle")

    # A bad puzzle: the board says what is wrong (a warning, not an error).
    msg = driver.execute_script(
        "const b = document.createElement('sudoku-board'); b.setAttribute('puzzle', '12x');"
        " document.body.append(b); const m = b.querySelector('.sb-status').textContent;"
        " b.remove(); return m")
    check(msg == "the puzzle must be 81 characters of digits and dots",
          f"a bad puzzle attribute is named ({msg!r})")

    # Themes: light and dark from the variables.
    bg = h.js("const g = b.querySelector('.sb-grid'); const out = [];"
              " for (const t of ['light', 'dark']) { b.setAttribute('theme', t);"
              " out.push(getComputedStyle(g).backgroundColor); } b.removeAttribute('theme');"
              " return out")
    check(bg == ["rgb(255, 255, 255)", "rgb(21, 25, 30)"], f"light and dark themes ({bg})")

    # Phones: no sideways scrolling, a square grid that fits.
    for w, hgt in ((320, 640), (360, 740)):
        viewport(driver, w, hgt, True)
        dims = driver.execute_script(
            f"const g = document.querySelector('{h.css} .sb-grid').getBoundingClientRect();"
            " return [document.documentElement.scrollWidth, g.width, g.height]")
        check(dims[0] <= w and 0 < dims[1] <= w and abs(dims[1] - dims[2]) < 2,
              f"{w} px wide: page {dims[0]} px, grid {dims[1]:.0f}x{dims[2]:.0f}")
    driver.execute_script(f"document.querySelector('{h.css}').scrollIntoView()")
    driver.save_screenshot(os.path.join(SHOTS, "phone-360x740.png"))
    print(f"     screenshots in {SHOTS}")

    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    check(not errors, f"no console errors ({errors[:3]})")


if __name__ == "__main__":
    if not have_browser():
        sys.exit(sd.missing("chromium, chromedriver or python3-selenium (the browser test)",
                            "chromium chromium-driver python3-selenium"))
    sys.exit(sd.main([test_page], test_hooks=True))
