// A game's history as GET /games/{id} answers it: every log entry, turns
// and corrections, oldest first; the version is the number of entries. The
// one module that reads its shape.

/** Every entry: {index, kind, at, by, undo, replace, holds, turn}: `holds`
 * the index of the turn as it now stands that the entry holds (null: none),
 * `turn` the turn it logged (the server sends a standing turn once, in the
 * record). */
export function entries(game) {
  return game.history.map((entry, index) => ({...entry, index, turn: entry.turn || game.record.turns[entry.holds]}));
}

/** When each entry was logged. */
export const loggedTimes = game => game.history.map(entry => new Date(entry.at));

/** The turn that was logged right after `version`, when it is the only entry
 * since and still stands: its index in the record's turns; else null. */
export function turnLoggedAfter(game, version) {
  const since = game.history.slice(version);
  return since.length === 1 && since[0].kind === 'turn' && since[0].holds !== null ? since[0].holds : null;
}
