#!/bin/sh
# `kado stats` over a play history of 10,000 journaled games (see BENCHMARKS.md).
# Usage: benches/history_stats.sh [KADO] — KADO defaults to target/release/kado.
# Writes 10,000 Kin Kādo games in kado's history schema with Python's sqlite3 (five
# players against ALORA), then times `stats` and `history` on them.
set -eu
KADO=${1:-target/release/kado}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
H="$DIR/history.sqlite"
# A saved game's log, stored with every row as kado stores it.
"$KADO" --no-history kinkado play --deck virtual --seed 1 --save "$DIR/g.yaml" < /dev/null > /dev/null
python3 - "$H" "$DIR/g.yaml" <<'PY'
import json, sqlite3, sys
h, log = sys.argv[1], open(sys.argv[2]).read()
db = sqlite3.connect(h)
db.execute("PRAGMA application_id = 1801544815")
db.execute("PRAGMA user_version = 1")
db.executescript("""
CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, game TEXT NOT NULL,
  ruleset TEXT NOT NULL, date TEXT NOT NULL, finished INTEGER NOT NULL, outcome TEXT NOT NULL,
  source TEXT NOT NULL, fingerprint TEXT NOT NULL UNIQUE, log TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (game_id INTEGER NOT NULL, name TEXT NOT NULL,
  score INTEGER NOT NULL, won INTEGER NOT NULL, kado INTEGER NOT NULL);
CREATE INDEX seats_by_name ON seats(name COLLATE NOCASE);
CREATE INDEX seats_by_game ON seats(game_id);
CREATE INDEX games_by_game ON games(game, date);
""")
players = ["ana", "bo", "cy", "dee", "eli"]
for i in range(10000):
    me = players[i % 5]
    mine, hers = 40 + (i * 37) % 120, 40 + (i * 53) % 120
    seats = [{"name": me, "score": mine, "won": mine > hers, "kado": False},
             {"name": "ALORA", "score": hers, "won": hers >= mine, "kado": True}]
    facts = {"money_by_round": [{me: mine, "ALORA": hers}] * 9,
             "winning_hands": [[me if mine > hers else "ALORA", ["flush", "pair", "straight"][i % 3]]]}
    outcome = {"finished": True, "seats": seats, "facts": facts}
    cur = db.execute("INSERT INTO games (game, ruleset, date, finished, outcome, source, fingerprint, log) VALUES (?,?,?,?,?,?,?,?)",
        ("kinkado", "kinkado", "2026-%02d-%02d 10:00" % (1 + i % 12, 1 + i % 28), 1, json.dumps(outcome), "g.yaml", "f%d" % i, log))
    for s in seats:
        db.execute("INSERT INTO seats VALUES (?,?,?,?,?)", (cur.lastrowid, s["name"], s["score"], s["won"], s["kado"]))
db.commit()
PY
printf "10,000 games journaled in %s\n" "$H"
for args in "stats" "stats --player ana --chart" "history --player ana"; do
  /usr/bin/time -f "kado $args: %e s, %M KB" "$KADO" --history "$H" $args > /dev/null
done
