// The table with no network. With the phone's referee, turns are composed
// with the real composer and queued, each on the game as it stands with the
// ones queued before it (the projection below); the list of them above the
// composer; and when the server turned one down (another phone logged
// first), what happened, which still fit, and the person's choice: send
// those again, or drop them all. With no referee (a first visit, an old
// phone) the composer below asks one field at a time, as the game's action
// schema (GET /api/v1/rulesets, kept by the service worker) allows; that
// one turn is queued "not checked yet", the server checks it when it
// arrives, and a refusal puts it back into the composer (see table.js).
import {h} from '../../ui.js';
import {t, language} from '../../i18n.js';
import {schemaQuestion, END} from '../../composer.js';
import * as words from '../../words.js';
import {resend, drop} from '../../outbox.js';
import {refereeReady, check, game, historyAfter} from '../../referee.js';
import {back, logTurn} from './composer.js';
import {meanwhile} from './meanwhile.js';
import {namesOf, pickUnchecked, setStopped} from './state.js';

/** The offline composer panel, with the turn message at its top. */
export function offlineComposer(table, view) {
  const composing = table.composing;
  const ruleset = table.ruleset;
  const names = namesOf(table.game);
  const q = table.schemas ? schemaQuestion(table.schemas, composing.picks) : null;
  const example = Object.fromEntries(composing.picks.map(p => [p.key, p.value]));
  return h('section', {class: 'panel', id: 'composer', 'aria-labelledby': 'composer-title'},
    h('h2', {id: 'composer-title', tabindex: -1}, t('composer.title', {player: names[composing.player] || composing.player})),
    view.message.element,
    h('p', {class: 'hint'}, t('composer.offline')),
    composing.actions.length ? h('ul', {class: 'chips', 'aria-label': t('composer.so_far')},
      composing.actions.map(a => h('li', {}, words.action(ruleset, a)))) : null,
    q ? [h('h3', {id: 'question', dataset: {key: q.key}}, words.question(ruleset, q.key, names[composing.player], example)),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'}, q.values.map(value =>
        h('button', {dataset: {value: JSON.stringify(value)}, class: words.swatch(q.key, value, ruleset), onclick: () => pick(table, view, q.key, value)},
          value === END ? t('composer.no_more') : words.answer(ruleset, q.key, value, names))))]
      : h('p', {class: 'problem'}, t('error.offline_compose')),
    h('div', {class: 'row'},
      composing.picks.length || composing.actions.length
        ? h('button', {id: 'back', class: 'quiet', onclick: () => back(table, view)}, t('composer.back')) : null,
      composing.actions.length && !composing.picks.length
        ? h('button', {id: 'log-turn', class: 'primary', onclick: () => logTurn(table, view)}, t('composer.log_unchecked')) : null));
}

function pick(table, view, key, value) {
  const composing = table.composing;
  const q = schemaQuestion(table.schemas, [...composing.picks, {key, value}]);
  pickUnchecked(composing, {key, value}, q.answer);
  view.draw();
}

/** The check of a whole turn on `record` by the referee: null without it. */
async function fits(record, turn) {
  if (!refereeReady()) return null;
  try {
    return await check(record, turn, language());
  } catch {
    return null;
  }
}

/** The game as it will stand once the queued `items` are logged: the
 * referee's view of the record with them, each an entry of the history
 * after the version seen, logged when it was played as the server logs a
 * played_at arriving now. Null when the referee cannot tell. */
export async function projected(seen, items) {
  const turns = [...seen.record.turns, ...items.map(item => item.turn)];
  const record = {...seen.record, turns};
  const played = items.map(item => new Date(item.at).toISOString());
  const arrival = new Date().toISOString().replace(/\.\d+Z$/, 'Z'); // to the second, as the server's clock
  let view, history;
  try {
    view = await game(record, language());
    history = seen.history && await historyAfter(seen.history, played, seen.record.turns.length, arrival);
  } catch {
    return null;
  }
  if (!view || !view.state || !view.scoresheet) return null;
  return {...seen, record, state: view.state, decision: view.decision, scoresheet: view.scoresheet,
    version: seen.version + items.length, history: history || seen.history};
}

/** What stopped this game's queue, from the game as the server now has it
 * (`seen`) and the queued turns (`items`, the first one stopped): for each
 * queued turn whether it still fits after those that do ({fits:
 * true|false|null (no referee to tell), why}). */
export async function review(seen, items) {
  let record = seen.record;
  const turns = [];
  for (const item of items) {
    const answer = await fits(record, item.turn);
    const fit = answer && answer.legal && answer.complete;
    const v = answer && answer.violations[0];
    turns.push({item, fits: answer && Boolean(fit), why: v ? `${v.message} (${v.rule})` : t('queue.unfinished')});
    if (fit) record = {...record, turns: [...record.turns, item.turn]};
  }
  return {kind: items[0].stopped.kind, first: items[0], turns};
}

/** The panel in the composer's place while the queue is stopped. */
export function stoppedPanel(table, view) {
  const {kind, first, turns} = table.stopped;
  const names = namesOf(table.game);
  const fitting = turns.filter(turn => turn.fits !== false);
  const v = first.stopped.violations[0];
  const since = meanwhile(table, first.version);
  return h('section', {class: 'panel', id: 'stopped', 'aria-labelledby': 'stopped-title'},
    h('h2', {id: 'stopped-title', tabindex: -1}, t(kind === 'stale' ? 'queue.stopped_stale' : 'queue.stopped_refused')),
    view.message.element,
    kind === 'stale' ? null : h('p', {class: 'problem'}, v ? `${v.message} (${v.rule})` : first.stopped.message),
    // What the server logged since the first queued turn was composed, in the words of the composer's news.
    since.length ? [h('p', {}, t('queue.meanwhile')), h('ul', {id: 'meanwhile'}, since.map(line => h('li', {}, line)))] : null,
    h('p', {}, t('queue.unsent')),
    h('ul', {id: 'unsent'}, turns.map(turn => h('li', {class: turn.fits === false ? 'problem' : null,
      dataset: {fits: String(turn.fits)}}, words.turn(table.ruleset, turn.item.turn, names),
    h('span', {class: 'hint'}, ` (${turn.fits === null ? t('composer.unchecked')
      : turn.fits ? t('queue.fits') : t('queue.no_longer', {why: turn.why})})`)))),
    h('div', {class: 'row'},
      fitting.length ? h('button', {id: 'resend', class: 'primary', onclick: () => sendFitting(table, view)},
        fitting.length === turns.length ? t('queue.resend_all', {n: fitting.length})
          : t('queue.resend', {n: fitting.length, dropped: turns.length - fitting.length})) : null,
      h('button', {id: 'drop-queued', class: 'quiet', onclick: () => dropAll(table, view)}, t('queue.drop', {n: turns.length}))));
}

// Those that still fit go again, each on the version the one before makes;
// the others are dropped, and the message says which.
async function sendFitting(table, view) {
  const {turns} = table.stopped;
  const dropped = turns.filter(turn => turn.fits === false).map(turn => turn.item);
  await drop(dropped);
  setStopped(table, null);
  sayDropped(table, view, dropped);
  await resend(turns.filter(turn => turn.fits !== false).map(turn => turn.item), table.seen.version);
  await view.load({changed: true});
}

async function dropAll(table, view) {
  const dropped = table.stopped.turns.map(turn => turn.item);
  await drop(dropped);
  setStopped(table, null);
  sayDropped(table, view, dropped);
  await view.load({changed: true});
}

function sayDropped(table, view, dropped) {
  if (!dropped.length) return;
  view.say([h('p', {}, t('queue.dropped', {n: dropped.length})),
    h('ul', {}, dropped.map(item => h('li', {}, words.turn(table.ruleset, item.turn, namesOf(table.game)))))]);
}
