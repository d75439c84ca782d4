#!/usr/bin/env python3
"""The JSON Schemas of schema/json/ against real output: the replies of the
real build/sudokud over its real Unix socket (every command, and the error
replies), and the webhook events a real HTTP receiver on 127.0.0.1 got
(puzzles.published with and without solutions, webhook.test) from a day
the daemon generated itself.  First, the validator of tests/lib/json_schema.py
is shown to reject a document that breaks each keyword it implements (a
validator that cannot fail proves nothing), and real documents with a
field removed or mistyped are shown to fail their schema."""

import copy
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import sudokud_test as sd  # noqa: E402
from json_schema import SchemaError, Validator  # noqa: E402
from sudokud_test import PUZZLE, SOLVED, Receiver, check, wait_until  # noqa: E402

SCHEMAS = os.path.join(sd.ROOT, "schema", "json")
EVENT = os.path.join(SCHEMAS, "webhook-event.json")
REPLY = os.path.join(SCHEMAS, "socket-reply.json")


# ---- the validator -----------------------------------------------------------

def validator_of(schema, tmp, extra=None):
    """A Validator of schema written to tmp/s.json (extra: other files)."""
    for name, doc in dict(extra or {}, **{"s.json": schema}).items():
        with open(os.path.join(tmp, name), "w") as f:
            json.dump(doc, f)
    return Validator(os.path.join(tmp, "s.json"))


# (keyword, schema, a document that satisfies it, one that breaks it, the
# words the error must contain)
KEYWORD_CASES = [
    ("type", {"type": "integer"}, 3, 3.5, "expected integer, got number"),
    ("type (bool is no integer)", {"type": "integer"}, 0, False, "got boolean"),
    ("type (list)", {"type": ["string", "null"]}, None, 1, "expected string or null"),
    ("required", {"type": "object", "required": ["a"]}, {"a": 1}, {"b": 1},
     "required key 'a' is missing"),
    ("properties", {"type": "object", "properties": {"a": {"type": "string"}}},
     {"a": "x"}, {"a": 1}, "$.a: expected string"),
    ("additionalProperties false", {"type": "object", "properties": {"a": {}},
                                    "additionalProperties": False},
     {"a": 1}, {"a": 1, "b": 2}, "key 'b' is not allowed"),
    ("additionalProperties schema", {"type": "object",
                                     "additionalProperties": {"type": "integer"}},
     {"x": 1}, {"x": "1"}, "$.x: expected integer"),
    ("enum", {"enum": ["easy", 1]}, "easy", "hard", "is not one of"),
    ("enum (true is not 1)", {"enum": [1]}, 1, True, "is not one of"),
    ("pattern", {"type": "string", "pattern": "^[A-I][1-9]$"}, "C4", "J1", "does not match"),
    ("items", {"type": "array", "items": {"type": "integer"}}, [1, 2], [1, "2"],
     "$[1]: expected integer"),
    ("minimum", {"type": "integer", "minimum": 17}, 17, 16, "less than the minimum 17"),
    ("$ref", {"$defs": {"d": {"type": "string"}}, "$ref": "#/$defs/d"}, "x", 1,
     "expected string"),
    ("$ref (other file)", {"$ref": "o.json#/$defs/d"}, "x", 1, "expected string"),
    ("anyOf", {"anyOf": [{"type": "string"}, {"type": "integer"}]}, 1, 1.5,
     "matches none of anyOf"),
]


def test_validator(tmp):
    other = {"o.json": {"$defs": {"d": {"type": "string"}}}}
    for name, schema, good, bad, words in KEYWORD_CASES:
        v = validator_of(schema, tmp, other)
        ok_errors, bad_errors = v.errors(good), v.errors(bad)
        check(ok_errors == [], f"validator {name}: accepts {good!r} ({ok_errors})")
        check(any(words in e for e in bad_errors),
              f"validator {name}: rejects {bad!r} saying '{words}' ({bad_errors})")
    nested = validator_of({"type": "object", "properties": {"p": {"type": "array", "items": {
        "type": "object", "required": ["tier"]}}}}, tmp)
    check(nested.errors({"p": [{"tier": 1}, {}]}) == ["$.p[1]: the required key 'tier' is missing"],
          "validator: the error names the path of the bad value")
    for name, schema in [("an unknown keyword", {"type": "string", "maxLength": 3}),
                         ("a misspelt keyword", {"requried": ["a"]}),
                         ("an unknown type", {"type": "text"}),
                         ("a $ref to nothing", {"$ref": "#/$defs/none"})]:
        try:
            validator_of(schema, tmp).errors("x")
            refused = False
        except SchemaError:
            refused = True
        check(refused, f"validator: a schema with {name} is refused, not half-applied")
    try:
        validator_of({"$defs": {"d": {"type": "string", "format": "date"}}}, tmp).check_schema()
        refused = False
    except SchemaError:
        refused = True
    check(refused, "validator: check_schema finds a bad keyword no document reaches")


def test_schema_files(tmp):
    for path in (EVENT, REPLY):
        try:
            Validator(path).check_schema()
            ok = True
        except (SchemaError, OSError, ValueError) as e:
            ok = False
            print(f"     {e}")
        check(ok, f"{os.path.relpath(path, sd.ROOT)} uses only the validated subset")


# ---- real output -------------------------------------------------------------

def valid(validator, doc, ref, what):
    """Checks doc against ref and the root schema."""
    errors = validator.errors(doc, ref)
    check(errors == [], f"{what}: valid as {ref} ({errors[:3]})")
    errors = validator.errors(doc)
    check(errors == [], f"{what}: valid as the root schema ({errors[:3]})")


def invalid(validator, doc, ref, what):
    errors = validator.errors(doc, ref)
    check(errors != [], f"{what}: refused by {ref}")


def test_real_output(tmp):
    events, replies = Validator(EVENT), Validator(REPLY)
    plain, full = Receiver([200]), Receiver([200])
    d = sd.Daemon(tmp, "schemas",
                  config={"schedule": {"labels": "easy: Gentle, hard: Tough going"}},
                  webhooks={"plain": sd.webhook(plain.url),
                            "full": sd.webhook(full.url, include_solutions="true",
                                                      include_svg="true")})
    check(d.start(), "a fresh daemon starts and generates today")
    check(wait_until(lambda: plain.count() >= 1 and full.count() >= 1, 120),
          "both receivers get today's puzzles.published")
    published = json.loads(plain.requests[0][2])
    with_solutions = json.loads(full.requests[0][2])
    valid(events, published, "#/$defs/puzzles_published", "a received puzzles.published")
    valid(events, with_solutions, "#/$defs/puzzles_published",
          "a received puzzles.published with solutions")
    check(all("solution" in p for p in with_solutions["data"]["puzzles"]),
          "the full endpoint's puzzles carry solutions")
    check(all(p.get("svg", "").startswith("<?xml") for p in with_solutions["data"]["puzzles"])
          and not any("svg" in p for p in published["data"]["puzzles"]),
          "include_svg: the full endpoint's puzzles carry their SVG, the plain one's not "
          f"({len(plain.requests[0][2])} and {len(full.requests[0][2])} bytes)")
    today = published["data"]["date"]

    # Every command over the real socket.
    asked = {
        "ping": ("ping", "ping"),
        "help": ("help", "help"),
        "today": ("today", "day"),
        "today hard solution": ("today hard solution", "day"),
        "get": (f"get {today} easy", "day"),
        "list": (f"list {today} {today} solution", "list"),
        "render": (f"render {today} hard", "render"),
        "render solution": (f"render {today} easy solution", "render"),
        "solve": (f"solve {PUZZLE}", "solve"),
        "solve (multiple)": ("solve " + "." * 81, "solve"),
        "grade": (f"grade {PUZZLE}", "grade"),
        "grade (multiple)": ("grade " + "." * 81, "grade"),
        "hint": (f"hint {PUZZLE}", "hint"),
        "hint (wrong)": (f"hint {'5' + PUZZLE[1:]} {PUZZLE}", "hint"),
        "hint (solved)": (f"hint {SOLVED}", "hint"),
        "steps": (f"steps {PUZZLE}", "steps"),
        "steps (one technique)": (f"steps {PUZZLE} naked_pair", "steps"),
        "steps (solved)": (f"steps {SOLVED}", "steps"),
        "check (wrong)": (f"check {'5' + PUZZLE[1:]} {PUZZLE}", "check"),
        "check (correct)": (f"check {PUZZLE}", "check"),
        "webhook test": ("webhook test", "webhook_test"),
        "webhook replay": (f"webhook replay {today}", "webhook_replay"),
        "webhook retry": ("webhook retry all", "webhook_retry"),
        "backup": (f"backup {os.path.join(d.dir, 'copy.db')}", "backup"),
        "bad request": ("bogus", "error"),
        "not found": ("get 2001-01-01", "error"),
        "tier not configured": ("today expert", "error"),
    }
    got = {}
    for what, (line, ref) in asked.items():
        got[what] = d.ask(line)
        valid(replies, got[what], f"#/$defs/{ref}", f"socket {what!r}")
    check(got["hint"].get("status") == "step" and got["hint (wrong)"].get("status") == "wrong",
          "the hint replies are a step and a wrong verdict")
    check(got["steps"].get("status") == "steps" and got["steps (solved)"].get("status") == "solved",
          "the steps replies are a list and hint's verdict")
    check(wait_until(lambda: full.count() >= 3, 10), "the test and replay events arrive")
    for _, _, body in full.requests:
        event = json.loads(body)
        ref = "#/$defs/puzzles_published" if event["type"] == "puzzles.published" \
            else "#/$defs/webhook_test"
        valid(events, event, ref, f"a received {event['type']}")
    check(any(json.loads(b)["type"] == "webhook.test" for _, _, b in full.requests),
          "a webhook.test was received and checked")
    for what in ("stats", "webhook status"):
        doc = d.ask(what)
        valid(replies, doc, "#/$defs/" + what.replace(" ", "_"), f"socket {what!r}")
    st = d.ask("stats")
    check(len(st["webhooks"]) == 2, "stats lists both endpoints (each checked by the schema)")

    # sudokuctl's own JSON speaks the replies' vocabulary.
    out = sd.ctl("generate", "--difficulty", "easy", "--count", "1", "--seed", "7", "--json")
    gen = json.loads(out.stdout)
    versions = {p["generator_version"] for p in published["data"]["puzzles"]}
    check(versions == {gen["generator_version"]},
          f"generator_version is the same string in generate --json and the daemon's "
          f"puzzles ({gen['generator_version']!r}, {versions})")
    out = sd.ctl("grade", "-", "--json", input=PUZZLE + "\n")
    local = json.loads(out.stdout)
    same = {k: (local.get(k), got["grade"].get(k))
            for k in ("tier", "score", "hardest_technique", "technique_counts")}
    check(all(a == b and a is not None for a, b in same.values())
          and "hardest" not in local and "counts" not in local,
          f"grade --json and the socket's grade use the same keys and values ({same})")

    # too_large closes the connection: its one reply is the error.
    s = d.connect()
    s.sendall(b"x" * 5000 + b"\n")
    big = sd.read_replies(s, 1, 5)
    s.close()
    check(len(big) == 1 and big[0]["error"]["code"] == "too_large", "a too_large reply")
    valid(replies, big[0], "#/$defs/error", "socket too_large")

    # Real documents broken one way each are refused: the schemas check.
    broken = [
        (events, published, "#/$defs/puzzles_published", "without schema_version",
         lambda e: e.pop("schema_version")),
        (events, published, "#/$defs/puzzles_published", "with a Unix published_at",
         lambda e: e["data"].update(published_at=1795219200)),
        (events, published, "#/$defs/puzzles_published", "with an unknown puzzle key",
         lambda e: e["data"]["puzzles"][0].update(hardest="x")),
        (events, published, "#/$defs/puzzles_published", "with a numeric generator_version",
         lambda e: e["data"]["puzzles"][0].update(generator_version=2)),
        (replies, st, "#/$defs/stats", "stats with a Unix last_success_at",
         lambda r: r["webhooks"][0].update(last_success_at=1795219200)),
        (replies, got["today"], "#/$defs/day", "today without a label",
         lambda r: r["puzzles"][0].pop("label")),
        (replies, got["grade"], "#/$defs/grade", "grade saying hardest",
         lambda r: r.update(hardest=r.pop("hardest_technique"))),
    ]
    for validator, doc, ref, what, change in broken:
        doc = copy.deepcopy(doc)
        change(doc)
        invalid(validator, doc, ref, f"a real document {what}")
    d.stop()
    plain.close()
    full.close()


if __name__ == "__main__":
    sys.exit(sd.main([test_validator, test_schema_files, test_real_output]))
