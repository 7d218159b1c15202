// A game's history as GET /games/{id} answers it: the log's start, then one
// value per entry (its seconds after the one before, the turn it holds),
// and in full only the entries that are not a turn that stands. The one
// module that reads its shape.

/** Every entry, oldest first: {index, kind, by, undo, replace, holds, turn,
 * number}: `holds` the index of the turn as it now stands that the entry
 * holds (null: none), `turn` the turn it logged (a standing turn is sent
 * once, in the record), `number` the index of the turn it logged, undid or
 * replaced (an undo takes back the last turn standing then). */
export function entries(game) {
  // A game kept offline before the history took this shape has no log to
  // draw until it is fetched again.
  if (!Array.isArray(game.history.holds)) return [];
  const {holds, entries: listed} = game.history;
  const byIndex = new Map(listed.map(entry => [entry.version - 1, entry]));
  let standing = 0;
  return holds.map((held, index) => {
    const entry = byIndex.get(index) || {kind: 'turn'};
    const number = entry.kind !== 'correction' ? standing++ : entry.undo ? --standing : entry.replace;
    return {...entry, index, holds: held, number, turn: entry.turn || game.record.turns[held]};
  });
}

/** The log by turn, first turn first: for each turn number every version
 * it had, oldest first, {entry, turn, at, ended}; `ended` null for the one
 * that stands, else the correction that undid or replaced it ({undo, by,
 * at}). A turn undone and not logged again has no version that stands. */
export function turnsAsLogged(game) {
  const times = loggedTimes(game);
  const turns = [];
  for (const entry of entries(game)) {
    const at = times[entry.index];
    const versions = turns[entry.number] ??= [];
    if (entry.kind === 'correction') versions.at(-1).ended = {undo: Boolean(entry.undo), by: entry.by, at};
    if (!entry.undo) versions.push({entry, turn: entry.turn, at, ended: null});
  }
  return turns;
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

/** The turn entry logged right after `version` (the entry that made
 * version + 1), when it is `turn` itself: the same player and the same
 * actions as data (compared as canonical JSON, so the order of an object's
 * keys does not matter); else null. */
export function loggedAs(game, version, turn) {
  const entry = entries(game)[version];
  return entry && entry.kind !== 'correction' && entry.turn && entry.turn.player === turn.player
    && canonical(entry.turn.actions) === canonical(turn.actions) ? entry : null;
}

// JSON with every object's keys in order: one text for one value, however it was built.
const canonical = value => JSON.stringify(value, (key, item) => (item && typeof item === 'object' && !Array.isArray(item)
  ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item));
