"""Summary job benchmark: the job time of a 150-turn game's summary.

Takes the seeded 150-turn 4-player Keltis game of ``bench_keltis.py``,
times the pure parts (the summary, the PDF with its chart), then runs real
summary jobs: a redis-server of its own on a free port, the game stored
through :class:`store.Store`, the jobs enqueued and worked by rq's
SimpleWorker, and the job time read from rq's own start and end stamps.
The target is under 200 ms per job.

Run: ``.venv/bin/python bench/bench_summary.py``
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import redis  # noqa: E402
from bench_keltis import long_game  # noqa: E402
from rq import SimpleWorker  # noqa: E402

from brehon.redis_server import RedisServer  # noqa: E402
from store import Store, SummaryQueue  # noqa: E402
from scoring import Game  # noqa: E402
from worker.jobs import summary_pdf  # noqa: E402
from worker.summary import summarize  # noqa: E402

RUNS = 20
TARGET_MS = 200


def median_ms(work, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def job_times(record: dict, runs: int = RUNS) -> list[float]:
    """Milliseconds of ``runs`` real summary jobs, by rq's own stamps."""
    with tempfile.TemporaryDirectory() as data:
        server = RedisServer(data).start()
        try:
            client = redis.Redis.from_url(server.url)
            store = Store(client)
            game = Game.replay(record)
            jobs = []
            for _ in range(runs):
                game_id, _, _, version = store.create(record, game)
                jobs.append(SummaryQueue(client).enqueue(game_id, version))
            SimpleWorker([SummaryQueue(client).queue], connection=client).work(burst=True, logging_level="WARNING")
            times = []
            for job in jobs:
                job.refresh()
                assert job.get_status() == "finished", job.get_status()
                times.append((job.ended_at - job.started_at).total_seconds() * 1000)
            client.close()
            return times
        finally:
            server.stop()


def main() -> None:
    record = long_game()
    actions = sum(len(turn["actions"]) for turn in record["turns"])
    summary = summarize(record)
    summary["date"] = "2026-11-30"
    print(f"keltis: {len(record['players'])} players, {len(record['turns'])} turns, {actions} actions")
    print(f"summary (pure), median ms:     {median_ms(lambda: summarize(record)):.1f}")
    print(f"PDF with chart, median ms:     {median_ms(lambda: summary_pdf(record, summary)):.1f}")
    times = job_times(record)
    print(f"whole job (rq), median ms:     {statistics.median(times):.1f} (max {max(times):.1f}, {len(times)} jobs)")
    print(f"target: < {TARGET_MS} ms -> {'met' if statistics.median(times) < TARGET_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
