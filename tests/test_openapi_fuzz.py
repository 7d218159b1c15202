"""The published document matches the server: schemathesis (every check,
the stateful phase too) against `brehon serve`, with a real game's token,
bounded by a fixed number of examples per operation and a fixed seed. It fails on any server error, any answer outside the document
(status, body, headers, content type) and any error that is not
problem+json (every error is documented as such)."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from api_helpers import EXAMPLE_1, ROOT, UNLIMITED, served
from orakel_games import SAMPLE_BOARD

#: Examples per operation and phase (the strict run, two operations, takes
#: three times as many). No time budget: with one, schemathesis repeats its
#: fuzzing and stateful phases until the budget is spent (80 s of make
#: check), where one round of each phase already tests every operation.
EXAMPLES = 5

#: What the contract answers where schemathesis assumes otherwise.
CONFIG = """
[checks]
enabled = true  # every check

[parameters]
"path.game_id" = "{game_id}"
"path.board_id" = "{board_id}"

# CONTRACT §8: a missing or wrong token is the same 404 as an unknown game
# (never 401, which would tell that the game exists), and these two checks
# insist on 401 for a missing Authorization. tests/test_api_games.py checks
# the 404s, and the 428 of a missing If-Match.
[checks.ignored_auth]
enabled = false

[checks.missing_required_header]
enabled = false

# A body the schema allows may still break a rule of the game: 422 with the
# rule; a turn on a version that is not the current one: 412; If-Match: *: 428.
[checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", 403, 404, 409, 412, 422, 428]
"""


#: The routes where no rule of a game can refuse a body the document allows:
#: there, positive data must be taken (2xx) and nothing else.
STRICT = "^/api/v1/(boards/check|qr)$"
STRICT_CONFIG = """
[checks]
enabled = false

[checks.positive_data_acceptance]
enabled = true
expected-statuses = ["2xx"]
"""


def post(base: str, path: str, body: dict) -> dict:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def test_the_server_keeps_to_its_openapi_document(redis_url, tmp_path):
    with served(redis_url, 3, tmp_path, **UNLIMITED) as (host, port):
        base = f"http://{host}:{port}"
        created = post(base, "/api/v1/games", EXAMPLE_1)
        board = post(base, "/api/v1/boards", {"game": "keltis-orakel", "board": SAMPLE_BOARD})
        config = tmp_path / "schemathesis.toml"
        config.write_text(CONFIG.format(game_id=created["id"], board_id=board["id"]))
        schemathesis = Path(sys.executable).with_name("schemathesis")
        run = subprocess.run(
            [str(schemathesis), "--no-color", "--config-file", str(config), "run", str(ROOT / "openapi.yaml"),
             "--url", base, "-H", f"Authorization: Bearer {created['token']}",
             "--max-examples", str(EXAMPLES), "--seed", "1",
             "--request-timeout", "10",
             # An open event stream never ends: tests/test_live_events.py drives it.
             "--exclude-path-regex", "/events$"],
            cwd=tmp_path, capture_output=True, text=True)
        assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
        strict = tmp_path / "strict.toml"
        strict.write_text(STRICT_CONFIG)
        run = subprocess.run(
            [str(schemathesis), "--no-color", "--config-file", str(strict), "run", str(ROOT / "openapi.yaml"),
             "--url", base, "--include-path-regex", STRICT, "--phases", "coverage,fuzzing",
             "--max-examples", str(EXAMPLES * 3), "--seed", "1",
             "--request-timeout", "10"],
            cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
