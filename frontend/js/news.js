// A turn's or a correction's news (scoring/news.py: the event of a log
// entry, also the answer to the write that logged it) applied to the game
// as GET /games/{id} answered it, so that a phone following the game need
// not fetch it again. What the entry does to the history, the engine says:
// a correction's news carries the whole history, a turn's the values it adds
// (in_history), so no rule of the history is written here.

/** The game after `news`, as GET /games/{id} would now answer it; null when
 * the news cannot be applied here: not the version right after the game's,
 * or without what it takes (the caller fetches the whole game then). */
export function applyNews(game, news) {
  if (!game || !news || news.version !== game.version + 1) return null;
  if (!news.state || !news.scoresheet || !('decision' in news)) return null;
  const stands = {state: news.state, decision: news.decision, scoresheet: news.scoresheet, version: news.version};
  if (news.kind === 'turn' && news.turn && news.at && news.in_history) {
    // A game kept offline before the history had holds is fetched again.
    const {history} = game;
    if (!Array.isArray(history.holds)) return null;
    const {start = history.start, seconds, holds} = news.in_history;
    const turns = [...game.record.turns, news.turn];
    return {...game, ...stands, record: {...game.record, turns}, history: {...history,
      start, seconds: [...history.seconds, seconds], holds: [...history.holds, holds]}};
  }
  if (news.kind === 'correction' && Array.isArray(news.turns) && news.history) {
    return {...game, ...stands, record: {...game.record, turns: news.turns}, history: news.history};
  }
  return null;
}
