"""Score sheet exports, used by the API and by the worker's summary job:
the CSV (``exports.spreadsheet``) and the PDF (``exports.scoresheet``).

They take a game record and its score sheet (CONTRACT §6) and read nothing
else: no Flask, Redis or rq. The package imports neither module itself, so
that the phone's referee imports the CSV without the PDF's fpdf.
"""
