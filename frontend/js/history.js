// A game's history as GET /games/{id} answers it: the log's start, then one
// value per entry (its seconds after the one before, the turn it holds),
// and in full only the entries that are not a turn that stands. The one
// module that reads its shape.

/** Every entry, oldest first: {index, kind, by, undo, replace, holds, turn}:
 * `holds` the index of the turn as it now stands that the entry holds (null:
 * none), `turn` the turn it logged (a standing turn is sent once, in the
 * record). */
export function entries(game) {
  // A game kept offline before the history took this shape has no log to
  // draw until it is fetched again.
  if (!Array.isArray(game.history.holds)) return [];
  const {holds, entries: listed} = game.history;
  const byIndex = new Map(listed.map(entry => [entry.version - 1, entry]));
  return holds.map((held, index) => {
    const entry = byIndex.get(index) || {kind: 'turn'};
    return {...entry, index, holds: held, turn: entry.turn || game.record.turns[held]};
  });
}

/** When each entry was logged. */
export function loggedTimes(game) {
  let at = Date.parse(game.history.start);
  return game.history.seconds.map(step => new Date(at += 1000 * step));
}

/** The turn that was logged right after `version`, when it is the only entry
 * since and still stands: its index in the record's turns; else null. */
export function turnLoggedAfter(game, version) {
  const {holds, entries: listed} = game.history;
  const onlyOne = holds.length === version + 1;
  const isTurn = !listed.some(entry => entry.version === version + 1);
  return onlyOne && isTurn && holds[version] !== null ? holds[version] : null;
}

/** The history after one more turn that stands, logged at `at` (the turn's
 * news) and held at `held` in the record's turns; null for a history kept
 * before it took this shape. The server counts whole seconds between
 * whole-second times, so this is what a GET would answer. */
export function afterTurn(history, at, held) {
  if (!Array.isArray(history.holds)) return null;
  const start = history.start ?? at;
  const before = Date.parse(start) + 1000 * history.seconds.reduce((sum, step) => sum + step, 0);
  return {...history, start, seconds: [...history.seconds, Math.round((Date.parse(at) - before) / 1000)],
    holds: [...history.holds, held]};
}
