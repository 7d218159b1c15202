"""Score sheet exports: CSV, PDF and the re-importable record, for all three games."""

from __future__ import annotations

import csv
import io

import pytest
from api_helpers import InProcessWorker, bearer, create_game
from pypdf import PdfReader
from worker_games import finished_records

from scoring import Game
from exports.scoresheet import scoresheet_pdf
from exports.spreadsheet import options_text, scoresheet_csv
from scoring import RULESETS
from store import SummaryQueue
from worker.summary import summarize

GAMES = ["keltis", "keltis-orakel", "celtica"]


def pdf_text(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def fetch(client, created: dict, path: str, **query):
    return client.get(f"/api/v1/games/{created['id']}/{path}", query_string=query, headers=bearer(created["token"]))


# -- CSV ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_csv_rows_hold_the_score_sheet(client, game):
    record = finished_records()[game]
    created = create_game(client, record)
    answer = fetch(client, created, "scoresheet", format="csv")
    assert answer.status_code == 200
    assert answer.mimetype == "text/csv"

    sheet = created["scoresheet"]
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert [row["player"] for row in rows] == [player["id"] for player in sheet["players"]]
    names = {player["id"]: player["name"] for player in record["players"]}
    for row, player in zip(rows, sheet["players"]):
        assert int(row["total"]) == player["total"]
        assert int(row["rank"]) == player["rank"]
        assert row["winner"] == ("yes" if player["id"] in sheet["winners"] else "no")
        assert row["name"] == names[player["id"]]
        assert row["status"] == "finished"
        assert row["end_reason"] == sheet["end_reason"]
        for key, value in player["breakdown"].items():
            if isinstance(value, list):  # Celtica's incomplete amulets, largest first
                assert [int(size) for size in row[key].split(", ") if size] == value
            else:
                assert int(row[key]) == value


def test_csv_says_game_and_options_in_words():
    record = finished_records()["keltis"]
    record["options"] = {"tie_break": "wishing_stones"}
    sheet = Game.replay(record).scoresheet()
    rows = list(csv.DictReader(io.StringIO(scoresheet_csv(record, sheet))))
    assert rows[0]["game"] == "Keltis"
    # every option with its value, the defaults filled in, in the words of GET /rulesets
    assert rows[0]["options"] == ("Draw back your own discard: yes; Clover may start a path: no; "
                                  "Equal totals: more wishing stones rank higher; Point tiles stay: yes")


@pytest.mark.parametrize("game", GAMES)
def test_no_export_shows_an_option_in_developer_form(game):
    record = finished_records()[game]
    for lang in ("en", "de", "es"):
        said = options_text(record, lang)
        assert "_" not in said and "true" not in said.lower() and "false" not in said.lower(), (lang, said)
        for option in RULESETS[game].describe(lang)["options"]:
            assert f"{option['label']}: " in said
    assert "forbid" not in options_text(finished_records()["celtica"], "en")


def test_csv_in_german_and_spanish_from_lang_or_accept_language(client):
    record = finished_records()["keltis"]
    created = create_game(client, record)
    german = fetch(client, created, "scoresheet", format="csv", lang="de")
    assert german.status_code == 200 and german.headers["Content-Language"] == "de"
    rows = list(csv.DictReader(io.StringIO(german.get_data(as_text=True))))
    assert {"Spiel", "Optionen", "Stand", "Spielende", "Summe", "Platz", "Sieger", "Wunschsteine"} <= set(rows[0])
    assert rows[0]["Stand"] == "beendet" and rows[0]["Spielende"] in ("fünf Figuren im Zielbereich",
                                                                        "der Nachziehstapel ist leer")
    assert "Eigene Ablage zurücknehmen: ja" in rows[0]["Optionen"]
    assert {row["Sieger"] for row in rows} <= {"ja", "nein"}
    spanish = client.get(f"/api/v1/games/{created['id']}/scoresheet", query_string={"format": "csv"},
                         headers={**bearer(created["token"]), "Accept-Language": "es-ES,es;q=0.9"})
    assert spanish.get_data(as_text=True).startswith("juego,opciones,estado,final,")
    # ?lang= wins over Accept-Language; English keeps the columns' ids
    english = client.get(f"/api/v1/games/{created['id']}/scoresheet", query_string={"format": "csv", "lang": "en"},
                         headers={**bearer(created["token"]), "Accept-Language": "de"})
    assert english.get_data(as_text=True).startswith("game,options,status,end_reason,player,name,")
    assert fetch(client, created, "scoresheet", format="csv", lang="fr").status_code == 422


def test_csv_with_no_language_is_english_as_before():
    record = finished_records()["celtica"]
    sheet = Game.replay(record).scoresheet()
    assert scoresheet_csv(record, sheet) == scoresheet_csv(record, sheet, "en")
    assert scoresheet_csv(record, sheet, "fr") == scoresheet_csv(record, sheet, "en")


@pytest.mark.parametrize("lang, words", [
    ("de", ["Wertung", "Datum", "Optionen", "Stand: beendet", "Spieler", "Summe", "Platz", "Sieger"]),
    ("es", ["hoja de puntos", "Fecha", "Opciones", "Estado: terminada", "Jugador", "Total", "Puesto"]),
])
def test_pdf_in_the_language_asked_for(client, redis_client, lang, words):
    record = finished_records()["keltis"]
    created = create_game(client, record)
    text = pdf_text(fetch(client, created, "scoresheet", format="pdf", lang=lang).get_data())
    for word in words:
        assert word in text, (word, text)
    assert "Date:" not in text and "Winner" not in text
    # with the summary's chart too: the job keeps the English PDF, the route draws the others
    InProcessWorker([SummaryQueue(redis_client).queue], connection=redis_client).work(burst=True)
    text = pdf_text(fetch(client, created, "scoresheet", format="pdf", lang=lang).get_data())
    assert words[0] in text and ("Punkte nach jedem Zug" if lang == "de" else "Puntos tras cada turno") in text


def test_csv_keeps_a_name_from_running_as_a_formula():
    record = finished_records()["keltis"]
    record["players"][0]["name"] = "=SUM(A1:A9)"
    rows = list(csv.DictReader(io.StringIO(scoresheet_csv(record, Game.replay(record).scoresheet()))))
    assert rows[0]["name"] == "'=SUM(A1:A9)"


def test_csv_of_celtica_lists_incomplete_amulets_in_one_cell():
    record = finished_records()["celtica"]
    sheet = Game.replay(record).scoresheet()
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(scoresheet_csv(record, sheet)))}
    assert rows["ben"]["incomplete"] == "8"
    assert rows["ben"]["complete"] == "0"
    sheet["players"][0]["breakdown"]["incomplete"] = [6, 2]
    rows = list(csv.DictReader(io.StringIO(scoresheet_csv(record, sheet))))
    assert rows[0]["incomplete"] == "6, 2"


# -- PDF ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_pdf_names_players_totals_and_winners(client, game):
    record = finished_records()[game]
    created = create_game(client, record)
    answer = fetch(client, created, "scoresheet", format="pdf")
    assert answer.status_code == 200
    assert answer.mimetype == "application/pdf"
    text = pdf_text(answer.data)
    sheet = created["scoresheet"]
    names = {player["id"]: player["name"] for player in record["players"]}
    lines = text.splitlines()
    for player in sheet["players"]:
        # the player's table row: name, every breakdown column, total, rank
        row = next(line for line in lines if line.startswith(names[player["id"]] + " "))
        cells = row.removeprefix(names[player["id"]]).split()
        assert str(player["total"]) in cells and str(player["rank"]) in cells
    assert "Winner" in text and names[sheet["winners"][0]] in text


def test_pdf_of_the_job_has_the_chart_and_is_served_from_the_cache(client, redis_client):
    record = finished_records()["keltis-orakel"]
    created = create_game(client, record)
    before = fetch(client, created, "scoresheet", format="pdf").data
    assert "Score after every turn" not in pdf_text(before)  # rendered in the request, no chart

    InProcessWorker([SummaryQueue(redis_client).queue], connection=redis_client).work(burst=True)
    cached = fetch(client, created, "scoresheet", format="pdf").data
    text = pdf_text(cached)
    assert "Score after every turn" in text
    assert "turn" in text.splitlines()  # the x axis label
    summary = fetch(client, created, "summary").get_json()
    assert summary["date"] in text


def test_pdf_chart_is_drawn_with_lines_not_images():
    record = finished_records()["keltis-orakel"]
    summary = summarize(record)
    pdf = scoresheet_pdf(record, summary["scoresheet"], summary["history"], date="2026-11-30")
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert not page.images
    content = page.get_contents().get_data()
    # one polyline per player: a moveto and a lineto per turn, stroked
    assert content.count(b" l") >= 2 * len(summary["history"])
    assert "2026-11-30" in page.extract_text()


def test_pdf_prints_names_beyond_latin_1():
    record = finished_records()["keltis"]
    record["players"][0]["name"] = "Łucja Dvořák"
    pdf = scoresheet_pdf(record, Game.replay(record).scoresheet(), date="2026-11-30")
    assert "Łucja Dvořák" in pdf_text(pdf)


# -- the record ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_record_round_trips(client, game):
    record = finished_records()[game]
    created = create_game(client, record)
    exported = fetch(client, created, "record")
    assert exported.status_code == 200
    again = create_game(client, exported.get_json())
    assert again["scoresheet"] == created["scoresheet"]
    assert fetch(client, again, "record").get_json() == exported.get_json()
    assert fetch(client, again, "scoresheet").get_json() == Game.replay(record).scoresheet()


def test_pdf_cuts_a_long_name_to_its_cell():
    record = finished_records()["keltis-orakel"]
    record["players"][1]["name"] = "W" * 40  # the longest name, of the widest letter
    sheet = Game.replay(record).scoresheet()
    text = pdf_text(scoresheet_pdf(record, sheet, date="2026-11-30"))
    row = next(line for line in text.splitlines() if line.startswith("WWW") and "..." in line)
    cut, cells = row.split("...")
    assert len(cut) < 40
    ben = sheet["players"][1]
    assert cells.split() == [str(value) for value in (*ben["breakdown"].values(), ben["total"], ben["rank"])]


def test_a_game_in_progress_has_a_leader_not_a_winner(client):
    """Issue 11 §4: while the game goes on, rank 1 is "leading" in the CSV and the PDF."""
    record = finished_records()["keltis"]
    created = create_game(client, {**record, "turns": record["turns"][:6]})
    assert created["scoresheet"]["status"] == "in_progress"
    rows = list(csv.DictReader(io.StringIO(fetch(client, created, "scoresheet", format="csv").get_data(as_text=True))))
    assert "winner" not in rows[0]
    assert [row["leading"] for row in rows] == [
        "yes" if player["id"] in created["scoresheet"]["winners"] else "no" for player in created["scoresheet"]["players"]]
    text = pdf_text(fetch(client, created, "scoresheet", format="pdf").data)
    assert "Leading:" in text and "Winner" not in text


def test_pdf_of_celtica_counts_amulet_parts_in_words_and_says_what_decides_the_rank():
    record = finished_records()["celtica"]
    sheet = Game.replay(record).scoresheet()
    assert all(player["breakdown"]["complete"] == 0 for player in sheet["players"])
    text = pdf_text(scoresheet_pdf(record, sheet, date="2026-11-30"))
    assert "No complete amulet yet: the largest incomplete amulet decides the rank" in text
    assert "8 parts" in text
    sheet["players"][0]["breakdown"].update(complete=1, incomplete=[1])
    text = pdf_text(scoresheet_pdf(record, sheet, date="2026-11-30", lang="de"))
    assert "Noch kein fertiges Amulett" not in text and "1 Teil" in text
