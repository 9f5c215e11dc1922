#!/bin/sh
# `kado stats` over a play history of journaled games (see BENCHMARKS.md).
# Usage: cli/benches/history_stats.sh [KADO [GAMES [PLAYERS]]] — KADO defaults to
# target/release/kado, GAMES to 10000, PLAYERS to 5.
# Writes GAMES Kin Kādo games in kado's history schema with Python's sqlite3 (game i
# played by player i mod PLAYERS against ALORA), then times `stats` and `history`.
set -eu
KADO=${1:-target/release/kado}
GAMES=${2:-10000}
PLAYERS=${3:-5}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
H="$DIR/history.sqlite"
# A saved game's log, stored with every row as kado stores it.
"$KADO" --no-history kinkado play --deck virtual --seed 1 --save "$DIR/g.yaml" < /dev/null > /dev/null
python3 - "$H" "$DIR/g.yaml" "$GAMES" "$PLAYERS" <<'PY'
import json, sqlite3, sys
h, log = sys.argv[1], open(sys.argv[2]).read()
games, many = int(sys.argv[3]), int(sys.argv[4])
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
players = ["ana", "bo", "cy", "dee", "eli"] if many == 5 else ["p%d" % k for k in range(many)]
for i in range(games):
    me = players[i % len(players)]
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
printf "%s games of %s players journaled in %s\n" "$GAMES" "$PLAYERS" "$H"
WHO=ana
[ "$PLAYERS" = 5 ] || WHO=p1
for args in "stats" "stats --player $WHO --chart" "history --player $WHO"; do
  /usr/bin/time -f "kado $args: %e s, %M KB" "$KADO" --history "$H" $args > /dev/null
done
