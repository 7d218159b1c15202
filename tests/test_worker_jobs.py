"""Summary jobs run by a real rq worker on the test session's Redis.

Games are created through the API (a finished record enqueues its summary
job), then rq's SimpleWorker runs the queue in burst mode in this process,
and the summary route answers what the job stored.
"""

from __future__ import annotations

import io
import logging
import os
import subprocess
import sys
import time

import pytest
from api_helpers import InProcessWorker, bearer, create_game, post_turn
from keltis_games import play
from pypdf import PdfReader
from rq.job import JobStatus
from worker_games import finished_records, keltis_goal_area

from brehon.cli import not_maintenance, quiet_maintenance
from store import Store, SummaryQueue
from store.keys import game_key
from store.summaries import TRIES, SummaryWorker, summary_job_id
from worker.summary import summarize


def run_jobs(redis_client, max_jobs: int | None = None) -> None:
    """Work the Brehon queue until it is empty (or ``max_jobs`` ran)."""
    worker = InProcessWorker([SummaryQueue(redis_client).queue], connection=redis_client)
    worker.work(burst=True, max_jobs=max_jobs)


#: Seconds after its dead worker's last heartbeat that a job counts as
#: abandoned here (ABANDONED under `brehon worker`): rq's own setting, set
#: by the worker that took the job, so the tests wait for that, not longer.
DEAD_AFTER = 3


def abandon(redis_client) -> None:
    """Take the next job as a worker does, and die with it running: the job
    is started, and nobody will ever finish it or send its heartbeats."""
    worker = SummaryWorker(redis_client, abandoned=DEAD_AFTER)
    worker.register_birth()
    job, _ = worker.dequeue_job_and_maintain_ttl(timeout=1)
    worker.prepare_execution(job)
    worker.prepare_job_execution(job)
    assert job.get_status() == JobStatus.STARTED


def get_summary(client, created: dict):
    return client.get(f"/api/v1/games/{created['id']}/summary", headers=bearer(created["token"]))


def hide_record(redis_client, game_id: str) -> str:
    """Take the game's record out of the store's reach; returns where it went."""
    hidden = f"hidden:{game_id}"
    redis_client.rename(game_key(game_id, "record"), hidden)
    return hidden


def restore_record(redis_client, game_id: str, hidden: str) -> None:
    redis_client.rename(hidden, game_key(game_id, "record"))


@pytest.mark.parametrize("game", ["keltis", "keltis-orakel", "celtica"])
def test_a_finished_game_gets_its_summary_from_the_job(client, redis_client, game):
    record = finished_records()[game]
    created = create_game(client, record)

    waiting = get_summary(client, created)
    assert waiting.status_code == 202
    assert waiting.get_json()["state"] == "queued"
    assert waiting.get_json()["job"] == summary_job_id(created["id"], created["version"])
    assert waiting.headers["Retry-After"]

    run_jobs(redis_client)
    answer = get_summary(client, created)
    assert answer.status_code == 200
    summary = answer.get_json()
    expected = summarize(record)
    for key, value in expected.items():
        assert summary[key] == value, key
    assert summary["version"] == created["version"] == len(record["turns"])
    assert summary["scoresheet"] == created["scoresheet"]
    history = client.get(f"/api/v1/games/{created['id']}", headers=bearer(created["token"])).get_json()["history"]
    assert summary["date"] == history["start"][:10]  # YYYY-MM-DD: the day the log says the game was played

    pdf = Store(redis_client).summary_pdf(created["id"], created["version"])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for player in record["players"]:
        assert player["name"] in text
    assert summary["date"] in text


def test_a_game_in_progress_has_no_summary(client, redis_client):
    record = keltis_goal_area()
    created = create_game(client, {**record, "turns": record["turns"][:-1]})
    answer = get_summary(client, created)
    assert answer.status_code == 409
    assert answer.mimetype == "application/problem+json"
    assert SummaryQueue(redis_client).find(created["id"], created["version"]) is None


def test_the_summary_needs_the_token(client, redis_client):
    created = create_game(client, keltis_goal_area())
    assert client.get(f"/api/v1/games/{created['id']}/summary").status_code == 404
    spectator = {**created, "token": created["spectator_token"]}
    assert get_summary(client, spectator).status_code == 202


def test_the_turn_that_ends_the_game_enqueues_the_summary(client, redis_client):
    record = keltis_goal_area()
    created = create_game(client, {**record, "turns": record["turns"][:-1]})
    answer = post_turn(client, created, {"player": "cleo", "actions": [play("purple", 6)]})
    assert answer.status_code == 201
    version = answer.get_json()["version"]
    job = SummaryQueue(redis_client).find(created["id"], version)
    assert job is not None and job.get_status() == JobStatus.QUEUED
    run_jobs(redis_client)
    summary = get_summary(client, created).get_json()
    assert summary["facts"]["end"] == {"reason": "goal_area", "turn": 44, "player": "cleo"}


def test_enqueueing_the_same_version_again_does_nothing_new(client, redis_client):
    created = create_game(client, keltis_goal_area())
    first = SummaryQueue(redis_client).find(created["id"], created["version"])
    again = SummaryQueue(redis_client).enqueue(created["id"], created["version"])
    assert again.id == first.id
    assert SummaryQueue(redis_client).queue.count == 1
    run_jobs(redis_client)
    SummaryQueue(redis_client).enqueue(created["id"], created["version"])
    assert SummaryQueue(redis_client).queue.count == 0  # finished: not run again


def test_a_job_that_fails_once_is_retried_and_succeeds(client, redis_client):
    created = create_game(client, keltis_goal_area())
    hidden = hide_record(redis_client, created["id"])
    run_jobs(redis_client, max_jobs=1)  # the first try: the record is missing

    job = SummaryQueue(redis_client).find(created["id"], created["version"])
    assert job.get_status() == JobStatus.QUEUED  # queued again by rq's Retry
    assert job.retries_left == TRIES - 1
    assert Store(redis_client).summary(created["id"], created["version"]) is None

    restore_record(redis_client, created["id"], hidden)
    run_jobs(redis_client)
    assert job.get_status() == JobStatus.FINISHED
    answer = get_summary(client, created)
    assert answer.status_code == 200
    assert answer.get_json()["scoresheet"] == created["scoresheet"]


def test_a_job_failed_after_its_tries_is_reported_and_asked_for_again(client, redis_client):
    created = create_game(client, keltis_goal_area())
    hidden = hide_record(redis_client, created["id"])
    run_jobs(redis_client)  # the first try and every retry fail
    job = SummaryQueue(redis_client).find(created["id"], created["version"])
    assert job.get_status() == JobStatus.FAILED
    assert job.retries_left == 0
    restore_record(redis_client, created["id"], hidden)

    failed = get_summary(client, created)
    assert failed.status_code == 202
    body = failed.get_json()
    assert body["state"] == "failed"
    assert "Missing" in body["error"]
    assert body["requeued"] is True

    again = get_summary(client, created)
    assert again.get_json()["state"] == "queued"
    assert again.get_json()["requeued"] is False
    run_jobs(redis_client)
    assert get_summary(client, created).status_code == 200


def test_brehon_worker_runs_the_jobs(client, redis_client, redis_url):
    created = create_game(client, keltis_goal_area())
    process = subprocess.Popen([sys.executable, "-m", "brehon.cli", "worker"], env={**os.environ, "REDIS_URL": redis_url},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        job = SummaryQueue(redis_client).find(created["id"], created["version"])
        # Finished, compaction included: an idle worker stops at once (a busy one finishes its job first).
        while job.get_status() != JobStatus.FINISHED and time.monotonic() < deadline:
            time.sleep(0.2)
        assert get_summary(client, created).status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_correction_of_a_finished_game_gets_a_summary_of_its_own(client, redis_client):
    record = keltis_goal_area()
    created = create_game(client, record)
    run_jobs(redis_client)
    first = get_summary(client, created).get_json()
    assert first["version"] == created["version"]

    # Cleo's closing turn replaced by the same move: the game is finished at a new version.
    correction = {"replace": len(record["turns"]) - 1, "turn": record["turns"][-1], "by": "cleo"}
    answer = client.post(f"/api/v1/games/{created['id']}/corrections", json=correction,
                         headers={**bearer(created["token"]), "If-Match": f'"{created["version"]}"'})
    assert answer.status_code == 201, answer.get_json()
    version = answer.get_json()["version"]
    assert version == created["version"] + 1
    assert SummaryQueue(redis_client).find(created["id"], version).get_status() == JobStatus.QUEUED
    assert get_summary(client, created).status_code == 202

    run_jobs(redis_client)
    second = get_summary(client, created).get_json()
    assert second["version"] == version
    assert second["scoresheet"] == first["scoresheet"]
    assert second["history"] == first["history"]


def test_a_job_whose_worker_died_is_put_back_and_never_reported_running(client, redis_client):
    created = create_game(client, keltis_goal_area())
    abandon(redis_client)
    assert get_summary(client, created).get_json()["state"] == "started"
    deadline = time.monotonic() + 120
    while (state := get_summary(client, created).get_json()["state"]) == "started":
        assert time.monotonic() < deadline, "the abandoned job was reported running"
        time.sleep(0.5)
    assert state == "queued"
    assert summary_job_id(created["id"], created["version"]) in SummaryQueue(redis_client).queue.job_ids
    run_jobs(redis_client)
    assert get_summary(client, created).status_code == 200


def test_brehon_worker_puts_back_a_job_abandoned_by_a_dead_worker(client, redis_client, redis_url):
    """Nobody asks for the summary: rq's maintenance in the worker finds the
    job (the worker started once the job is abandoned: its first round of
    maintenance is at its start)."""
    created = create_game(client, keltis_goal_area())
    abandon(redis_client)
    started = SummaryQueue(redis_client).queue.started_job_registry
    job_id = summary_job_id(created["id"], created["version"])
    deadline = time.monotonic() + 30
    while job_id not in started.get_expired_job_ids():
        assert time.monotonic() < deadline, "the job never counted as abandoned"
        time.sleep(0.2)
    process = subprocess.Popen([sys.executable, "-m", "brehon.cli", "worker"], env={**os.environ, "REDIS_URL": redis_url},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while Store(redis_client).summary(created["id"], created["version"]) is None:
            assert time.monotonic() < deadline, "the abandoned job never ran again"
            time.sleep(0.5)
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_worker_log_leaves_out_its_maintenance_and_keeps_its_jobs(client, redis_client):
    # brehon serve prints what its worker logs: rq's registry cleaning every
    # MAINTENANCE seconds drowned the lines about jobs.
    lines = io.StringIO()
    handler = logging.StreamHandler(lines)
    rq_log = logging.getLogger("rq.worker")
    rq_log.addHandler(handler)
    level = rq_log.level
    rq_log.setLevel(logging.INFO)
    worker = SummaryWorker(redis_client)
    try:
        worker.clean_registries()
        assert "cleaning registries" in lines.getvalue()  # what rq logs unless told otherwise
        lines.truncate(0)
        lines.seek(0)
        quiet_maintenance()  # as `brehon worker` sets it up
        worker.clean_registries()
        worker.clean_group_registries()
        assert "cleaning" not in lines.getvalue()
        created = create_game(client, finished_records()["keltis"])
        run_jobs(redis_client)
        assert "Job OK" in lines.getvalue()
        assert summary_job_id(created["id"], created["version"]) in lines.getvalue()
    finally:
        rq_log.removeHandler(handler)
        rq_log.removeFilter(not_maintenance)
        rq_log.setLevel(level)
