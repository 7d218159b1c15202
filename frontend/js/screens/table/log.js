// The log as the server keeps it: turns and corrections, latest on top.
// Undone and replaced turns stay in it, each with the correction after it.
// The latest few are shown, the rest one tap away; only the last turn has
// its "Correct" in view, an earlier one is corrected from its own menu.
import {h} from '../../ui.js';
import {t} from '../../i18n.js';
import {problemText} from '../../api.js';
import {startCorrection} from './composer.js';
import {seatMark} from './strip.js';
import * as words from '../../words.js';

const LATEST = 3;

/** The log section's content. */
export function logPart(table) {
  const game = table.game;
  const last = game.record.turns.length - 1;
  // `holds`: the turn as it now stands that an entry holds (null: none).
  const entries = logEntries(game.history).map((entry, index) => ({index, entry, turn: entry.holds})).reverse();
  if (!entries.length) return h('p', {class: 'hint'}, t('table.log_empty'));
  const more = entries.length - LATEST;
  const list = h('ol', {class: 'log', reversed: true, id: 'log', dataset: {open: String(table.logOpen)}},
    entries.map(({index, entry, turn}, shown) => h('li', {value: index + 1, hidden: shown >= LATEST && !table.logOpen,
      class: entry.kind === 'correction' ? 'correction' : null, dataset: turn === null ? {} : {turn}},
    h('span', {}, turn === null ? null : h('span', {class: 'turn-number'}, `${turn + 1}.`), entryText(table, entry)),
    turn === null || table.mine.spectator || table.offline ? null : turn === last ? lastTurnActions(table, turn) : turnMenu(table, turn))));
  return [list,
    more > 0 ? h('button', {id: 'log-all', class: 'quiet', 'aria-expanded': String(Boolean(table.logOpen)), 'aria-controls': 'log',
      onclick: () => { table.logOpen = !table.logOpen; table.draw(); }},
    table.logOpen ? t('log.fewer') : t('log.all', {n: entries.length})) : null];
}

// Every log entry, oldest first. The server lists only the entries that
// are not a turn that stands; the others hold, in log order, the turns of
// the record that no listed entry holds.
function logEntries(history) {
  const listed = new Map(history.entries.map(entry => [entry.version - 1, entry]));
  const held = new Set(history.entries.map(entry => entry.holds));
  let next = 0;
  return history.seconds.map((_, index) => {
    if (listed.has(index)) return listed.get(index);
    while (held.has(next)) next += 1;
    return {kind: 'turn', holds: next++};
  });
}

function entryText(table, entry) {
  const game = table.game.record.game;
  const turn = turnOf(table, entry);
  if (entry.kind === 'correction') {
    const what = entry.undo ? t('table.undone')
      : t('table.replaced', {n: entry.replace + 1, turn: words.turn(game, turn, table.names())});
    return t('table.correction', {by: entry.by, what});
  }
  return [seatMark(table, turn.player), words.turn(game, turn, table.names())];
}

// The server sends each turn once: an entry that holds a turn as it
// stands leaves it to the record.
function turnOf(table, entry) {
  return entry.turn || table.game.record.turns[entry.holds];
}

// The last turn: correct it, or undo it, in view.
function lastTurnActions(table, turn) {
  return h('span', {class: 'row log-actions'},
    h('button', {class: 'quiet correct', id: `correct-${turn}`, 'aria-label': t('correct.open', {n: turn + 1}),
      onclick: () => startCorrection(table, turn)}, t('correct.button')),
    h('button', {id: 'undo', class: 'quiet', onclick: () => undo(table)}, t('table.undo')));
}

// An earlier turn: its corrections are one step further in.
function turnMenu(table, turn) {
  return h('details', {class: 'turn-menu'},
    h('summary', {'aria-label': t('log.menu', {n: turn + 1})}, '⋯'),
    h('button', {class: 'quiet correct', id: `correct-${turn}`, onclick: () => startCorrection(table, turn)},
      t('correct.open', {n: turn + 1})));
}

async function undo(table) {
  const last = table.game.record.turns.at(-1);
  const by = prompt(t('table.undo_by'), table.names()[last.player] || '');
  if (!by) return;
  try {
    await table.correct({undo: true, by});
    table.say(t('table.undo_done'));
  } catch (error) {
    table.say(problemText(error), 'alert');
  }
}
