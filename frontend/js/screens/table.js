// The table: the screen one game is played at. This module holds the
// screen's state (the game as fetched and kept up with its news, the turn
// being composed, the message about it) and follows the game live and the
// outbox; the parts are drawn by table/: strip (scores, whose turn),
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
import {drawerOf} from '../draw/drawers.js';
import {rulesets} from '../rulesets.js';
import {seatColours, turn as turnText, turnActions} from '../words.js';
import {scoreStrip, turnLine} from './table/strip.js';
import {composerPanel, waitingPanel, outgoing, resetComposer, putBack, refusal, takeForced, focusComposer, startCorrection}
  from './table/composer.js';
import {offlineComposer, projected, review, stoppedPanel} from './table/offline.js';
import {sections} from './table/sections.js';
import {logPart} from './table/log.js';
import {meanwhile} from './table/meanwhile.js';
import {entries, loggedAs} from '../history.js';
import {showInvite, shareButton} from './table/join.js';
import {turnMessage} from './table/message.js';


// The same outbox entries (by their Idempotency-Key), stopped or not.
const sameItems = (a, b) => a.length === b.length
  && a.every((item, i) => item.key === b[i].key && !item.stopped === !b[i].stopped);

/** Draw the table of one game (`then`: 'invite' opens the invite, as
 * after sharing); returns the function that leaves it. */
export async function show(main, id, then) {
  const mine = await get('games', id);
  if (!mine) {
    main.append(h('h1', {}, t('table.unknown')), h('p', {}, h('a', {href: '#/'}, t('nav.home'))));
    return null;
  }
  const root = h('div', {id: 'table'});
  main.append(root);
  const local = isLocal(id);
  // The first time, a game on this phone waits some seconds for its referee.
  if (local && !refereeReady()) root.append(h('p', {role: 'status'}, t('local.starting')));
  const message = turnMessage();
  let ended = null, shown = null; // what keepInView last saw

  // What every part of the table reads and changes.
  const table = {
    id, mine, token: mine.token,
    seen: null, // as GET /games/{id} answers it: fetched, then kept up with the news
    // The game shown: `seen`, or queueing, as it will stand with the queued
    // turns (the referee's view), its version the one the next turn follows.
    game: null,
    drawer: null,
    ruleset: null, // the game as its package declares it (GET /rulesets)
    pieces: null, // the game's colours, paths, parts... (GET /rulesets)
    // The turn being composed: the actions so far, the checks after each
    // (checks[i] answers actions[0..i)), the picks of the open question, and
    // `at`: null for the next turn, k for the replacement of turn k.
    composing: null,
    // This phone's turn on its way: its outbox entry (keyed by its
    // Idempotency-Key), from "Log turn" until the server's answer is shown.
    // Meanwhile the composer's place shows it being sent, whatever the live
    // news of the game says.
    sending: null,
    correcting: false, // this phone's correction on its way
    waiting: [], // this game's turns in the outbox
    // No network (offline, or the outbox could not reach the server:
    // `netDown`) and the referee ready: every turn is composed on the game
    // with the queued ones and queued after them.
    netDown: false,
    queueing: false,
    stopped: null, // the queue the server stopped, reviewed (table/queue.js)
    section: await getPref('table-section'), // the open tab, remembered on this device
    logOpen: false,
    message,
    // No network: the game as this phone last saw it (kept in IndexedDB);
    // with no referee composed from the game's action `schemas`, unchecked.
    offline: false,
    schemas: null,
    names: () => Object.fromEntries(table.game.record.players.map(p => [p.id, p.name])),
    colours: () => seatColours(table.game.record.players, mine.colours),
    // A word said can push the question down: it is brought into view again.
    say: (content, kind) => {
      message.say(content, kind);
      if (table.game) keepInView(ended, true);
    },
    draw,
    load,
    correct,
  };

  // Loads and news are taken one after another, each load with a fresh GET,
  // so a load asked for after a turn was stored never reuses an answer
  // fetched before it.
  let queue = Promise.resolve();
  const inTurn = run => {
    queue = queue.then(run, run);
    return queue;
  };
  // Our own turn or correction, on its way when the news came, interrupts nobody.
  const interrupts = interrupting => interrupting && !table.sending && !table.correcting;

  // The whole game, fetched. `changed`: the screen's own state changed, draw
  // even if the game did not.
  function load({interrupting = false, changed = false} = {}) {
    const fromElsewhere = interrupts(interrupting);
    return inTurn(() => fetchGame({fromElsewhere, changed}));
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
  function takeNews(news, {interrupting = false, changed = false, sent = false} = {}) {
    const fromElsewhere = interrupts(interrupting);
    return inTurn(async () => {
      if (sent) table.sending = null;
      table.netDown = false; // news came from the server
      if (table.seen && news && news.version <= table.seen.version) {
        if (changed) await settle(table.seen, {changed});
        return;
      }
      const game = news && news.record ? news : applyNews(table.seen, news);
      await (game ? settle(game, {fromElsewhere, changed}) : fetchGame({fromElsewhere, changed}));
    });
  }

  async function fetchGame(how) {
    let data, cached = false;
    try {
      // The version shown, so that an unchanged game is a 304 with no body.
      const headers = table.seen && !table.offline ? {'If-None-Match': ifMatch(table.seen.version)} : {};
      const answer = await api(`/games/${id}`, {token: table.token, headers});
      data = answer.status === 304 ? table.seen : answer.data;
      table.netDown = false;
    } catch (error) {
      if (error instanceof ApiError || !mine.seen) throw error;
      data = mine.seen.data;
      cached = true;
    }
    await settle(data, {...how, cached});
  }

  // Turns are queued on the game with the ones before them when there is no
  // network and the referee can check them; not while an unchecked turn or
  // a stopped queue waits (those go as before the phone had a referee).
  const queueMode = (queued, cached) => refereeReady() && (cached || table.netDown)
    && !queued.some(item => item.unchecked || item.stopped);

  // Show the game `data` (`cached`: as last seen, no network): what a load
  // and applied news have in common.
  async function settle(data, {cached = false, changed = false, fromElsewhere = false}) {
    const twins = cached ? [] : await dropLoggedTwins(data);
    const queued = await pending(id);
    const back = table.offline && !cached; // the network is back
    const queueing = queueMode(queued, cached);
    // Nothing new: keep the screen (and any answers given) as it is.
    if (table.seen && !changed && !back && cached === table.offline && data.version === table.seen.version
      && sameItems(queued, table.waiting) && queueing === table.queueing) return;
    // What this phone was composing: in dispute mode, the real turn kept apart (the claims are no turn).
    const composing = table.composing && table.composing.dispute
      ? {...table.composing, ...table.composing.real, dispute: false} : table.composing;
    const before = table.seen && table.seen.version;
    const interrupted = fromElsewhere && composing && (composing.actions.length || composing.picks.length);
    // A turn being composed offline (not yet queued) is checked now, answer by answer.
    const unchecked = back && !table.waiting.length && composing.actions.length
      ? {player: composing.player, actions: composing.actions} : null;
    table.seen = data;
    table.waiting = queued;
    table.offline = cached;
    const ahead = queueing && queued.length ? await projected(data, queued) : null;
    table.game = ahead || data;
    table.queueing = queueing && (ahead !== null || !queued.length);
    // The game as its package declares it: its drawer, pieces, sheet, and
    // its action schemas for composing offline (rulesets() keeps the last
    // answer on this device).
    const described = (await rulesets())[data.record.game];
    table.ruleset ??= described;
    table.drawer ??= await drawerOf(described);
    table.pieces ??= described.pieces;
    table.schemas ??= described.actions;
    if (!cached) {
      // What "My games" on the home screen says of it, and the game as
      // last seen, for opening it with no network.
      const names = Object.fromEntries(data.record.players.map(p => [p.id, p.name]));
      mine.seen = {data};
      await put('games', {...mine, game: data.record.game, names: Object.values(names), status: data.scoresheet.status,
        leaders: data.scoresheet.winners.map(player => names[player])});
    }
    // The server stopped the queue: turns queued on the phone are reviewed
    // (what happened, which still fit); a lone turn logged online goes back
    // into the composer.
    const stale = queued.find(item => item.stopped);
    const reviewing = stale && (stale.queued || queued.length > 1);
    if (reviewing && !table.stopped) table.message.clear(); // "saved on this phone" no longer holds
    table.stopped = reviewing ? await review(data, queued) : null;
    if (interrupted) table.composing.dispute = false; // what was composed goes back as a real turn
    resetComposer(table);
    draw();
    if (stale && !reviewing && !cached) await notLogged(stale);
    else if (unchecked) await putBack(table, unchecked);
    else if (interrupted) await movedOn(composing, before);
    if (twins.length) sayLoggedAlready(twins);
    if (!table.composing.unchecked && !table.stopped) await takeForced(table);
  }

  // This phone's turns the server turned down as stale (412) although the
  // turn it logged at their place is the very same (another phone logged it
  // too, or this one did before a restore lost the first answer): out of the
  // outbox, neither sent again nor offered for correcting. The turns queued
  // after them were composed on them, so they go on as they are.
  async function dropLoggedTwins(data) {
    const items = await pending(id);
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
    table.logged = null; // no "Undo" offered either: the phone's turn was not what logged it
    // Sent as they are, marked sent again so that the word on the twins stays
    // in view; not awaited: the outbox's events are taken in turn after this.
    const rest = items.slice(first + twins.length);
    if (rest.length) resend(rest, rest[0].version);
    return twins;
  }

  // One line for each: already logged, nothing more to send.
  function sayLoggedAlready(twins) {
    const names = table.names();
    table.say(twins.map(({item, entry}) => h('p', {}, t('composer.logged_already',
      {player: names[item.turn.player] || item.turn.player, n: entry.number + 1}))));
  }

  // The outbox changed (a turn queued, sent, waiting): show it, in turn with
  // the loads; a change of the queue changes the game shown while queueing.
  const showOutbox = () => inTurn(async () => {
    const queued = await pending(id);
    if (!table.seen) {
      table.waiting = queued;
    } else if (sameItems(queued, table.waiting) && queueMode(queued, table.offline) === table.queueing) {
      draw();
    } else await settle(table.seen, {cached: table.offline, changed: true});
  });

  // A correction (undo or replace) of this game; its answer is its news.
  async function correct(body) {
    const {data} = await api(`/games/${id}/corrections`, {method: 'POST', token: table.token, body,
      headers: {'If-Match': ifMatch(table.game.version), 'Idempotency-Key': idempotencyKey()}});
    await takeNews(data);
  }

  function draw() {
    // A counter that tells a waiting test (or a curious eye) the screen was redrawn.
    root.dataset.drawn = Number(root.dataset.drawn || 0) + 1;
    const game = table.game;
    root.dataset.version = game.version;
    const over = game.scoresheet.status === 'finished';
    const current = game.decision && game.decision.player;
    const correcting = table.composing.at !== null;
    const composes = !mine.spectator && (!over || correcting);
    const invite = h('div', {id: 'join'});
    const panel = () => (table.stopped ? stoppedPanel(table)
      : outgoing(table).length && !table.queueing ? waitingPanel(table)
        : table.composing.unchecked ? offlineComposer(table) : composerPanel(table));
    fill(root,
      h('h1', {}, t(`game.${game.record.game}`)),
      local ? h('p', {class: 'hint', id: 'local-note'}, t('local.note')) : null,
      table.offline ? h('p', {class: 'panel offline-note', id: 'offline-note', role: 'status'}, t('table.offline_seen')) : null,
      scoreStrip(table, current),
      turnLine(table, current),
      composes ? panel() : message.element,
      sections(table, {
        board: () => table.drawer.board(game, table.names(), {colours: table.colours(), composing: table.composing}),
        cards: () => table.drawer.cards(game, table.names(), table.ruleset),
        log: () => logPart(table),
      }),
      h('nav', {class: 'row', 'aria-label': t('table.more')},
        h('a', {class: 'button', href: `#/sheet/${id}`}, t('nav.sheet')),
        local ? null : h('a', {class: 'button', id: 'open-display', href: `#/display/${id}`}, t('display.open')),
        local ? shareButton(table, invite)
          : mine.spectator || table.offline || table.queueing ? null
            : h('button', {id: 'invite', onclick: () => showInvite(table, invite)}, t('table.invite'))),
      invite);
    keepInView(over);
  }

  // What matters after a tap stays on the screen, however small: when the
  // game has just ended, the scores (and the word on the last turn goes);
  // when the turn being composed moved on (an answer, a turn logged, the
  // next player's turn), its question and every answer, or "Log turn". A
  // tab opened, or news that changes nothing of the turn, leaves the page
  // where the player has it.
  function keepInView(over, said = false) {
    const justEnded = over && ended === false;
    ended = over;
    if (justEnded) {
      message.clear();
      scrollTo(0, 0);
      return;
    }
    const composing = table.composing;
    const now = [table.game.version, composing.player, composing.at, composing.actions.length, composing.picks.length,
      composing.mode, composing.dispute].join();
    const before = shown;
    shown = now;
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
    if (top < header) scrollBy(0, top - header - margin);
    else if (bottom > innerHeight) scrollBy(0, Math.min(bottom - innerHeight + margin, top - header - margin));
  }

  // The outbox's answers about this game's turns.
  const offOutbox = onOutbox(async event => {
    if (!event.item || event.item.gameId !== id) return;
    if (event.kind === 'queued' || event.kind === 'sending') {
      table.sending = event.item;
      await showOutbox();
      // "Log turn" went with the composer: the focus goes to what took its
      // place (queueing, the composer of the next turn).
      const next = table.queueing ? 'composer-title' : 'waiting-title';
      if (event.kind === 'queued') document.getElementById(next)?.focus({preventScroll: true});
    } else if (event.kind === 'waiting') {
      table.sending = null;
      table.netDown = true;
      await showOutbox();
      table.say(t('composer.queued'));
    } else if (event.kind === 'sent') {
      await takeNews(event.data, {changed: true, sent: true});
      // A turn sent again leaves the word on what the person chose in view.
      if (!event.item.resent) sayLogged(event.item.turn, event.data.version);
    } else if (event.kind === 'stale' || event.kind === 'refused') {
      // Stopped in the outbox, shown on its way until the table has said
      // what happened (settle, once: a load that came first has said it).
      table.sending = null;
      await load();
    }
  });

  // Another phone logged while this one was composing (`composing`, on
  // `version`): say what it logged, each turn by its number and in words,
  // and what this phone can do now, so that nobody logs a turn twice.
  // Answers for the player still to play go back into the composer as far
  // as they hold.
  async function movedOn(composing, version) {
    const names = table.names();
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
      await putBack(table, {player: now, actions: composing.actions});
      next = t('composer.moved_on_kept', {player: was});
    } else if (now === composing.player) next = t('composer.moved_on_again', {player: was});
    else if (logged) {
      next = t('composer.moved_on_next', {player: names[now], was});
      fix = h('p', {class: 'row'}, t('composer.moved_on_fix'),
        h('button', {id: 'moved-on-correct', class: 'quiet', onclick: () => startCorrection(table, logged.holds)},
          t('correct.open', {n: logged.holds + 1})));
    } else next = t('composer.moved_on_other', {player: names[now]});
    draw();
    const said = meanwhile(table, version);
    table.say([(said.length ? said : [t('composer.moved_on')]).map(line => h('p', {}, line)), h('p', {}, next), fix], 'alert');
  }

  // Which turn was logged, in the log's words ("Anna's turn 12 logged:
  // played red 7"); once the game is over the strip and the winners say
  // what matters, and the word goes.
  function sayLogged(turn, version) {
    if (table.game.scoresheet.status === 'finished') {
      table.message.clear();
      return;
    }
    table.say(t('composer.logged', {player: table.names()[turn.player], n: entries(table.seen)[version - 1].number + 1,
      actions: turnActions(table.game.record.game, turn)}));
  }

  // A lone turn the server did not take: say so at the composer, with what
  // was not logged, and put it back into the composer where it still can be.
  async function notLogged(item) {
    await drop([item]);
    table.waiting = await pending(id);
    const {kind, violations, message: problem} = item.stopped;
    const lost = turnText(table.game.record.game, item.turn, table.names());
    const v = violations[0];
    const why = kind === 'stale' ? t('composer.stale') : `${t('composer.refused')} ${v ? `${v.message} (${v.rule})` : problem}`;
    const back = await putBack(table, item.turn, {version: item.version});
    if (v && back && !table.composing.verdict) table.composing.verdict = refusal(table, {violations});
    draw();
    table.say([h('p', {}, why), h('p', {}, t('composer.not_logged', {turn: lost})),
      h('p', {}, !back ? t('composer.compose_again') : back.at === null ? t('composer.put_back')
        : t('composer.put_back_replace', {n: back.at + 1}))], 'alert');
    if (back) focusComposer();
  }

  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    root.append(h('h1', {}, t('game.offline')), h('p', {}, t('error.offline_compose')));
  }
  if (then === 'invite' && table.game) await showInvite(table, document.getElementById('join'));
  // Another phone logged: redraw. Answers given so far are dropped with a word.
  const hear = event => takeNews(event.game || event.data, {interrupting: true}).catch(() => {});
  const stop = follow(id, table.token, hear, {version: table.seen && table.seen.version});
  // News that came while the game could not be fetched is fetched on return.
  const refresh = () => load({interrupting: true}).catch(() => {});
  addEventListener('online', refresh);
  // The referee ready: offline, the real composer and the queue; a stopped
  // queue is checked. Not in the middle of a turn composed without it.
  root.dataset.referee = refereeState().state === 'unavailable' ? 'unavailable' : refereeReady() ? 'ready' : 'loading';
  const offReferee = onReferee(state => {
    root.dataset.referee = state;
    const idle = !table.composing || (!table.composing.actions.length && !table.composing.picks.length);
    if (state === 'ready' && table.seen && idle && (table.offline || table.netDown || table.stopped)) {
      load({changed: true}).catch(() => {});
    }
  });
  flush();
  return () => {
    stop();
    offOutbox();
    offReferee();
    removeEventListener('online', refresh);
  };
}
