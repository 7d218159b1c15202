"""Finished games take little room: the log as one compressed value.

Once a game is over (the summary job runs then), its log list becomes
``game:{<id>}:archive``: the JSON array of its entries, zlib-compressed
(about a twentieth of the list's size), its summary's JSON is compressed
likewise (its PDF is compressed already), and its snapshot goes (a finished
game is read seldom; its fold is a replay of a millisecond or two). Its
idempotency answers expire as every game's do, so a repeat of a request
still gets its first answer while it may come. Reads of an archived game
unpack the archive; a write to one (a correction of a finished game) first
puts the log back (:data:`THAW`), then appends as usual.
"""

from __future__ import annotations

import json
import zlib

#: zlib's best: compacting happens once per game, off the request path.
LEVEL = 9

# KEYS: log, archive, snapshot, the summary of that version. ARGV: the
# version compacted, the archive, the summary's JSON compressed ('' for
# none). Only while the log is still at that version (no correction since).
COMPACT = """
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('DEL', KEYS[1], KEYS[3])
if ARGV[3] ~= '' then
  redis.call('HSET', KEYS[4], 'zjson', ARGV[3])
  redis.call('HDEL', KEYS[4], 'json')
end
return 1
"""

# KEYS: log, archive. ARGV: the archived entries. Puts the log back, once.
THAW = """
if redis.call('EXISTS', KEYS[2]) == 0 or redis.call('LLEN', KEYS[1]) ~= 0 then return 0 end
for first = 1, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, first, math.min(first + 999, #ARGV)))
end
redis.call('DEL', KEYS[2])
return 1
"""


def pack(raw_entries: list[bytes]) -> bytes:
    """The archive of a log (its entries as stored, JSON each)."""
    return zlib.compress(b"[" + b",".join(raw_entries) + b"]", LEVEL)


def pack_summary(raw: bytes | None) -> bytes:
    """A stored summary's JSON, compressed (its history of every score after
    every turn is most of a finished game's room); b'' for none."""
    return zlib.compress(raw, LEVEL) if raw else b""


def unpack_summary(packed: bytes) -> dict:
    return json.loads(zlib.decompress(packed))


def unpack(archive: bytes) -> list[dict]:
    """The entries of an archive, oldest first."""
    return json.loads(zlib.decompress(archive))


def raw_entries(archive: bytes) -> list[str]:
    """The entries of an archive as the log stores them (for :data:`THAW`)."""
    return [json.dumps(entry, ensure_ascii=False, separators=(",", ":")) for entry in unpack(archive)]
