"""Where a game lies in Redis.

Every key of one game shares the hash tag ``{<id>}`` so that the same code
runs on Redis Cluster: a script or transaction of one game names only that
game's keys (and its event channel), and runs whole on the game's slot::

    game:{<id>}:record    the record without its turns (JSON)                      store/log.py
    game:{<id>}:log       list of entries (JSON)                                   store/log.py
    game:{<id>}:archive   instead of the log once the game is over (compaction.py) store/log.py
    game:{<id>}:auth      hash: table -> sha256(token), spectator -> sha256(...)   store/tokens.py
    game:{<id>}:snapshot  signed pickle of the folded engine state at a version    store/snapshots.py
    game:{<id>}:idem      hash: Idempotency-Key -> the first answer                store/answers.py
    game:{<id>}:summary:<version>  hash: json -> the summary, pdf -> its score sheet
    game:{<id>}:next      the id of the next round of a match (it opens with these tokens) store/log.py
    game:{<id>}:match     the round a match's round follows, and its number (JSON)     store/log.py
    game:{<id>}:events    the pub/sub channel of the game's events                 store/events.py

Keys of no game, each read and written alone by single-key commands,
wherever their slots are: ``boards`` (store/boards.py), ``created:<hash>``
(store/answers.py) and ``secret`` (store/tokens.py).
"""

from __future__ import annotations


def game_key(game_id: str, part: str) -> str:
    """The key of one part of a game."""
    return f"game:{{{game_id}}}:{part}"
