-- sudokud schema version 2: a fifth tier, extreme (HoDoKu's EXTREME; expert
-- is now HoDoKu's UNFAIR alone).  SQLite cannot change a CHECK in place, so
-- the puzzle table is rebuilt with the same columns and every row copied as
-- it is: a published puzzle keeps its id, tier and every stored byte.

CREATE TABLE puzzle_v2 (
    id                INTEGER PRIMARY KEY,
    date              TEXT NOT NULL
        CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
    tier              TEXT NOT NULL
        CHECK (tier IN ('easy', 'medium', 'hard', 'expert', 'extreme')),
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

INSERT INTO puzzle_v2 (id, date, tier, puzzle, solution, score,
                       hardest_technique, technique_counts, clues, symmetry,
                       seed, generator_version, created_at)
    SELECT id, date, tier, puzzle, solution, score, hardest_technique,
           technique_counts, clues, symmetry, seed, generator_version,
           created_at
    FROM puzzle;

DROP TABLE puzzle;
ALTER TABLE puzzle_v2 RENAME TO puzzle;
