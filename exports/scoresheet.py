"""The score sheet as a printable PDF (the CSV is exports/spreadsheet.py).

It takes the game record (for player names, the game and its options) and
the contract's score sheet (CONTRACT §6), and reads nothing else: the API
calls it for a quick export and the summary job to cache the PDF with the
game's chart of the lead.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Iterable, Sequence

from fpdf import FPDF

from .spreadsheet import (TEXTS, breakdown_columns, column_text, column_title, end_reason_text, game_title,
                          language, names_of, options_text, rank_one, rank_reason)

#: Fonts tried in order for the PDF; DejaVu covers names in any European
#: script. Without it the PDF falls back to Helvetica (Latin-1 only).
UNICODE_FONTS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),
)
BOLD_FONTS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
)

#: Line colours of the players in the chart, in seating order (RGB).
PLAYER_COLOURS = (
    (200, 40, 40),
    (30, 90, 200),
    (30, 150, 60),
    (170, 100, 10),
    (120, 50, 160),
)

# -- PDF -------------------------------------------------------------------


class _Sheet(FPDF):
    """An A4 page with a font that can print every text it will hold.

    Helvetica, built into every PDF reader, prints Latin-1 and costs
    nothing; a TrueType font is embedded only when a text needs more
    (embedding takes most of a PDF's rendering time).
    """

    def __init__(self, texts: Iterable[str]) -> None:
        super().__init__(orientation="portrait", unit="mm", format="A4")
        self.set_auto_page_break(True, margin=15)
        self.family, self.unicode = "helvetica", False
        if not all(_latin_1(text) for text in texts):
            regular = next((path for path in UNICODE_FONTS if path.exists()), None)
            bold = next((path for path in BOLD_FONTS if path.exists()), None)
            if regular and bold:
                self.add_font("sheet", "", str(regular))
                self.add_font("sheet", "B", str(bold))
                self.family, self.unicode = "sheet", True

    def text_of(self, text: str) -> str:
        """``text`` as the chosen font can print it."""
        if self.unicode:
            return text
        return text.encode("latin-1", "replace").decode("latin-1")

    def fit(self, text: str, width: float) -> str:
        """``text`` cut short with ``...`` so that it fits ``width`` in the current font."""
        text = self.text_of(text)
        if self.get_string_width(text) <= width:
            return text
        while text and self.get_string_width(text + "...") > width:
            text = text[:-1]
        return text + "..."

    def write_line(self, text: str, size: float = 10, bold: bool = False, height: float = 6) -> None:
        self.set_font(self.family, "B" if bold else "", size)
        self.multi_cell(0, height, self.text_of(text), align="L", new_x="LMARGIN", new_y="NEXT")


def scoresheet_pdf(
    record: dict,
    sheet: dict,
    history: Sequence[dict] | None = None,
    *,
    date: str | None = None,
    chart: str = "scores",
    lang: str = "en",
) -> bytes:
    """A printable score sheet in ``lang``: game, options, date, status, and
    a table of players with every breakdown column, total, rank and winners.

    ``history`` holds ``{"scores": {player id: score}}`` before the first
    turn and after every turn (the summary's ``start`` and ``history``);
    when given, a line chart of it follows the table, titled for what
    ``chart`` says it measures (``scores``, or ``parts`` held). ``date`` is
    printed as given (the summary's date); without it, today's date (UTC).
    """
    lang = language(lang)
    words = TEXTS[lang]
    names = names_of(record)
    options = options_text(record, lang)
    status = words[f"status:{sheet['status']}"]
    if sheet.get("end_reason"):
        status += f" ({end_reason_text(sheet['end_reason'], lang)})"
    pdf = _Sheet([*names.values(), options, status, game_title(sheet["game"]), rank_reason(sheet, lang) or ""])
    pdf.set_title(f"Brehon {words['score sheet']}: {game_title(sheet['game'])}")
    pdf.add_page()
    date = date or datetime.datetime.now(datetime.timezone.utc).date().isoformat()

    pdf.write_line(f"{game_title(sheet['game'])}: {words['score sheet']}", size=16, bold=True, height=9)
    pdf.write_line(f"{words['Date']}: {date}")
    pdf.write_line(f"{words['Options']}: {options}")
    pdf.write_line(f"{words['Status']}: {status}")
    reason = rank_reason(sheet, lang)
    if reason:
        pdf.write_line(reason)
    winners = [names.get(winner, winner) for winner in sheet.get("winners", [])]
    label = "Winner" if sheet["status"] == "finished" else "Leading"
    if label == "Winner" and len(winners) != 1:
        label = "Winners"
    pdf.write_line(f"{words[label]}: {', '.join(winners) or '-'}", bold=True)
    pdf.ln(3)
    _players_table(pdf, sheet, names, lang)
    if history:
        pdf.ln(6)
        title = words["Parts held after every turn" if chart == "parts" else "Score after every turn"]
        _history_chart(pdf, sheet, names, history, title, words["turn"])
    return bytes(pdf.output())


def summary_pdf(record: dict, summary: dict, lang: str = "en") -> bytes:
    """The PDF score sheet of a summary (worker/summary.py) with its chart
    of what the summary says the chart measures, from the start of the game on."""
    measure = summary["chart"]
    history = [{"scores": entry[measure]} for entry in (summary["start"], *summary["history"])]
    return scoresheet_pdf(record, summary["scoresheet"], history, date=summary["date"], chart=measure, lang=lang)


def _players_table(pdf: _Sheet, sheet: dict, names: dict[str, str], lang: str) -> None:
    words = TEXTS[lang]
    columns = breakdown_columns(sheet)
    headers = [words["Player"], *(column_title(sheet["game"], key, lang) for key in columns), words["Total"], words["Rank"],
               rank_one(sheet, lang).capitalize()]
    # Each number column as wide as its header; the names take what is left.
    pdf.set_font(pdf.family, "B", 8)
    widths = [0.0] + [max(14.0, pdf.get_string_width(header) + 4) for header in headers[1:]]
    widths[0] = max(30.0, pdf.epw - sum(widths[1:]))
    scale = min(1.0, pdf.epw / sum(widths))
    widths = [width * scale for width in widths]
    winners = set(sheet.get("winners", []))

    pdf.set_fill_color(225, 225, 225)
    for header, column_width in zip(headers, widths):
        pdf.cell(column_width, 7, pdf.text_of(header), border=1, align="C", fill=True)
    pdf.ln()
    for player in sheet["players"]:
        winner = player["id"] in winners
        cells = [
            names.get(player["id"], player["id"]),
            *(column_text(sheet["game"], key, player["breakdown"].get(key), lang) for key in columns),
            str(player["total"]),
            str(player["rank"]),
            words["yes"] if winner else "",
        ]
        for index, (text, column_width) in enumerate(zip(cells, widths)):
            bold = winner or index == len(cells) - 3  # the total stands out
            pdf.set_font(pdf.family, "B" if bold else "", 9)
            pdf.cell(column_width, 7, pdf.fit(text, column_width - 2), border=1, align="L" if index == 0 else "C")
        pdf.ln()


def _history_chart(pdf: _Sheet, sheet: dict, names: dict[str, str], history: Sequence[dict], title: str,
                   turn_word: str) -> None:
    """Each player's score after every turn, drawn with lines and text only."""
    players = [player["id"] for player in sheet["players"]]
    series = {player: [entry["scores"].get(player, 0) for entry in history] for player in players}
    values = [value for points in series.values() for value in points]
    low, high = min(values + [0]), max(values + [1])
    turns = len(history) - 1  # the first entry is the start of the game

    pdf.write_line(title, size=12, bold=True, height=8)
    height = 70.0
    if pdf.get_y() + height + 25 > pdf.h - pdf.b_margin:
        pdf.add_page()
    left, top = pdf.l_margin + 12, pdf.get_y() + 2
    width = pdf.epw - 14
    bottom = top + height

    def x_of(turn: int) -> float:
        return left + width * turn / max(turns, 1)

    def y_of(score: float) -> float:
        return bottom - height * (score - low) / (high - low)

    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.3)
    pdf.line(left, top, left, bottom)
    pdf.line(left, y_of(0), left + width, y_of(0))
    pdf.set_font(pdf.family, "", 7)
    pdf.set_text_color(0, 0, 0)
    for score in _ticks(low, high):
        pdf.set_draw_color(220, 220, 220)
        pdf.line(left, y_of(score), left + width, y_of(score))
        pdf.text(pdf.l_margin, y_of(score) + 1, str(score))
    for turn in _ticks(0, turns):
        pdf.text(x_of(turn) - 1.5, bottom + 4, str(turn))
    pdf.text(left + width / 2 - 5, bottom + 8, pdf.text_of(turn_word))

    pdf.set_line_width(0.6)
    for index, player in enumerate(players):
        pdf.set_draw_color(*PLAYER_COLOURS[index % len(PLAYER_COLOURS)])
        points = [(x_of(turn), y_of(score)) for turn, score in enumerate(series[player])]
        pdf.polyline(points)

    # Legend: a short stroke in the player's colour, then the name.
    y = bottom + 13
    x = left
    pdf.set_font(pdf.family, "", 8)
    for index, player in enumerate(players):
        label = pdf.text_of(names.get(player, player))
        pdf.set_draw_color(*PLAYER_COLOURS[index % len(PLAYER_COLOURS)])
        pdf.line(x, y - 1, x + 6, y - 1)
        pdf.text(x + 8, y, label)
        x += 14 + pdf.get_string_width(label)
    pdf.set_draw_color(0, 0, 0)
    pdf.set_line_width(0.2)
    pdf.set_y(y + 4)


def _latin_1(text: str) -> bool:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        return False
    return True


def _ticks(low: float, high: float, most: int = 8) -> Iterable[int]:
    """Round axis marks from ``low`` to ``high``, at most about ``most``."""
    span = max(high - low, 1)
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100):
        step = candidate
        if span / candidate <= most:
            break
    start = int(low // step) * step
    return range(start if start >= low else start + step, int(high) + 1, step)
