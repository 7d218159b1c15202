"""Opening a game record at home (issue 22 §7): the app opens what `brehon
replay` finds, a record wrapped under a key included, and says which turn and
which action a refused record broke."""

from __future__ import annotations

import json
import shutil

from browser_helpers import DATA, shot
from playwright.sync_api import expect
from tapping import open_section
from test_table_app import no_sideways_scroll


def test_a_wrapped_record_opens_as_brehon_replay_finds_it(phone, tmp_path):
    # The file as it lies in the tests' data: {"record": ..., "sheet": ...}
    path = tmp_path / "complete_game.json"
    shutil.copy(DATA / "celtica" / "complete_game.json", path)
    wrapped = json.loads(path.read_text())
    phone.goto("/")
    phone.set_input_files("#record-file", str(path))
    phone.wait_for_selector("#table[data-drawn]")
    open_section(phone, "log")
    expect(phone.locator("#log > li")).to_have_count(len(wrapped["record"]["turns"]))


def test_a_refused_record_names_the_turn_and_the_action(phone, tmp_path):
    path = tmp_path / "ruin_refused.json"
    shutil.copy(DATA / "celtica" / "ruin_refused.json", path)
    expected = json.loads(path.read_text())["sheet"]["violations"][0]
    assert (expected["turn"], expected["action"]) == (3, 1)
    phone.goto("/")
    phone.set_input_files("#record-file", str(path))
    problem = phone.locator("p.problem:has-text('Turn')")
    expect(problem).to_have_text("Turn 4 (Anna), action 2 (gave up south, north): "
                                 "This ruin takes 1 of your parts; you gave 2. (celtica.give.count)")
    expect(problem).to_be_in_viewport()
    shot(phone, f"open-record-refused-{phone.look}")
    no_sideways_scroll(phone)
    # A turn out of order names the turn alone: the turn itself is at fault.
    record = json.loads(path.read_text())["record"]
    record["turns"][1]["player"] = record["turns"][0]["player"]
    (tmp_path / "order.json").write_text(json.dumps(record))
    phone.set_input_files("#record-file", str(tmp_path / "order.json"))
    expect(phone.locator("p.problem:has-text('Turn 2')")).to_contain_text("Turn 2 (Anna): It is Ben's turn, not Anna's.")
