// The log as the server keeps it, by turn, latest on top: every turn
// numbered, as it now stands; a version undone or replaced stays with its
// turn, struck through, with who corrected it and when (logged, never
// hidden). Turns queued on this phone are on top, marked as not yet sent.
// The latest few are shown, the rest one tap away; only the last turn has
// its "Correct" and "Undo" in view, an earlier one is corrected from its
// own menu. Undo asks who corrects it in the app's own dialog.
import {h} from '../../ui.js';
import {t, language} from '../../i18n.js';
import {problemText} from '../../api.js';
import {startCorrection} from './composer.js';
import {seatMark} from './strip.js';
import {namesOf, toggleLog} from './state.js';
import {entries, turnsAsLogged} from '../../history.js';
import * as words from '../../words.js';

const LATEST = 3;

/** The log section's content (`view`: the screen's draw, say and correct). */
export function logPart(table, view) {
  const game = table.game;
  const last = game.record.turns.length - 1;
  const turns = turnsAsLogged(game).map((versions, number) => ({number, versions})).reverse();
  if (!turns.length) return h('p', {class: 'hint'}, t('table.log_empty'));
  const corrections = entries(game).filter(entry => entry.kind === 'correction').length;
  // Entries past the version the server has: queued here, corrected only once logged.
  const queued = version => version.entry.index >= table.seen.version;
  const time = new Intl.DateTimeFormat(language(), {timeStyle: 'short'});
  const more = turns.length - LATEST;
  const list = h('ol', {class: 'log', id: 'log', dataset: {open: String(table.logOpen)}},
    turns.map(({number, versions}, shown) => {
      const standing = versions.at(-1).ended ? null : versions.at(-1);
      const shownVersion = versions.at(-1);
      const earlier = versions.slice(0, -1).reverse();
      return h('li', {hidden: shown >= LATEST && !table.logOpen,
        class: !standing ? 'undone' : queued(standing) ? 'queued' : earlier.length ? 'corrected' : null,
        dataset: standing ? {turn: number} : {undone: number}},
      h('span', {class: 'turn-text'}, h('span', {class: 'turn-number'}, `${number + 1}.`),
        standing ? turnText(table, standing.turn) : wasText(table, shownVersion, time),
        standing && queued(standing) ? h('span', {class: 'hint'}, ` (${t('queue.not_sent')})`) : null),
      earlier.length ? h('div', {class: 'versions'}, earlier.map(version => h('p', {}, wasText(table, version, time)))) : null,
      !standing || table.mine.spectator || table.offline || table.queueing ? null
        : number === last ? lastTurnActions(table, view, number) : turnMenu(table, view, number));
    }));
  const count = [t('log.count', {n: game.record.turns.length}), corrections ? t('log.corrections', {n: corrections}) : null];
  return [h('p', {class: 'hint', id: 'log-count'}, count.filter(Boolean).join(' · ')),
    list,
    more > 0 ? h('button', {id: 'log-all', class: 'quiet', 'aria-expanded': String(Boolean(table.logOpen)), 'aria-controls': 'log',
      onclick: () => { toggleLog(table); view.draw(); }},
    table.logOpen ? t('log.fewer') : t('log.all', {n: turns.length})) : null];
}

function turnText(table, turn) {
  return [seatMark(table, turn.player), words.turn(table.ruleset, turn, namesOf(table.game))];
}

// A version that no longer stands: struck through, then who undid or replaced it, and when.
function wasText(table, version, time) {
  const {undo, by, at} = version.ended;
  return [h('del', {}, turnText(table, version.turn)), ' ',
    h('span', {class: 'ended'}, t(undo ? 'log.undone' : 'log.replaced', {by, time: time.format(at)}))];
}

// The last turn: correct it, or undo it, in view.
function lastTurnActions(table, view, turn) {
  return h('span', {class: 'row log-actions'},
    h('button', {class: 'quiet correct', id: `correct-${turn}`, 'aria-label': t('correct.open', {n: turn + 1}),
      onclick: () => startCorrection(table, view, turn)}, t('correct.button')),
    h('button', {id: 'undo', class: 'quiet', onclick: () => undo(table, view)}, t('table.undo')));
}

// An earlier turn: its corrections are one step further in.
function turnMenu(table, view, turn) {
  return h('details', {class: 'turn-menu'},
    h('summary', {'aria-label': t('log.menu', {n: turn + 1})}, '⋯'),
    h('button', {class: 'quiet correct', id: `correct-${turn}`, onclick: () => startCorrection(table, view, turn)},
      t('correct.open', {n: turn + 1})));
}

/** Ask who corrects a turn (the correction is logged with the name), in the
 * app's own dialog: a button for each player, and cancel. `question` is the
 * dialog's heading, `turn` the turn corrected (shown in words). Answers the
 * player ({id, name}), or null when cancelled. */
export function askWhoCorrects(table, question, turn) {
  return new Promise(resolve => {
    let answer = null;
    const done = player => { answer = player; dialog.close(); };
    const dialog = h('dialog', {id: 'who-corrects', class: 'sheet', 'aria-labelledby': 'who-corrects-title',
      onclose: () => { dialog.remove(); resolve(answer); }},
      h('h2', {id: 'who-corrects-title'}, question),
      h('p', {id: 'who-corrects-turn'}, turnText(table, turn)),
      h('p', {class: 'hint'}, t('correct.who_hint')),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'who-corrects-title'},
        table.game.record.players.map(player => h('button', {type: 'button', dataset: {player: player.id},
          onclick: () => done(player)}, seatMark(table, player.id), player.name))),
      h('div', {class: 'row'}, h('button', {type: 'button', id: 'who-cancel', class: 'quiet', onclick: () => done(null)}, t('correct.who_cancel'))));
    document.body.append(dialog);
    dialog.showModal();
  });
}

async function undo(table, view) {
  const turns = table.game.record.turns;
  const n = turns.length;
  const player = await askWhoCorrects(table, t('table.undo_who', {n}), turns.at(-1));
  if (!player) return;
  try {
    await view.correct({undo: true, by: player.name});
    view.say(t('table.undo_done', {n}));
  } catch (error) {
    view.say(problemText(error), 'alert');
  }
}
