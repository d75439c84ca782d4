#!/usr/bin/env python3
"""Example receiver for sudokud's webhooks (Python 3 standard library only).

sudokud signs each delivery per Standard Webhooks: the headers
webhook-id, webhook-timestamp and webhook-signature ("v1,<base64>", an
HMAC-SHA256 over "id.timestamp.body" keyed with the base64 part of your
whsec_ secret).  A receiver must:
  1. verify the signature over the raw body, before parsing it;
  2. refuse timestamps more than 5 minutes away (replayed requests);
  3. dedupe on webhook-id: a delivery is retried until it gets a 2xx, so
     the same event can arrive twice (e.g. your 200 was lost);
  4. answer 2xx quickly, and 410 Gone only to stop deliveries for good.

Run it:
    python3 receiver.py --port 8080 --secret-file /path/to/whsec-file
and point a [webhook "NAME"] section at http://127.0.0.1:8080/ (behind
your TLS proxy for a real site).  Without arguments it checks itself
against the Standard Webhooks test vector and exits (tests/run does this).

With --serve DIR it is also an example site: it keeps each verified day in
DIR/YYYY-MM-DD.json and serves GET / (the latest day, one <sudoku-board>
per tier), /day/YYYY-MM-DD, /archive, and the board's files from --web
(share/sudokud/web when installed).  With --socket (the daemon's query
socket) each board gets a Hint button: POST /hint {"state", "puzzle"} asks
the daemon `hint STATE PUZZLE` and answers its JSON reply.
--port 0 takes a free port; the first line printed names the address.
"""

import argparse
import base64
import collections
import hashlib
import hmac
import html
import http.server
import json
import os
import re
import socket
import sys
import threading
import time

TOLERANCE_S = 5 * 60
BODY_MAX = 1024 * 1024


class VerificationError(Exception):
    pass


class Verifier:
    """Checks Standard Webhooks v1 signatures for one secret."""

    def __init__(self, secret):
        if not secret.startswith("whsec_"):
            raise ValueError("the secret must start with whsec_")
        b64 = secret[len("whsec_"):]
        self.key = base64.b64decode(b64 + "=" * (-len(b64) % 4))

    def signature(self, msg_id, timestamp, body):
        signed = f"{msg_id}.{timestamp}.".encode() + body
        mac = hmac.new(self.key, signed, hashlib.sha256).digest()
        return "v1," + base64.b64encode(mac).decode()

    def verify(self, headers, body, now=None):
        """headers: a mapping with case-insensitive get (or lower-case keys).
        Returns the webhook-id; raises VerificationError."""
        msg_id = headers.get("webhook-id")
        timestamp = headers.get("webhook-timestamp")
        signatures = headers.get("webhook-signature")
        if not msg_id or not timestamp or not signatures:
            raise VerificationError("missing webhook-* headers")
        try:
            ts = int(timestamp)
        except ValueError:
            raise VerificationError("bad webhook-timestamp")
        now = time.time() if now is None else now
        if abs(now - ts) > TOLERANCE_S:
            raise VerificationError("webhook-timestamp too far from now")
        expected = self.signature(msg_id, timestamp, body).encode()
        for sig in signatures.split():
            if hmac.compare_digest(sig.encode(), expected):
                return msg_id
        raise VerificationError("no matching signature")


class Seen:
    """webhook-ids already processed, the most recent `size` of them (keep
    them in your database in a real site)."""

    def __init__(self, size=10000):
        self.ids = collections.OrderedDict()
        self.size = size

    def __contains__(self, msg_id):
        return msg_id in self.ids

    def add(self, msg_id):
        self.ids[msg_id] = True
        while len(self.ids) > self.size:
            self.ids.popitem(last=False)


def process(event, site=None):
    """Replace with your site's logic (store today's puzzles...)."""
    if event.get("type") == "puzzles.published":
        data = event["data"]
        tiers = ", ".join(p["tier"] for p in data["puzzles"])
        print(f"puzzles of {data['date']}: {tiers}", flush=True)
        if site:
            site.store(data)
    else:
        print(f"event {event.get('type')}", flush=True)


DATE = re.compile(r"^\d{4}-\d\d-\d\d$")
STATE = re.compile(r"^[.0-9]{81}$|^[.1-9]{729}$")
PUZZLE = re.compile(r"^[.0-9]{81}$")
WEB_FILES = {"/web/sudoku-board.js": "text/javascript", "/web/sudoku-board.css": "text/css"}

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="/web/sudoku-board.css">
<script src="/web/sudoku-board.js" defer></script>
<style>
body {{ margin: 0 auto; padding: 0.75rem; max-width: 76rem; font-family: system-ui, sans-serif;
       color-scheme: light dark; }}
.boards {{ display: grid; gap: 1.5rem;
          grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); }}
nav a {{ margin-right: 1rem; }}
</style></head>
<body><nav><a href="/">Today</a><a href="/archive">Archive</a></nav>
<h1>{title}</h1>
{body}
</body></html>
"""


class Site:
    """The example site's days: one JSON file per date in `directory` (the
    event's data as delivered), and the daemon's socket for hints."""

    def __init__(self, directory, web_dir, socket_path=None):
        self.dir = directory
        self.web_dir = web_dir
        self.socket_path = socket_path
        os.makedirs(directory, exist_ok=True)

    def store(self, data):
        date = data.get("date", "")
        if not DATE.match(date):
            raise ValueError(f"bad date {date!r} in the event")
        tmp = os.path.join(self.dir, f".{date}.tmp")
        with open(tmp, "w") as f:
            json.dump(data, f)
        os.replace(tmp, os.path.join(self.dir, f"{date}.json"))  # a reader sees old or new

    def dates(self):
        return sorted((n[:-5] for n in os.listdir(self.dir)
                       if n.endswith(".json") and DATE.match(n[:-5])), reverse=True)

    def day(self, date):
        try:
            with open(os.path.join(self.dir, f"{date}.json")) as f:
                return json.load(f)
        except FileNotFoundError:
            return None

    def day_page(self, date):
        data = self.day(date) if date else None
        if data is None:
            return PAGE.format(title="No puzzles yet", body="<p>No day has arrived yet.</p>")
        hint = ' hint-url="/hint"' if self.socket_path else ""
        boards = []
        for p in data["puzzles"]:
            attrs = {"puzzle": p["puzzle"], "solution": p.get("solution", ""), "date": p["date"],
                     "tier": p["tier"], "label": p.get("label", p["tier"])}
            a = "".join(f' {k}="{html.escape(str(v))}"' for k, v in attrs.items() if v)
            label = html.escape(p.get("label", p["tier"]))
            score = html.escape(str(p.get("score", "")))
            boards.append(f'<section><h2>{label} <small>score {score}</small></h2>'
                          f'<sudoku-board{a}{hint}></sudoku-board></section>')
        return PAGE.format(title=f"Sudoku of {date}",
                           body='<div class="boards">' + "".join(boards) + "</div>")

    def archive_page(self):
        items = "".join(f'<li><a href="/day/{d}">{d}</a></li>' for d in self.dates())
        return PAGE.format(title="Archive", body=f"<ul>{items or '<li>nothing yet</li>'}</ul>")

    def hint(self, request):
        """The daemon's reply to `hint STATE PUZZLE`; state and puzzle are
        checked here first, as a socket line must hold no spaces or newlines."""
        state, puzzle = request.get("state"), request.get("puzzle")
        if not isinstance(state, str) or not STATE.match(state):
            return {"ok": False, "error": {"code": "bad_request",
                                           "message": "state must be 81 or 729 characters"}}
        if not isinstance(puzzle, str) or not PUZZLE.match(puzzle):
            return {"ok": False, "error": {"code": "bad_request",
                                           "message": "puzzle must be 81 characters"}}
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(10)
            s.connect(self.socket_path)
            s.sendall(f"hint {state} {puzzle}\n".encode())
            buf = b""
            while not buf.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    break
                buf += chunk
        return json.loads(buf)


def make_handler(verifier, seen, site=None):
    lock = threading.Lock()  # one event at a time: check, process, remember

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > BODY_MAX:
                return self.answer(413, "too large")
            body = self.rfile.read(length)
            if site and self.path == "/hint" and site.socket_path:
                return self.hint(body)
            try:
                msg_id = verifier.verify(self.headers, body)
            except VerificationError as e:
                return self.answer(401, str(e))
            with lock:
                if msg_id in seen:
                    return self.answer(200, "duplicate, already processed")
                process(json.loads(body), site)
                seen.add(msg_id)  # only once processing succeeded
            self.answer(200, "ok")

        def hint(self, body):
            try:
                request = json.loads(body)
                reply = site.hint(request if isinstance(request, dict) else {})
            except (ValueError, OSError) as e:
                reply = {"ok": False, "error": {"code": "unavailable",
                                                "message": f"the daemon did not answer: {e}"}}
            self.answer(200, json.dumps(reply), "application/json")

        def do_GET(self):
            if not site:
                return self.answer(404, "not found")
            path = self.path.split("?")[0]
            if path in WEB_FILES:
                with open(os.path.join(site.web_dir, path[len("/web/"):]), "rb") as f:
                    return self.answer(200, f.read(), WEB_FILES[path])
            if path == "/":
                dates = site.dates()
                page = site.day_page(dates[0] if dates else None)
            elif path == "/archive":
                page = site.archive_page()
            elif path.startswith("/day/") and DATE.match(path[5:]) and site.day(path[5:]):
                page = site.day_page(path[5:])
            else:
                return self.answer(404, "not found")
            self.answer(200, page, "text/html; charset=utf-8")

        def answer(self, status, text, content_type="text/plain"):
            data = text if isinstance(text, bytes) else text.encode()
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, fmt, *args):
            if site is None:
                super().log_message(fmt, *args)

    return Handler


def self_test():
    # Standard Webhooks' published test vector.
    v = Verifier("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
    msg_id, ts, body = "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", b'{"test": 2432232314}'
    want = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
    ok = v.signature(msg_id, ts, body) == want
    headers = {"webhook-id": msg_id, "webhook-timestamp": ts,
               "webhook-signature": "v1a,xyz " + want}
    ok = ok and v.verify(headers, body, now=1614265330 + 10) == msg_id
    for bad_now, bad_body in ((1614265330 + 301, body), (1614265330, body + b" ")):
        try:
            v.verify(headers, bad_body, now=bad_now)
            ok = False
        except VerificationError:
            pass
    seen = Seen(size=2)
    for i in ("a", "b", "c"):
        seen.add(i)
    ok = ok and "a" not in seen and "c" in seen
    print(("ok" if ok else "FAIL") + "   receiver.py self-test (vector, tolerance, dedupe)")
    return 0 if ok else 1


def default_web_dir():
    """The board's files: beside the source tree's tests/, else installed."""
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "..", "..", "web"), "/usr/local/share/sudokud/web",
              "/usr/share/sudokud/web"):
        if os.path.isfile(os.path.join(d, "sudoku-board.js")):
            return os.path.normpath(d)
    return None


def main():
    if len(sys.argv) == 1:
        return self_test()
    ap = argparse.ArgumentParser(description="Verify and dedupe sudokud webhooks.")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--secret-file", required=True, help="file holding whsec_...")
    ap.add_argument("--serve", metavar="DIR", help="keep the days in DIR and serve the site")
    ap.add_argument("--web", metavar="DIR", help="where sudoku-board.js and .css are")
    ap.add_argument("--socket", metavar="PATH", help="the daemon's socket, for hints")
    args = ap.parse_args()
    with open(args.secret_file) as f:
        verifier = Verifier(f.read().strip())
    site = None
    if args.serve:
        web = args.web or default_web_dir()
        if not web or not os.path.isfile(os.path.join(web, "sudoku-board.js")):
            ap.error(f"no sudoku-board.js in {web or 'web/ or share/sudokud/web'}: give --web DIR")
        site = Site(args.serve, web, args.socket)
    server = http.server.ThreadingHTTPServer((args.bind, args.port),
                                             make_handler(verifier, Seen(), site))
    host, port = server.server_address[:2]
    print(f"listening on http://{host}:{port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
