"""Processes seen through Linux's /proc: who started whom, who still runs."""

from __future__ import annotations

from pathlib import Path


def _stat(pid: int) -> list[str]:
    return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()


def descendants(pid: int) -> set[int]:
    """Every process below ``pid``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                children.setdefault(int(_stat(int(entry.name))[1]), []).append(int(entry.name))
            except OSError:
                continue
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def parent(pid: int) -> int:
    return int(_stat(pid)[1])


def command_line(pid: int) -> str:
    return (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")


def command_of(pid: int) -> str:
    """A process's command line, to name it in a failure ("" once it is gone)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    """Running (a zombie is not)."""
    try:
        return _stat(pid)[0] != "Z"
    except OSError:
        return False
