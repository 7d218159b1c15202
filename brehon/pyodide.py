"""Pyodide, the CPython in WebAssembly that runs ``scoring/`` on the phone.

The install step (``make serve``, ``make test``, ``brehon static``) puts the
pinned release's files where the app serves them, ``frontend/vendor/pyodide/``,
so the phone fetches nothing from a CDN. They come from the npm registry's
``pyodide`` package, the release's official distribution, and the tarball is
checked against the sha512 the registry publishes for it (``dist.integrity``),
pinned here: a different tarball is refused, whatever the registry says now.

Only the files the referee loads are kept: the package also carries a
console, type declarations and source maps. The two large ones get a gzipped
copy beside them, which the server sends as they are (api/frontend.py): the
WebAssembly is 9.6 MB plain and 3.5 MB gzipped, and compressing it on every
request would cost the server a second of CPU each time.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import io
import os
import shutil
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

VERSION = "314.0.8"
#: The registry's ``dist.integrity`` of pyodide-314.0.8.tgz (``npm view pyodide@314.0.8 dist.integrity``).
INTEGRITY = "sha512-74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
#: What ``loadPyodide`` fetches for the standard library alone (no packages).
FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Sent gzipped (api/frontend.py); the standard library is a zip already.
GZIPPED = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
#: Written last: its content says which release the folder holds, complete.
STAMP = "VERSION"

FOLDER = Path(__file__).resolve().parent.parent / "frontend" / "vendor" / "pyodide"


def registry() -> str:
    """The npm registry: npm's own setting when there is one (a mirror)."""
    return os.environ.get("npm_config_registry", "https://registry.npmjs.org").rstrip("/")


def installed(folder: Path = FOLDER) -> bool:
    """Whether ``folder`` holds the whole pinned release."""
    stamp = folder / STAMP
    return stamp.is_file() and stamp.read_text().strip() == VERSION


def checked(tarball: bytes) -> bytes:
    """The tarball, if its sha512 is the pinned one; else ValueError."""
    algorithm, _, expected = INTEGRITY.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, tarball).digest()).decode()
    if actual != expected:
        raise ValueError(f"pyodide-{VERSION}.tgz from {registry()} has {algorithm} {actual}, not the pinned {expected}")
    return tarball


def install(folder: Path = FOLDER) -> None:
    """Download, check and unpack the pinned release into ``folder``, unless it is there."""
    if installed(folder):
        return
    url = f"{registry()}/pyodide/-/pyodide-{VERSION}.tgz"
    with urllib.request.urlopen(url, timeout=60) as answer:
        tarball = checked(answer.read())
    folder.parent.mkdir(parents=True, exist_ok=True)
    # Unpacked beside the folder and renamed into place: an interrupted
    # install never leaves a half folder that looks whole.
    with tempfile.TemporaryDirectory(dir=folder.parent) as scratch:
        unpacked = Path(scratch) / "pyodide"
        unpacked.mkdir()
        with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
            for name in FILES:
                member = archive.extractfile(f"package/{name}")
                assert member is not None, name
                (unpacked / name).write_bytes(member.read())
        for name in GZIPPED:
            data = (unpacked / name).read_bytes()
            # mtime=0: the same bytes on every machine.
            (unpacked / f"{name}.gz").write_bytes(gzip.compress(data, compresslevel=9, mtime=0))
        (unpacked / STAMP).write_text(VERSION + "\n")
        shutil.rmtree(folder, ignore_errors=True)
        unpacked.rename(folder)


def main() -> int:
    try:
        install()
    except (OSError, ValueError) as error:
        print(f"brehon: could not install Pyodide {VERSION} for the phone's referee: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
