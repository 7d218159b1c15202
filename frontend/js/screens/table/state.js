// The table screen's state as plain data, and the small named steps that
// change it or read it: no DOM, no network, no storage (tests/js/table_state.test.mjs).
// The state holds no DOM node and no function: table.js keeps those (the
// drawer, the message box, draw, load, say) in its own view, renders from
// the state, and changes it only through the steps below.

/** The state of the table of game `id` (`mine`: the game as kept on this
 * phone; `section`: the tab open last). */
export function tableState({id, mine, section}) {
  return {
    id, mine, token: mine.token,
    seen: null, // as GET /games/{id} answers it: fetched, then kept up with the news
    // The game shown: `seen`, or queueing, as it will stand with the queued
    // turns (the referee's view), its version the one the next turn follows.
    game: null,
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
    stopped: null, // the queue the server stopped, reviewed (table/offline.js)
    section, // the open tab, remembered on this device
    logOpen: false,
    // No network: the game as this phone last saw it (kept in IndexedDB);
    // with no referee composed from the game's action `schemas`, unchecked.
    offline: false,
    schemas: null,
  };
}

/** The same outbox entries (by their Idempotency-Key), stopped or not. */
export const sameItems = (a, b) => a.length === b.length
  && a.every((item, i) => item.key === b[i].key && !item.stopped === !b[i].stopped);

/** Turns are queued on the game with the ones before them when there is no
 * network and the referee can check them; not while an unchecked turn or a
 * stopped queue waits (those go as before the phone had a referee). */
export const queueMode = (table, queued, cached, refereeReady) => refereeReady && (cached || table.netDown)
  && !queued.some(item => item.unchecked || item.stopped);

/** Nothing new in `data` and the outbox: the screen (and any answers given) stays as it is. */
export function nothingNew(table, {data, queued, cached, changed, queueing}) {
  const back = table.offline && !cached;
  return Boolean(table.seen) && !changed && !back && cached === table.offline
    && data.version === table.seen.version && sameItems(queued, table.waiting) && queueing === table.queueing;
}

/** What this phone was composing: in dispute mode, the real turn kept apart (the claims are no turn). */
export function composedSoFar({composing}) {
  return composing && composing.dispute ? {...composing, ...composing.real, dispute: false} : composing;
}

/** Answers given, which news from another phone interrupts. */
export const hasAnswers = composing => Boolean(composing && (composing.actions.length || composing.picks.length));

/** A turn composed offline and not yet queued, to check answer by answer
 * now that the network is back (`back`); else null. */
export function offlineTurn(table, composing, back) {
  return back && !table.waiting.length && composing.actions.length
    ? {player: composing.player, actions: composing.actions} : null;
}

/** The game `data` seen (`cached`: as last seen, no network), with the
 * outbox's `queued` turns; `ahead`: the game as it will stand with them. */
export function see(table, {data, queued, cached, ahead, queueing}) {
  table.seen = data;
  table.waiting = queued;
  table.offline = cached;
  table.game = ahead || data;
  table.queueing = queueing && (ahead !== null || !queued.length);
}

/** The game as its package declares it (GET /rulesets), taken once. */
export function declare(table, described) {
  table.ruleset ??= described;
  table.pieces ??= described.pieces;
  table.schemas ??= described.actions;
}

/** The players' names by id. */
export const namesOf = game => Object.fromEntries(game.record.players.map(p => [p.id, p.name]));

/** What "My games" on the home screen says of the game `data`, and the game
 * as last seen, for opening it with no network. */
export function homeEntry(mine, data) {
  const names = namesOf(data);
  return {...mine, seen: {data}, game: data.record.game, names: Object.values(names),
    status: data.scoresheet.status, leaders: data.scoresheet.winners.map(player => names[player])};
}

/** What the turn being composed has reached: when it changes, its question comes into view. */
export function composerMark({game, composing}) {
  return [game.version, composing.player, composing.at, composing.actions.length, composing.picks.length,
    composing.mode, composing.dispute].join();
}

/** The game's last state as this phone saw it from the server, kept for opening it with no network. */
export function remember(table, data) {
  table.mine.seen = {data};
  return homeEntry(table.mine, data);
}

/** A phone at the table started the next round of the match: the game names
 * it from now on (its version stays as it is). Whether this is news. */
export function startedNext(table, next) {
  if (!table.seen || !next || table.seen.next === next) return false;
  table.seen.next = next;
  table.game.next = next;
  return true;
}

/** The server answered (news, a game fetched): the network is up. `sent`:
 * the answer to this phone's own turn, no longer shown on its way. */
export function reached(table, {sent = false} = {}) {
  if (sent) table.sending = null;
  table.netDown = false;
}

/** The outbox could not reach the server: turns wait, and are queued on the game with them. */
export function unreachable(table) {
  table.sending = null;
  table.netDown = true;
}

/** This phone's turn on its way (its outbox entry), or none (null). */
export function setSending(table, item) {
  table.sending = item;
}

/** This game's turns in the outbox, before the game is seen or after one left it. */
export function setWaiting(table, queued) {
  table.waiting = queued;
}

/** The queue the server stopped, as reviewed (table/offline.js), or none (null). */
export function setStopped(table, review) {
  table.stopped = review;
}

/** This phone's correction on its way (true), or answered (false). */
export function setCorrecting(table, on) {
  table.correcting = on;
}

/** The turn this phone just logged, offered for undoing; null: nothing to undo. */
export function setLogged(table, turn) {
  table.logged = turn && {turn, index: table.game.record.turns.length};
}

/** The tab open below the composer. */
export function openSection(table, name) {
  table.section = name;
}

/** The whole log shown, or only its latest turns. */
export function toggleLog(table) {
  table.logOpen = !table.logOpen;
}

// The turn being composed (table.composing).

// What was taken for the player: `auto` the indices of actions taken
// because they were the one legal answer or a chain's next step (`chained`
// the latter), `manual` the depth where such an answer waits for a tap after
// "back", `chain` the clover step the player asked to repeat to the chain's end.
const taking = () => ({auto: [], chained: [], manual: -1, chain: null});

// The real turn's composing state, kept while dispute mode tries claims on
// it and put back as it was when the table leaves dispute mode.
const realTurn = composing => ({actions: [...composing.actions], checks: [...composing.checks], picks: [...composing.picks],
  auto: [...composing.auto], chained: [...composing.chained], manual: composing.manual, chain: composing.chain, mode: composing.mode});

/** A fresh turn for the next move of the game as it stands (`unchecked`:
 * offline with no referee, composed from the action schemas). Dispute mode
 * stays on unless `dispute` is false (the turn composed goes back as a real one). */
export function newTurn(table, {unchecked, dispute = true}) {
  const decision = table.game.decision;
  // A turn may be complete before any action (a Celtica end turn with nothing to buy).
  const complete = Boolean(decision && decision.can_end && decision.name !== 'over');
  table.composing = {player: decision && decision.player, at: null, actions: [],
    checks: [{decision, complete, legal: true, violations: []}],
    picks: [], mode: 'turn', dispute: Boolean(dispute && table.composing && table.composing.dispute), verdict: null,
    unchecked, ...taking()};
  if (table.composing.dispute) table.composing.real = realTurn(table.composing);
}

/** The replacement of turn `k` composed, from `check` (the answer as it would have been before that turn). */
export function correctionTurn(table, k, check) {
  const player = table.game.record.turns[k].player;
  table.composing = {player, at: k, by: namesOf(table.game)[player] || '', actions: [], checks: [check],
    picks: [], mode: 'turn', dispute: false, verdict: null, ...taking()};
}

/** What the composer shows of a check: the claim allowed (dispute mode),
 * or the refusal: its violations, the legal alternatives, and whether what
 * breaks is a later turn (`laterTurn`: a correction). */
export const verdictOf = (data, laterTurn = false) => (data.legal ? {legal: true}
  : {legal: false, violations: data.violations, alternatives: (data.decision && data.decision.actions) || [], laterTurn});

/** The verdict shown with the turn (verdictOf), or none (null). */
export function judge(composing, verdict) {
  composing.verdict = verdict;
}

/** The picks of the open question so far (the verdict goes with a tap). */
export function answer(composing, picks) {
  composing.verdict = null;
  composing.picks = picks;
}

/** What the engine grows the action begun by `picks` into (its check's
 * `next`), kept with the check it answers: "back" finds it there again. */
export function grew(composing, picks, next) {
  const check = composing.checks.at(-1);
  check.grown = {...check.grown, [JSON.stringify(picks)]: next};
}

/** The question answered by an action (or a claim judged): its picks go, and a free reveal ends. */
export function closeQuestion(composing) {
  composing.picks = [];
  composing.mode = 'turn';
}

/** The turn's actions with the one just checked last (`check`: the answer
 * to them); `auto`: that one taken for the player, `chained`: as a chain's next step. */
export function addAction(composing, actions, check, {auto = false, chained = false} = {}) {
  composing.actions = actions;
  composing.checks.push(check);
  if (auto) composing.auto.push(composing.actions.length - 1);
  if (chained) composing.chained.push(composing.actions.length - 1);
  if (composing.dispute) composing.verdict = {legal: true};
}

/** A pick of the composer with no referee (answers of the action schema):
 * with `action`, the picks made that action, which joins the turn unchecked. */
export function pickUnchecked(composing, pick, action) {
  composing.picks.push(pick);
  if (!action) return;
  composing.actions = [...composing.actions, action];
  composing.checks.push({decision: null, complete: false, unchecked: true});
  composing.picks = [];
}

/** "Back": the last pick, the free reveal, or the last action goes; answers
 * taken for the player go with the answer that led to them, and where none
 * did, the forced one is left to confirm by hand. */
export function stepBack(composing) {
  composing.verdict = null;
  composing.chain = null;
  if (composing.picks.length) composing.picks.pop();
  else if (composing.mode === 'reveal') composing.mode = 'turn';
  else if (composing.actions.length) {
    while (composing.auto.includes(composing.actions.length - 1)) {
      composing.auto.pop();
      composing.actions.pop();
      composing.checks.pop();
    }
    if (composing.actions.length) {
      composing.actions.pop();
      composing.checks.pop();
    } else composing.manual = 0;
    composing.chained = composing.chained.filter(i => i < composing.actions.length);
  }
}

/** The free reveal asked for: the question is the optional actions. */
export function reveal(composing) {
  composing.mode = 'reveal';
}

/** The clover step the player asked to repeat to the chain's end. */
export function followChain(composing, step) {
  composing.chain = step;
}

/** Who corrects the turn, as typed. */
export function correctedBy(composing, name) {
  composing.by = name;
}

/** On its way to the outbox (shown without answers meanwhile), or back in the composer. */
export function setLogging(composing, on) {
  composing.logging = on;
}

/** Dispute mode on or off; claims tried in it never stay in the real turn. */
export function toggleDispute(composing) {
  if (composing.dispute) Object.assign(composing, composing.real, {real: null});
  else composing.real = realTurn(composing);
  composing.dispute = !composing.dispute;
  composing.verdict = null;
}
