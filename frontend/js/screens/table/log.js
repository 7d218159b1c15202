// The log as the server keeps it: turns and corrections, latest on top.
// Undone and replaced turns stay in it, each with the correction after it;
// turns queued on this phone are on top of them, marked as not yet sent.
// The latest few are shown, the rest one tap away; only the last turn has
// its "Correct" in view, an earlier one is corrected from its own menu.
import {h} from '../../ui.js';
import {t} from '../../i18n.js';
import {problemText} from '../../api.js';
import {startCorrection} from './composer.js';
import {seatMark} from './strip.js';
import {entries as logEntries} from '../../history.js';
import * as words from '../../words.js';

const LATEST = 3;

/** The log section's content. */
export function logPart(table) {
  const game = table.game;
  const last = game.record.turns.length - 1;
  const entries = logEntries(game).reverse();
  // Entries past the version the server has: queued here, corrected only once logged.
  const queued = entry => entry.index >= table.seen.version;
  if (!entries.length) return h('p', {class: 'hint'}, t('table.log_empty'));
  const more = entries.length - LATEST;
  const list = h('ol', {class: 'log', reversed: true, id: 'log', dataset: {open: String(table.logOpen)}},
    entries.map((entry, shown) => h('li', {value: entry.index + 1, hidden: shown >= LATEST && !table.logOpen,
      class: entry.kind === 'correction' ? 'correction' : queued(entry) ? 'queued' : null,
      dataset: entry.holds === null ? {} : {turn: entry.holds}},
    h('span', {}, entry.holds === null ? null : h('span', {class: 'turn-number'}, `${entry.holds + 1}.`), entryText(table, entry),
      queued(entry) ? h('span', {class: 'hint'}, ` (${t('queue.not_sent')})`) : null),
    entry.holds === null || table.mine.spectator || table.offline || table.queueing ? null
      : entry.holds === last ? lastTurnActions(table, entry.holds) : turnMenu(table, entry.holds))));
  return [list,
    more > 0 ? h('button', {id: 'log-all', class: 'quiet', 'aria-expanded': String(Boolean(table.logOpen)), 'aria-controls': 'log',
      onclick: () => { table.logOpen = !table.logOpen; table.draw(); }},
    table.logOpen ? t('log.fewer') : t('log.all', {n: entries.length})) : null];
}

function entryText(table, entry) {
  const game = table.game.record.game;
  const turn = entry.turn;
  if (entry.kind === 'correction') {
    const what = entry.undo ? t('table.undone')
      : t('table.replaced', {n: entry.replace + 1, turn: words.turn(game, turn, table.names())});
    return t('table.correction', {by: entry.by, what});
  }
  return [seatMark(table, turn.player), words.turn(game, turn, table.names())];
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
