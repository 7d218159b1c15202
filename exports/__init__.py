"""Score sheet exports (CSV and PDF), used by the API and by the worker's summary job.

They take a game record and its score sheet (CONTRACT §6) and read nothing
else: no Flask, Redis or rq.
"""

from .scoresheet import scoresheet_csv, scoresheet_pdf

__all__ = ["scoresheet_csv", "scoresheet_pdf"]
