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
"""

import argparse
import base64
import collections
import hashlib
import hmac
import http.server
import json
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


def process(event):
    """Replace with your site's logic (store today's puzzles...)."""
    if event.get("type") == "puzzles.published":
        data = event["data"]
        tiers = ", ".join(p["tier"] for p in data["puzzles"])
        print(f"puzzles of {data['date']}: {tiers}", flush=True)
    else:
        print(f"event {event.get('type')}", flush=True)


def make_handler(verifier, seen):
    lock = threading.Lock()  # one event at a time: check, process, remember

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            if length > BODY_MAX:
                return self.answer(413, "too large")
            body = self.rfile.read(length)
            try:
                msg_id = verifier.verify(self.headers, body)
            except VerificationError as e:
                return self.answer(401, str(e))
            with lock:
                if msg_id in seen:
                    return self.answer(200, "duplicate, already processed")
                process(json.loads(body))
                seen.add(msg_id)  # only once processing succeeded
            self.answer(200, "ok")

        def answer(self, status, text):
            data = text.encode()
            self.send_response(status)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

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


def main():
    if len(sys.argv) == 1:
        return self_test()
    ap = argparse.ArgumentParser(description="Verify and dedupe sudokud webhooks.")
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--secret-file", required=True, help="file holding whsec_...")
    args = ap.parse_args()
    with open(args.secret_file) as f:
        verifier = Verifier(f.read().strip())
    server = http.server.ThreadingHTTPServer((args.bind, args.port),
                                             make_handler(verifier, Seen()))
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
