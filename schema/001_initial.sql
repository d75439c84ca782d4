-- sudokud schema version 1.  Migrations are applied in order, each in the
-- same transaction as the PRAGMA user_version that records it; never edit a
-- released migration, add the next numbered file instead.

-- One row per (date, tier): the puzzle as published, never changed once
-- stored.  A puzzle's givens never repeat across days (UNIQUE (puzzle)).
CREATE TABLE puzzle (
    id                INTEGER PRIMARY KEY,
    date              TEXT NOT NULL
        CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    tier              TEXT NOT NULL
        CHECK (tier IN ('easy', 'medium', 'hard', 'expert')),
    puzzle            TEXT NOT NULL
        CHECK (length(puzzle) = 81 AND puzzle NOT GLOB '*[^1-9.]*'),
    solution          TEXT NOT NULL
        CHECK (length(solution) = 81 AND solution NOT GLOB '*[^1-9]*'),
    score             REAL NOT NULL,
    hardest_technique TEXT NOT NULL,
    technique_counts  TEXT NOT NULL,     -- JSON object, checked by the daemon
    clues             INTEGER NOT NULL CHECK (clues BETWEEN 17 AND 81),
    symmetry          TEXT NOT NULL,
    seed              TEXT NOT NULL,
    generator_version TEXT NOT NULL,
    created_at        INTEGER NOT NULL,  -- Unix seconds
    UNIQUE (date, tier),
    UNIQUE (puzzle)
) STRICT;

-- A day is published once: its puzzles went live and its webhook events
-- were queued in the same transaction.
CREATE TABLE publication (
    date         TEXT PRIMARY KEY,
    published_at INTEGER NOT NULL  -- Unix seconds
) STRICT;

-- Webhook events, written as the exact bytes to send and sign; delivery
-- state survives restarts.  event_id is the webhook-id header, stable
-- across retries.
CREATE TABLE webhook_outbox (
    id               INTEGER PRIMARY KEY,
    event_id         TEXT NOT NULL UNIQUE CHECK (event_id NOT GLOB '*.*'),
    endpoint         TEXT NOT NULL,
    event_type       TEXT NOT NULL,
    date             TEXT,               -- NULL for events about no day (test pings)
    body             BLOB NOT NULL,
    created_at       INTEGER NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    next_attempt_at  INTEGER NOT NULL,
    status           TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'delivered', 'dead')),
    last_http_status INTEGER,
    last_error       TEXT,
    delivered_at     INTEGER
) STRICT;

CREATE INDEX webhook_outbox_due ON webhook_outbox (status, next_attempt_at);

-- Per-endpoint state that must outlive a restart (a 410 disables one).
CREATE TABLE webhook_endpoint (
    name            TEXT PRIMARY KEY,
    disabled_at     INTEGER,
    disabled_reason TEXT,
    last_success_at INTEGER
) STRICT;
