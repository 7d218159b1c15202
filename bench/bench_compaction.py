"""Redis memory of a finished game, before and after compaction, for each game.

For Keltis and Keltis: Das Orakel, the benchmarks' long random game (its
first 110 turns) is played on, plays first, until it ends; Celtica's long
game ends by itself. Each is created through the API on a Redis of its own
(``appendfsync always``, as ``brehon serve`` runs it), its summary job runs
(which compacts it, store/compaction.py), and ``MEMORY USAGE`` of each of
its keys is read before and after.

Run: ``.venv/bin/python bench/bench_compaction.py``
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import redis  # noqa: E402
from rq import SimpleWorker  # noqa: E402

from api import create_app  # noqa: E402
from bench_celtica import long_game as celtica_game  # noqa: E402
from bench_keltis import long_game as keltis_game  # noqa: E402
from bench_orakel import long_game as orakel_game  # noqa: E402
from brehon.redis_server import RedisServer  # noqa: E402
from scoring import Game  # noqa: E402
from store.summaries import QUEUE  # noqa: E402

#: Turns of the long random game before it is played to its end.
OPENING_TURNS = 100


def played_to_the_end(record: dict, seed: int = 1) -> dict:
    """``record`` played on, a play whenever there is one, until the game ends."""
    rng = random.Random(seed)
    game = Game.replay(record)
    ruleset, state, players = game.ruleset, game.state, game.players
    while ruleset.decision(state).name != "over":
        player = players[len(record["turns"]) % len(players)]
        ruleset.begin_turn(state, player)
        actions = []
        while not (decision := ruleset.decision(state)).can_end:
            plays = [action for action in decision.actions if action["type"] == "play"]
            action = rng.choice(plays or decision.actions)
            ruleset.apply(state, action)
            actions.append(action)
        ruleset.end_turn(state)
        record["turns"].append({"player": player, "actions": actions})
    return record


def finished_games() -> dict[str, dict]:
    return {
        "keltis": played_to_the_end(keltis_game(turns=OPENING_TURNS)),
        "keltis-orakel": played_to_the_end(orakel_game(turns=OPENING_TURNS)),
        "celtica": celtica_game(),
    }


def memory(client: redis.Redis, game_id: str) -> dict[str, int]:
    return {key.decode().split(":")[2]: client.memory_usage(key, samples=0)
            for key in client.keys(f"game:{{{game_id}}}:*")}


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        server = RedisServer(Path(data) / "redis").start()
        try:
            client = redis.Redis.from_url(server.url)
            api = create_app({"REDIS_URL": server.url}).test_client()
            print(f"{'game':14} {'turns':>5} {'before':>9} {'after':>9} {'+ summary':>10} {'log -> archive':>16}")
            for name, record in finished_games().items():
                assert Game.replay(record).is_over, name
                created = api.post("/api/v1/games", json=record).get_json()
                before = memory(client, created["id"])
                SimpleWorker([QUEUE], connection=client).work(burst=True)  # the summary, then the compaction
                after = memory(client, created["id"])
                game = sum(size for part, size in after.items() if part != "summary")
                print(f"{name:14} {len(record['turns']):5} {sum(before.values()) / 1024:6.1f} KB "
                      f"{game / 1024:6.1f} KB {sum(after.values()) / 1024:7.1f} KB "
                      f"{before['log'] / 1024:6.1f} -> {after['archive'] / 1024:4.1f} KB")
            print("before: record, log, auth, snapshot (no summary yet); after: record, archive, auth; "
                  "+ summary: with the summary (its JSON compressed, its PDF)")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
