// The table: the screen one game is played at. Its state is plain data
// (table/state.js: the game as fetched and kept up with its news, the turn
// being composed, the queue), changed only through state.js's steps; the
// screen's own view holds what is not data (its root, the message box, the
// drawer, and draw, load, say, correct for the parts). This module follows
// the game live and the outbox and draws the screen from the state; the
// parts are drawn by table/: strip (scores, whose turn),
// composer, offline (no network: the turns queued), sections (board,
// cards, log as tabs), log, join (invite, and sharing a game that lives on
// this phone), message.
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, ifMatch, ApiError, idempotencyKey, isLocal} from '../api.js';
import {get, put, getPref} from '../db.js';
import {onOutbox, pending, flush, drop, resend} from '../outbox.js';
import {onReferee, refereeReady, refereeState} from '../referee.js';
import {follow} from '../live.js';
import {applyNews} from '../news.js';
import {nextOffer} from '../rounds.js';
import {drawerOf} from '../draw/drawers.js';
import {rulesets} from '../rulesets.js';
import {turn as turnText, turnActions} from '../words.js';
import {scoreStrip, turnLine, coloursOf} from './table/strip.js';
import {composerPanel, waitingPanel, outgoing, resetComposer, putBack, takeForced, focusComposer, startCorrection}
  from './table/composer.js';
import {offlineComposer, projected, review, stoppedPanel} from './table/offline.js';
import {sections} from './table/sections.js';
import {logPart} from './table/log.js';
import {meanwhile} from './table/meanwhile.js';
import {entries, loggedAs} from '../history.js';
import {showInvite, shareButton} from './table/join.js';
import {turnMessage} from './table/message.js';
import {tableState, sameItems, queueMode, nothingNew, composedSoFar, hasAnswers, offlineTurn, see, declare,
  namesOf, composerMark, remember, startedNext, reached, unreachable, setSending, setWaiting, setStopped, setLogged, judge, verdictOf}
  from './table/state.js';
import {notHere} from './nothere.js';

/** Draw the table of one game (`then`: 'invite' opens the invite, as
 * after sharing); returns the function that leaves it. */
export async function show(main, id, then) {
  const mine = await get('games', id);
  if (!mine) {
    notHere(main);
    return null;
  }
  const table = tableState({id, mine, section: await getPref('table-section')});
  const view = tableView(table);
  main.append(view.root);
  // The first time, a game on this phone waits some seconds for its referee.
  if (view.local && !refereeReady()) view.root.append(h('p', {role: 'status'}, t('local.starting')));
  // The outbox's answers are heard from the start: a turn may be on its way.
  const offOutbox = onOutbox(event => outboxEvent(table, view, event));
  try {
    await load(table, view);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    view.root.append(h('h1', {}, t('game.offline')), h('p', {}, t('error.offline_compose')));
  }
  if (then === 'invite' && table.game) await showInvite(table, document.getElementById('join'));
  const stop = follows(table, view);
  return () => {
    stop();
    offOutbox();
  };
}

// The screen's own parts, apart from the state: its root, the message box,
// the game's drawer, what keepInView last saw, the loads and news taken in
// turn, and what the parts of the table (table/) call through it.
function tableView(table) {
  const view = {root: h('div', {id: 'table'}), local: isLocal(table.id), message: turnMessage(), drawer: null,
    ended: null, shown: null, queue: Promise.resolve(),
    // A word said can push the question down: it is brought into view again.
    say: (content, kind) => {
      view.message.say(content, kind);
      if (table.game) keepInView(table, view, view.ended, true);
    },
    draw: () => draw(table, view),
    load: how => load(table, view, how),
    correct: body => correct(table, view, body),
  };
  return view;
}

// Follow the game live, the network and the referee; answers the function
// that stops following.
function follows(table, view) {
  // Another phone logged: redraw. Answers given so far are dropped with a word.
  // A phone started the next round of the match: it is offered.
  const hear = event => (event.event === 'next' ? nextRound(table, view, event.data)
    : takeNews(table, view, event.game || event.data, {interrupting: true})).catch(() => {});
  const stop = follow(table.id, table.token, hear, {version: table.seen && table.seen.version});
  // News that came while the game could not be fetched is fetched on return.
  const refresh = () => load(table, view, {interrupting: true}).catch(() => {});
  addEventListener('online', refresh);
  // The referee ready: offline, the real composer and the queue; a stopped
  // queue is checked. Not in the middle of a turn composed without it.
  const {root} = view;
  root.dataset.referee = refereeState().state === 'unavailable' ? 'unavailable' : refereeReady() ? 'ready' : 'loading';
  const offReferee = onReferee(state => {
    root.dataset.referee = state;
    if (state === 'ready' && table.seen && !hasAnswers(table.composing) && (table.offline || table.netDown || table.stopped)) {
      load(table, view, {changed: true}).catch(() => {});
    }
  });
  flush();
  return () => {
    stop();
    offReferee();
    removeEventListener('online', refresh);
  };
}

// The next round of the match, started by a phone at the table: the game
// names it from now on (its version stays as it is).
const nextRound = (table, view, told) => inTurn(view, async () => {
  if (told && startedNext(table, told.next)) draw(table, view);
});

// Loads and news are taken one after another, each load with a fresh GET,
// so a load asked for after a turn was stored never reuses an answer
// fetched before it.
function inTurn(view, run) {
  view.queue = view.queue.then(run, run);
  return view.queue;
}

// Our own turn or correction, on its way when the news came, interrupts nobody.
const interrupts = (table, interrupting) => interrupting && !table.sending && !table.correcting;

// The whole game, fetched. `changed`: the screen's own state changed, draw
// even if the game did not.
function load(table, view, {interrupting = false, changed = false} = {}) {
  const fromElsewhere = interrupts(table, interrupting);
  return inTurn(view, () => fetchGame(table, view, {fromElsewhere, changed}));
}

// News of the game (an event, or the answer to this phone's own write):
// applied when it makes the version after the one shown, ignored when
// shown already; anything else (a gap, a stream that could not resume,
// news without what it takes) fetches the whole game. A whole game (as
// polling gets it) is news that needs no applying. News comes from the
// server: a game shown as last seen offline is back online with it.
// `sent`: the answer to this phone's own turn, shown on its way until then
// (a redraw queued before it would show the game without it, and the
// composer of a turn already logged).
function takeNews(table, view, news, {interrupting = false, changed = false, sent = false} = {}) {
  const fromElsewhere = interrupts(table, interrupting);
  return inTurn(view, async () => {
    reached(table, {sent}); // news came from the server
    if (table.seen && news && news.version <= table.seen.version) {
      if (changed) await settle(table, view, table.seen, {changed});
      return;
    }
    const game = news && news.record ? news : applyNews(table.seen, news);
    await (game ? settle(table, view, game, {fromElsewhere, changed}) : fetchGame(table, view, {fromElsewhere, changed}));
  });
}

async function fetchGame(table, view, how) {
  let data, cached = false;
  try {
    // The version shown, so that an unchanged game is a 304 with no body.
    const headers = table.seen && !table.offline ? {'If-None-Match': ifMatch(table.seen.version)} : {};
    const answer = await api(`/games/${table.id}`, {token: table.token, headers});
    data = answer.status === 304 ? table.seen : answer.data;
    reached(table);
  } catch (error) {
    if (error instanceof ApiError || !table.mine.seen) throw error;
    data = table.mine.seen.data;
    cached = true;
  }
  await settle(table, view, data, {...how, cached});
}

// Show the game `data` (`cached`: as last seen, no network): what a load
// and applied news have in common.
async function settle(table, view, data, {cached = false, changed = false, fromElsewhere = false}) {
  const twins = cached ? [] : await dropLoggedTwins(table, data);
  const queued = await pending(table.id);
  const back = table.offline && !cached; // the network is back
  const queueing = queueMode(table, queued, cached, refereeReady());
  if (nothingNew(table, {data, queued, cached, changed, queueing})) return;
  const composing = composedSoFar(table);
  const before = table.seen && table.seen.version;
  const interrupted = fromElsewhere && hasAnswers(composing);
  // A turn being composed offline (not yet queued) is checked now, answer by answer.
  const unchecked = offlineTurn(table, composing, back);
  const ahead = queueing && queued.length ? await projected(data, queued) : null;
  see(table, {data, queued, cached, ahead, queueing});
  // The game as its package declares it: its drawer, pieces, sheet, and
  // its action schemas for composing offline (rulesets() keeps the last
  // answer on this device).
  const described = (await rulesets())[data.record.game];
  declare(table, described);
  view.drawer ??= await drawerOf(described);
  if (!cached) await put('games', remember(table, data));
  // The server stopped the queue: turns queued on the phone are reviewed
  // (what happened, which still fit); a lone turn logged online goes back
  // into the composer.
  const stale = queued.find(item => item.stopped);
  const reviewing = stale && (stale.queued || queued.length > 1);
  if (reviewing && !table.stopped) view.message.clear(); // "saved on this phone" no longer holds
  setStopped(table, reviewing ? await review(data, queued) : null);
  resetComposer(table, {dispute: !interrupted}); // what was composed goes back as a real turn
  draw(table, view);
  if (stale && !reviewing && !cached) await notLogged(table, view, stale);
  else if (unchecked) await putBack(table, view, unchecked);
  else if (interrupted) await movedOn(table, view, composing, before);
  else if (fromElsewhere && !queued.length && before !== null && data.version > before) sayMeanwhile(table, view, before);
  if (twins.length) sayLoggedAlready(table, view, twins);
  if (!table.composing.unchecked && !table.stopped) await takeForced(table, view);
}

// This phone's turns the server turned down as stale (412) although the
// turn it logged at their place is the very same (another phone logged it
// too, or this one did before a restore lost the first answer): out of the
// outbox, neither sent again nor offered for correcting. The turns queued
// after them were composed on them, so they go on as they are.
async function dropLoggedTwins(table, data) {
  const items = await pending(table.id);
  const first = items.findIndex(item => item.stopped);
  const twins = [];
  if (first < 0 || items[first].stopped.kind !== 'stale') return twins;
  for (const item of items.slice(first)) {
    const entry = loggedAs(data, item.version, item.turn);
    if (!entry) break;
    twins.push({item, entry});
  }
  if (!twins.length) return twins;
  await drop(twins.map(twin => twin.item));
  setLogged(table, null); // no "Undo" offered either: the phone's turn was not what logged it
  // Sent as they are, marked sent again so that the word on the twins stays
  // in view; not awaited: the outbox's events are taken in turn after this.
  const rest = items.slice(first + twins.length);
  if (rest.length) resend(rest, rest[0].version);
  return twins;
}

// One line for each: already logged, nothing more to send.
function sayLoggedAlready(table, view, twins) {
  const names = namesOf(table.game);
  view.say(twins.map(({item, entry}) => h('p', {}, t('composer.logged_already',
    {player: names[item.turn.player] || item.turn.player, n: entry.number + 1}))));
}

// The outbox changed (a turn queued, sent, waiting): show it, in turn with
// the loads; a change of the queue changes the game shown while queueing.
const showOutbox = (table, view) => inTurn(view, async () => {
  const queued = await pending(table.id);
  if (!table.seen) {
    setWaiting(table, queued);
  } else if (sameItems(queued, table.waiting) && queueMode(table, queued, table.offline, refereeReady()) === table.queueing) {
    draw(table, view);
  } else await settle(table, view, table.seen, {cached: table.offline, changed: true});
});

// A correction (undo or replace) of this game; its answer is its news.
async function correct(table, view, body) {
  const {data} = await api(`/games/${table.id}/corrections`, {method: 'POST', token: table.token, body,
    headers: {'If-Match': ifMatch(table.game.version), 'Idempotency-Key': idempotencyKey()}});
  await takeNews(table, view, data);
}

function draw(table, view) {
  const {root, local} = view;
  // A counter that tells a waiting test (or a curious eye) the screen was redrawn.
  root.dataset.drawn = Number(root.dataset.drawn || 0) + 1;
  const game = table.game;
  root.dataset.version = game.version;
  const over = game.scoresheet.status === 'finished';
  const current = game.decision && game.decision.player;
  const composes = !table.mine.spectator && (!over || table.composing.at !== null);
  const invite = h('div', {id: 'join'});
  fill(root,
    h('h1', {}, t(`game.${game.record.game}`)),
    local ? h('p', {class: 'hint', id: 'local-note'}, t('local.note')) : null,
    table.offline ? h('p', {class: 'panel offline-note', id: 'offline-note', role: 'status'}, t('table.offline_seen')) : null,
    scoreStrip(table, current),
    turnLine(table, current),
    game.next ? nextOffer(table.mine, game) : null,
    composes ? panel(table, view) : view.message.element,
    sections(table, {
      board: () => view.drawer.board(game, namesOf(game), {ruleset: table.ruleset, colours: coloursOf(table), composing: table.composing}),
      cards: () => view.drawer.cards(game, namesOf(game), table.ruleset),
      log: () => logPart(table, view),
    }, view.draw),
    links(table, view, invite),
    invite);
  keepInView(table, view, over);
}

// What takes the composer's place: the stopped queue, the turns on their way, or the composer.
const panel = (table, view) => (table.stopped ? stoppedPanel(table, view)
  : outgoing(table).length && !table.queueing ? waitingPanel(table, view)
    : table.composing.unchecked ? offlineComposer(table, view) : composerPanel(table, view));

// The sheet, the display, and inviting (sharing, for a game on this phone).
function links(table, {local}, invite) {
  const {id, mine} = table;
  return h('nav', {class: 'row', 'aria-label': t('table.more')},
    h('a', {class: 'button', href: `#/sheet/${id}`}, t('nav.sheet')),
    local ? null : h('a', {class: 'button', id: 'open-display', href: `#/display/${id}`}, t('display.open')),
    local ? shareButton(table, invite)
      : mine.spectator || table.offline || table.queueing ? null
        : h('button', {id: 'invite', onclick: () => showInvite(table, invite)}, t('table.invite')));
}

// What matters after a tap stays on the screen, however small: when the
// game has just ended, the scores (and the word on the last turn goes);
// when the turn being composed moved on (an answer, a turn logged, the
// next player's turn), its question and every answer, or "Log turn". A
// tab opened, or news that changes nothing of the turn, leaves the page
// where the player has it.
function keepInView(table, view, over, said = false) {
  const justEnded = over && view.ended === false;
  view.ended = over;
  if (justEnded) {
    view.message.clear();
    scrollTo(0, 0);
    return;
  }
  const now = composerMark(table);
  const before = view.shown;
  view.shown = now;
  const question = document.getElementById('question') || document.getElementById('log-turn');
  if ((now === before && !said) || !question) return;
  const answers = [...document.querySelectorAll('#composer .choices button')];
  const header = document.querySelector('header#top').getBoundingClientRect().bottom;
  let top = question.getBoundingClientRect().top;
  const bottom = Math.max(question.getBoundingClientRect().bottom, ...answers.map(a => a.getBoundingClientRect().bottom));
  const margin = 8;
  // The composer's title names whose turn it is: in view too, where the screen has the room.
  const title = document.getElementById('composer-title')?.getBoundingClientRect().top ?? top;
  if (bottom - title + 2 * margin <= innerHeight - header) top = title;
  let by = 0;
  if (top < header) by = top - header - margin;
  else if (bottom > innerHeight) by = Math.min(bottom - innerHeight + margin, top - header - margin);
  if (by) scrollBy(0, wholeScores(by, header, top, bottom, margin));
}

// A scroll of `by` that leaves the scores whole, in view or under the sticky
// header, where the question (from `top` to `bottom`) stays in view: totals
// whose names went under the header cannot be told apart.
function wholeScores(by, header, top, bottom, margin) {
  const strip = document.querySelector('#table .strip')?.getBoundingClientRect();
  if (!strip || strip.top - by >= header || strip.bottom - by <= header) return by;
  const shown = strip.top - header - margin;
  if (bottom - shown + margin <= innerHeight) return shown;
  const hidden = strip.bottom - header + margin;
  return top - hidden - margin >= header ? hidden : by;
}

// The outbox's answers about this game's turns.
async function outboxEvent(table, view, event) {
  if (!event.item || event.item.gameId !== table.id) return;
  if (event.kind === 'queued' || event.kind === 'sending') {
    setSending(table, event.item);
    await showOutbox(table, view);
    // "Log turn" went with the composer: the focus goes to what took its
    // place (queueing, the composer of the next turn).
    const next = table.queueing ? 'composer-title' : 'waiting-title';
    if (event.kind === 'queued') document.getElementById(next)?.focus({preventScroll: true});
  } else if (event.kind === 'waiting') {
    unreachable(table);
    await showOutbox(table, view);
    view.say(t('composer.queued'));
  } else if (event.kind === 'sent') {
    await takeNews(table, view, event.data, {changed: true, sent: true});
    // A turn sent again leaves the word on what the person chose in view.
    if (!event.item.resent) sayLogged(table, view, event.item.turn, event.data.version);
  } else if (event.kind === 'stale' || event.kind === 'refused') {
    // Stopped in the outbox, shown on its way until the table has said
    // what happened (settle, once: a load that came first has said it).
    setSending(table, null);
    await load(table, view);
  }
}

// Another phone logged while this one was composing (`composing`, on
// `version`): say what it logged, each turn by its number and in words,
// and what this phone can do now, so that nobody logs a turn twice.
// Answers for the player still to play go back into the composer as far
// as they hold.
async function movedOn(table, view, composing, version) {
  const names = namesOf(table.game);
  const now = table.composing.player;
  const was = names[composing.player] || composing.player;
  // The turn this phone was composing, logged meanwhile by another phone (and still standing).
  const logged = composing.at === null ? entries(table.seen).find(entry => entry.index >= version
    && entry.kind !== 'correction' && entry.holds !== null && entry.turn.player === composing.player) : null;
  let next;
  let fix = null;
  if (composing.at !== null) next = t('composer.moved_on_correction', {n: composing.at + 1});
  else if (!now) next = t('table.over');
  else if (now === composing.player && composing.actions.length) {
    await putBack(table, view, {player: now, actions: composing.actions});
    next = t('composer.moved_on_kept', {player: was});
  } else if (now === composing.player) next = t('composer.moved_on_again', {player: was});
  else if (logged) {
    next = t('composer.moved_on_next', {player: names[now], was});
    fix = h('p', {class: 'row'}, t('composer.moved_on_fix'),
      h('button', {id: 'moved-on-correct', class: 'quiet', onclick: () => startCorrection(table, view, logged.holds)},
        t('correct.open', {n: logged.holds + 1})));
  } else next = t('composer.moved_on_other', {player: names[now]});
  draw(table, view);
  const said = meanwhile(table, version);
  view.say([(said.length ? said : [t('composer.moved_on')]).map(line => h('p', {}, line)), h('p', {}, next), fix], 'alert');
}

// Another phone's turn or correction, in the log's words, in place of the
// word on the turn before it ("Anna's turn 19 logged" no longer the news);
// once the game is over the strip and the winners say what matters. Not
// while this phone has turns to send: what becomes of them is its news.
function sayMeanwhile(table, view, before) {
  if (table.game.scoresheet.status === 'finished') view.message.clear();
  else view.say(meanwhile(table, before).map(line => h('p', {}, line)));
}

// Which turn was logged, in the log's words ("Anna's turn 12 logged:
// played red 7"); once the game is over the strip and the winners say
// what matters, and the word goes.
function sayLogged(table, view, turn, version) {
  if (table.game.scoresheet.status === 'finished') {
    view.message.clear();
    return;
  }
  view.say(t('composer.logged', {player: namesOf(table.game)[turn.player], n: entries(table.seen)[version - 1].number + 1,
    actions: turnActions(table.ruleset, turn)}));
}

// A lone turn the server did not take: say so at the composer, with what
// was not logged, and put it back into the composer where it still can be.
async function notLogged(table, view, item) {
  await drop([item]);
  setWaiting(table, await pending(table.id));
  const {kind, violations, message: problem} = item.stopped;
  const lost = turnText(table.ruleset, item.turn, namesOf(table.game));
  const v = violations[0];
  const why = kind === 'stale' ? t('composer.stale') : `${t('composer.refused')} ${v ? `${v.message} (${v.rule})` : problem}`;
  const back = await putBack(table, view, item.turn, {version: item.version});
  if (v && back && !table.composing.verdict) judge(table.composing, verdictOf({violations}));
  draw(table, view);
  view.say([h('p', {}, why), h('p', {}, t('composer.not_logged', {turn: lost})),
    h('p', {}, !back ? t('composer.compose_again') : back.at === null ? t('composer.put_back')
      : t('composer.put_back_replace', {n: back.at + 1}))], 'alert');
  if (back) focusComposer();
}
