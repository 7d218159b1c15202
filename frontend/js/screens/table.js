// The table: score strip, the board as it stands, the turn composer, the
// log with corrections, dispute mode, and the join links.
import {h, fill} from '../ui.js';
import {t} from '../i18n.js';
import {api, ifMatch, ApiError} from '../api.js';
import {get, put} from '../db.js';
import {enqueue, onOutbox, pending, flush} from '../outbox.js';
import {follow} from '../live.js';
import {updateBadge} from '../app.js';
import {narrow, nextQuestion, claimable, withValue} from '../composer.js';
import * as words from '../words.js';

const DRAWERS = {
  keltis: () => import('../draw/keltis.js'),
  'keltis-orakel': () => import('../draw/orakel.js'),
  celtica: () => import('../draw/celtica.js'),
};

/** Draw the table of one game; returns the function that leaves it. */
export async function show(main, id) {
  const mine = await get('games', id);
  if (!mine) {
    main.append(h('h1', {}, t('table.unknown')), h('p', {}, h('a', {href: '#/'}, t('nav.home'))));
    return null;
  }
  const token = mine.token;
  const root = h('div', {id: 'table'});
  const status = h('p', {id: 'table-status', role: 'status', 'aria-live': 'polite'});
  main.append(root, status);

  let game = null; // the last GET /games/{id}
  let etag = null;
  let drawer = null;
  // The turn being composed: the actions so far, the checks after each
  // (checks[i] answers actions[0..i)), the picks of the open question, and
  // `at`: null for the next turn, k for the replacement of turn k.
  let composing = null;
  let sending = false; // a turn of this phone is on its way to the server
  let waiting = []; // this game's turns in the outbox

  const names = () => Object.fromEntries(game.record.players.map(p => [p.id, p.name]));

  // Loads run one after another, each with a fresh GET, so a load asked for
  // after a turn was stored never reuses an answer fetched before it.
  let queue = Promise.resolve();
  function load({interrupting = false} = {}) {
    // Our own turn, on its way when the news came, interrupts nobody.
    const fromElsewhere = interrupting && !sending;
    const run = async () => {
      const {data, etag: tag} = await api(`/games/${id}`, {token});
      const queued = await pending(id);
      // Nothing new: keep the screen (and any answers given) as it is.
      if (game && data.version === game.version && queued.length === waiting.length) return;
      const interrupted = fromElsewhere && composing && (composing.actions.length || composing.picks.length);
      game = data;
      etag = tag;
      waiting = queued;
      drawer ??= await DRAWERS[game.record.game]();
      await put('games', {...mine, game: game.record.game, names: game.record.players.map(p => p.name)});
      resetComposer();
      draw();
      if (interrupted) say(t('composer.moved_on'));
    };
    queue = queue.then(run, run);
    return queue;
  }

  function resetComposer() {
    const decision = game.decision;
    // A turn may be complete before any action (a Celtica end turn with nothing to buy).
    const complete = Boolean(decision && decision.can_end && decision.name !== 'over');
    composing = {player: decision && decision.player, at: null, actions: [], checks: [{decision, complete, legal: true, violations: []}],
      picks: [], mode: 'turn', dispute: composing ? composing.dispute : false, verdict: null};
  }

  // The check route asks about the next turn, or (correcting) about turn k
  // on the game as it stood before it.
  const checkPath = () => `/games/${id}/check${composing.at === null ? '' : `?at=${composing.at}`}`;

  function draw() {
    // A counter that tells a waiting test (or a curious eye) the screen was redrawn.
    root.dataset.drawn = Number(root.dataset.drawn || 0) + 1;
    const record = game.record;
    const sheet = game.scoresheet;
    const over = sheet.status === 'finished';
    const current = game.decision && game.decision.player;
    const correcting = composing.at !== null;
    fill(root,
      h('h1', {}, t(`game.${record.game}`)),
      scoreStrip(sheet, current),
      over ? h('p', {class: 'turn-now'}, t('table.over'))
        : h('p', {class: 'turn-now', id: 'turn-now'}, t('table.turn_of', {player: names()[current] || current})),
      mine.spectator || (over && !correcting) ? null : waiting.length ? waitingPanel() : composer(),
      h('section', {'aria-label': t('table.board')}, drawer.draw(game, names())),
      over ? h('p', {class: 'row'},
        h('a', {class: 'button primary', href: `#/sheet/${id}`}, t('nav.sheet')),
        h('a', {class: 'button', href: `#/summary/${id}`}, t('nav.summary'))) : null,
      logSection(),
      h('nav', {class: 'row', 'aria-label': t('table.more')},
        h('a', {class: 'button', href: `#/sheet/${id}`}, t('nav.sheet')),
        mine.spectator ? null : h('button', {onclick: showJoin}, t('table.invite'))),
      h('div', {id: 'join'}));
  }

  function scoreStrip(sheet, current) {
    const byId = Object.fromEntries(sheet.players.map(p => [p.id, p]));
    return h('ol', {class: 'strip', tabindex: 0, 'aria-label': t('table.scores')}, game.record.players.map(player => {
      const score = byId[player.id] || {};
      return h('li', {class: `player${player.id === current ? ' current' : ''}`, dataset: {player: player.id}},
        h('div', {}, player.name, player.id === current ? h('span', {class: 'sr'}, ` (${t('table.now')})`) : null),
        h('div', {class: 'total'}, String(score.total ?? 0)),
        h('div', {class: 'hint'}, t('table.rank', {rank: score.rank ?? '–'})));
    }));
  }

  // -- the composer --------------------------------------------------------

  function waitingPanel() {
    return h('section', {class: 'panel', id: 'waiting'}, h('h2', {}, t('composer.waiting')),
      h('ul', {}, waiting.map(item => h('li', {}, words.turn(game.record.game, item.turn, names())))));
  }

  function composer() {
    const check = composing.checks.at(-1);
    const decision = check.decision || {actions: [], optional: []};
    const gameKind = game.record.game;
    const pool = composing.mode === 'reveal' ? decision.optional || [] : decision.actions || [];
    const candidates = narrow(pool, composing.picks);
    const q = nextQuestion(candidates);
    const correcting = composing.at !== null;
    const title = composing.dispute ? t('dispute.title') : correcting ? t('correct.title', {n: composing.at + 1}) : t('composer.title');
    const box = h('section', {class: `panel${correcting ? ' correcting' : ''}`, id: 'composer', 'aria-labelledby': 'composer-title'},
      h('h2', {id: 'composer-title', tabindex: -1}, title));
    if (correcting) {
      box.append(h('p', {class: 'hint'}, t('correct.hint', {
        player: names()[composing.player] || composing.player,
        turn: words.turn(gameKind, game.record.turns[composing.at], names())})));
    }
    if (composing.actions.length) {
      box.append(h('ul', {class: 'chips', 'aria-label': t('composer.so_far')},
        composing.actions.map(a => h('li', {}, words.action(gameKind, a)))));
    }
    if (composing.verdict) box.append(composing.verdict);
    if (q && q.key) {
      const legal = q.values;
      const offered = composing.dispute ? claimable(q.key, legal, words.COLOURS[gameKind]) : legal;
      box.append(h('h3', {id: 'question', dataset: {key: q.key}}, words.question(gameKind, q.key, names()[composing.player], candidates[0])),
        h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'}, offered.map(value =>
          h('button', {dataset: {value: JSON.stringify(value)}, onclick: () => pick(q.key, value, pool)},
            words.answer(gameKind, q.key, value, names())))));
    } else if (q && q.answer) {
      // One legal answer left: still the player's to confirm, never assumed.
      box.append(h('h3', {id: 'question', dataset: {key: 'action'}}, words.question(gameKind, 'type', names()[composing.player], q.answer)),
        h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'},
          h('button', {dataset: {value: JSON.stringify(q.answer)}, onclick: () => append(q.answer)}, words.action(gameKind, q.answer))));
    }
    const controls = h('div', {class: 'row'});
    if (composing.picks.length || composing.actions.length || composing.mode === 'reveal') {
      controls.append(h('button', {id: 'back', class: 'quiet', onclick: back}, t('composer.back')));
    }
    if (composing.mode === 'turn' && (decision.optional || []).length && !composing.picks.length) {
      controls.append(h('button', {id: 'free-reveal', class: 'quiet', onclick: () => {
        composing.mode = 'reveal';
        draw();
      }}, t('composer.reveal')));
    }
    if (check.complete && !composing.dispute && composing.mode === 'turn' && !composing.picks.length) {
      if (correcting) {
        controls.append(h('label', {for: 'correct-by'}, t('correct.by')),
          h('input', {id: 'correct-by', value: composing.by, maxlength: 80, required: true, autocomplete: 'name',
            oninput: e => { composing.by = e.target.value; }}));
      }
      controls.append(h('button', {id: 'log-turn', class: 'primary', onclick: correcting ? sendCorrection : logTurn},
        correcting ? t('correct.log', {n: composing.at + 1}) : t('composer.log')));
    }
    if (correcting) {
      controls.append(h('button', {id: 'cancel-correction', class: 'quiet', onclick: () => {
        resetComposer();
        draw();
      }}, t('correct.cancel')));
    }
    controls.append(h('button', {id: 'dispute', 'aria-pressed': String(composing.dispute), onclick: () => {
      composing.dispute = !composing.dispute;
      composing.verdict = null;
      draw();
    }}, t('dispute.toggle')));
    box.append(controls);
    return box;
  }

  async function pick(key, value, pool) {
    const picks = [...composing.picks, {key, value}];
    const left = narrow(pool, picks);
    composing.verdict = null;
    if (!left.length) {
      // Dispute mode: a claim the server did not offer; ask for its verdict.
      const claim = withValue(narrow(pool, composing.picks)[0], key, value);
      return verdict(claim);
    }
    composing.picks = picks;
    const q = nextQuestion(left);
    if (q.answer) {
      composing.picks = [];
      composing.mode = 'turn';
      await append(q.answer);
    } else draw();
  }

  async function append(action) {
    const actions = [...composing.actions, action];
    try {
      const {data} = await api(checkPath(), {method: 'POST', token, body: {player: composing.player, actions}});
      if (!data.legal) {
        composing.verdict = refusal(data);
        draw();
        return;
      }
      composing.actions = actions;
      composing.checks.push(data);
      if (composing.dispute) composing.verdict = h('p', {class: 'good', id: 'verdict'}, t('dispute.legal'));
      draw();
    } catch (error) {
      say(error instanceof ApiError ? error.message : t('error.offline_compose'));
    }
  }

  async function verdict(claim) {
    try {
      const {data} = await api(checkPath(), {method: 'POST', token,
        body: {player: composing.player, actions: [...composing.actions, claim]}});
      composing.picks = [];
      composing.verdict = data.legal ? h('p', {class: 'good', id: 'verdict'}, t('dispute.legal')) : refusal(data);
      draw();
    } catch (error) {
      say(t('error.offline_compose'));
    }
  }

  function refusal(data, laterTurn = false) {
    const v = data.violations[0];
    const alternatives = (data.decision && data.decision.actions) || [];
    return h('div', {id: 'verdict', role: 'alert'},
      laterTurn ? h('p', {}, t('correct.breaks', {n: v.turn + 1})) : null,
      h('p', {class: 'problem'}, v.message),
      h('p', {class: 'hint'}, t('dispute.rule', {rule: v.rule})),
      alternatives.length ? h('details', {}, h('summary', {}, t('dispute.alternatives', {n: alternatives.length})),
        h('ul', {}, alternatives.slice(0, 40).map(a => h('li', {}, words.action(game.record.game, a))))) : null);
  }

  function back() {
    composing.verdict = null;
    if (composing.picks.length) composing.picks.pop();
    else if (composing.mode === 'reveal') composing.mode = 'turn';
    else if (composing.actions.length) {
      composing.actions.pop();
      composing.checks.pop();
    }
    draw();
  }

  async function logTurn() {
    const turn = {player: composing.player, actions: composing.actions};
    say(t('composer.sending'));
    sending = true;
    await enqueue(id, turn, game.version, etag);
    updateBadge();
    // A load on the turn's own event may have drawn it as waiting just before
    // it left the outbox; the next load redraws only when the outbox differs
    // from `waiting`. So `waiting` changes here only when a turn still waits.
    const queued = await pending(id);
    if (queued.length) {
      waiting = queued;
      say(t('composer.queued'));
      draw();
    }
  }

  // -- corrections of an earlier turn ----------------------------------------

  // Compose the replacement of turn k: the composer asks as it would have
  // before that turn (the check route replays the first k turns).
  async function correct(k) {
    const turn = game.record.turns[k];
    try {
      const {data} = await api(`/games/${id}/check?at=${k}`, {method: 'POST', token, body: {player: turn.player, actions: []}});
      composing = {player: turn.player, at: k, by: names()[turn.player] || '', actions: [], checks: [data], picks: [],
        mode: 'turn', dispute: false, verdict: null};
      draw();
      const heading = document.getElementById('composer-title');
      heading.scrollIntoView({block: 'start'});
      heading.focus({preventScroll: true});
    } catch (error) {
      say(error instanceof ApiError ? error.message : t('error.offline_compose'));
    }
  }

  async function sendCorrection() {
    const by = (composing.by || '').trim();
    if (!by) {
      say(t('correct.by_needed'));
      document.getElementById('correct-by').focus();
      return;
    }
    const body = {replace: composing.at, turn: {player: composing.player, actions: composing.actions}, by};
    say(t('composer.sending'));
    sending = true; // the news of our own correction interrupts nobody
    try {
      await api(`/games/${id}/corrections`, {method: 'POST', token, body,
        headers: {'If-Match': ifMatch(etag, game.version), 'Idempotency-Key': crypto.randomUUID()}});
      await load();
      say(t('correct.done', {n: body.replace + 1}));
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        await load();
        say(t('composer.moved_on'));
      } else if (error instanceof ApiError && error.violations.length) {
        // A later turn no longer holds: nothing changed; say which and why.
        composing.verdict = refusal({violations: error.violations}, error.violations[0].turn !== null);
        say(t('correct.refused'));
        draw();
      } else say(error instanceof ApiError ? error.message : t('error.network'));
    } finally {
      sending = false;
    }
  }

  // -- the log ---------------------------------------------------------------

  // The log as the server keeps it: turns and corrections, latest on top.
  // Undone and replaced turns stay in it, each with the correction after it.
  function logSection() {
    const gameKind = game.record.game;
    const history = game.history || game.record.turns.map(turn => ({kind: 'turn', turn}));
    const held = turnHolders(history);
    const entries = history.map((entry, index) => ({
      index,
      turn: held.indexOf(index), // the turn as it stands that this entry holds, or -1
      correction: entry.kind === 'correction',
      text: entry.kind === 'correction' ? correctionText(entry) : words.turn(gameKind, entry.turn, names()),
    }));
    return h('section', {'aria-labelledby': 'log-title'},
      h('h2', {id: 'log-title'}, t('table.log')),
      entries.length
        ? h('ol', {class: 'log', reversed: true, id: 'log'}, entries.reverse().map(entry =>
          h('li', {value: entry.index + 1, class: entry.correction ? 'correction' : null, dataset: {turn: entry.turn}},
            h('span', {}, entry.text),
            entry.turn >= 0 && !mine.spectator ? h('button', {class: 'quiet correct', id: `correct-${entry.turn}`,
              'aria-label': t('correct.open', {n: entry.turn + 1}), onclick: () => correct(entry.turn)}, t('correct.button')) : null)))
        : h('p', {class: 'hint'}, t('table.log_empty')),
      game.record.turns.length && !mine.spectator ? h('button', {id: 'undo', class: 'quiet', onclick: undo}, t('table.undo')) : null);
  }

  // For each turn as it stands, the log entry that holds it: the turn
  // itself, or the correction that replaced it.
  function turnHolders(history) {
    const held = [];
    history.forEach((entry, index) => {
      if (entry.kind === 'turn') held.push(index);
      else if (entry.kind === 'correction' && entry.undo) held.pop();
      else if (entry.kind === 'correction') held[entry.replace] = index;
    });
    return held;
  }

  function correctionText(entry) {
    const what = entry.undo ? t('table.undone')
      : t('table.replaced', {n: entry.replace + 1, turn: words.turn(game.record.game, entry.turn, names())});
    return t('table.correction', {by: entry.by, what});
  }

  async function undo() {
    const last = game.record.turns.at(-1);
    const by = prompt(t('table.undo_by'), names()[last.player] || '');
    if (!by) return;
    try {
      await api(`/games/${id}/corrections`, {method: 'POST', token, body: {undo: true, by},
        headers: {'If-Match': ifMatch(etag, game.version), 'Idempotency-Key': crypto.randomUUID()}});
      await load();
      say(t('table.undo_done'));
    } catch (error) {
      const v = error.violations && error.violations[0];
      say(v ? `${v.message} (${v.rule})` : error.message || t('error.network'));
    }
  }

  // -- joining -----------------------------------------------------------------

  async function showJoin() {
    const base = `${location.origin}${location.pathname}`;
    const table = `${base}#g=${encodeURIComponent(id)}&t=${encodeURIComponent(token)}`;
    const links = [[t('join.table'), table, 'qr-table']];
    if (mine.spectator_token) {
      links.push([t('join.spectator'), `${base}#g=${encodeURIComponent(id)}&t=${encodeURIComponent(mine.spectator_token)}&s=1`, 'qr-view']);
    }
    const box = document.getElementById('join');
    fill(box, h('h2', {}, t('table.invite')), links.map(([label, link, qrId]) => h('div', {class: 'panel'},
      h('h3', {}, label),
      h('div', {class: 'qr', id: qrId}),
      h('label', {for: `${qrId}-link`}, t('join.link')),
      h('input', {id: `${qrId}-link`, readonly: true, value: link, onfocus: e => e.target.select()}),
      h('div', {class: 'row'},
        h('button', {onclick: () => navigator.clipboard && navigator.clipboard.writeText(link).then(() => say(t('join.copied')))}, t('join.copy')),
        navigator.share ? h('button', {onclick: () => navigator.share({title: 'Brehon', url: link}).catch(() => {})}, t('join.share')) : null))));
    for (const [, link, qrId] of links) {
      try {
        const res = await fetch('/api/v1/qr', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({text: link})});
        const text = await res.text();
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
        doc.setAttribute('role', 'img');
        doc.setAttribute('aria-label', t('join.qr'));
        document.getElementById(qrId).append(document.importNode(doc, true));
      } catch {
        // The link alone is enough to join.
      }
    }
  }

  function say(text) {
    status.textContent = text;
  }

  // -- live, outbox -------------------------------------------------------------

  const offOutbox = onOutbox(async event => {
    if (!event.item || event.item.gameId !== id) return;
    if (event.kind !== 'waiting') sending = false;
    if (event.kind === 'sent') {
      say(t('composer.logged'));
      await load();
    } else if (event.kind === 'stale') {
      await load();
      say(t('composer.stale', {turn: words.turn(game.record.game, event.item.turn, names())}));
    } else if (event.kind === 'refused') {
      const v = event.error.violations[0];
      await load();
      say(v ? `${t('composer.refused')} ${v.message} (${v.rule})` : `${t('composer.refused')} ${event.error.message}`);
    } else if (event.kind === 'waiting') say(t('composer.queued'));
  });

  try {
    await load();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    root.append(h('h1', {}, t('game.offline')), h('p', {}, t('error.offline_compose')));
  }
  // Another phone logged: redraw. Answers given so far are dropped with a word.
  const refresh = () => load({interrupting: true}).catch(() => {});
  const stop = follow(id, token, refresh, {version: game && game.version, etag});
  // News that came while the game could not be fetched is fetched on return.
  addEventListener('online', refresh);
  flush();
  return () => {
    stop();
    offOutbox();
    removeEventListener('online', refresh);
  };
}
