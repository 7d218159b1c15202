// The turn composer of the table: one question at a time about the open
// decision's legal actions (see ../../composer.js), "back", "Log turn",
// dispute mode ("Can I do this?") and the composing of a correction.
import {h} from '../../ui.js';
import {t, language} from '../../i18n.js';
import {api, ApiError, problemText} from '../../api.js';
import {enqueue} from '../../outbox.js';
import {updateBadge} from '../../badge.js';
import {narrow, nextQuestion, pairQuestion, claimable, withValue, forced, chainStep, same, describedParts} from '../../composer.js';
import * as words from '../../words.js';
import {turnLoggedAfter} from '../../history.js';
import {refereeReady, check} from '../../referee.js';
import {queuedPart} from './queued.js';
import {meanwhile} from './meanwhile.js';

/** A fresh composer for the next turn of the game as it stands
 * (`unchecked`: offline with no referee, composed from the action schemas). */
export function resetComposer(table) {
  const decision = table.game.decision;
  // A turn may be complete before any action (a Celtica end turn with nothing to buy).
  const complete = Boolean(decision && decision.can_end && decision.name !== 'over');
  table.composing = {player: decision && decision.player, at: null, actions: [],
    checks: [{decision, complete, legal: true, violations: []}],
    picks: [], mode: 'turn', dispute: table.composing ? table.composing.dispute : false, verdict: null,
    unchecked: table.offline && !refereeReady(), ...taking()};
  if (table.composing.dispute) table.composing.real = realTurn(table.composing);
}

// The real turn's composing state, kept while dispute mode tries claims on
// it and put back as it was when the table leaves dispute mode.
const realTurn = composing => ({actions: [...composing.actions], checks: [...composing.checks], picks: [...composing.picks],
  auto: [...composing.auto], chained: [...composing.chained], manual: composing.manual, chain: composing.chain, mode: composing.mode});

// What was taken for the player: `auto` the indices of actions taken
// because they were the one legal answer or a chain's next step (`chained`
// the latter), `manual` the depth where such an answer waits for a tap after
// "back", `chain` the clover step the player asked to repeat to the chain's end.
const taking = () => ({auto: [], chained: [], manual: -1, chain: null});

// Taken for the player: the next step of a clover chain the player asked
// to follow to its end ({chained: true}), or the one legal answer.
function pendingForced(composing) {
  if (composing.mode !== 'turn' || composing.dispute) return null;
  const check = composing.checks.at(-1);
  const step = composing.chain && ((check.decision && check.decision.actions) || []).find(a => same(a, composing.chain));
  if (step) return {action: step, chained: true};
  const only = composing.manual !== composing.actions.length && forced(check, composing.dispute);
  return only ? {action: only, chained: false} : null;
}

/** Take what the rules leave no choice about; shown as taken, undone by "back".
 * (`tapped`: this follows a tap, which logs the turn if it is then done.) */
export async function takeForced(table, {tapped = false} = {}) {
  const taken = pendingForced(table.composing);
  if (taken) await append(table, taken.action, {auto: true, chained: taken.chained, tapped});
}

// The turn is complete and nothing more can be added to it: a tap that
// leaves it so logs it at once (the logged turn can be undone from the
// composer), instead of asking for one more tap on "Log turn". Not in
// dispute mode, a correction, or a turn composed with no referee offline.
function done(composing) {
  const check = composing.checks.at(-1);
  const decision = check.decision || {};
  return composing.mode === 'turn' && !composing.dispute && composing.at === null && !composing.unchecked
    && !composing.picks.length && check.complete && decision.listed !== false
    && !(decision.actions || []).length && !(decision.optional || []).length;
}

// Who answers the composer: the referee on this phone once it is ready (no
// request: the next question at the speed of a tap, and offline too), else
// the server's check route as before. Both answer the same JSON. The server
// stays the authority: a turn is logged only when POST /turns takes it.
async function checkTurn(table, turn, at = null) {
  if (refereeReady()) {
    try {
      return await check(table.game.record, turn, language(), {at});
    } catch {
      // The referee stopped answering: the server still does.
    }
  }
  const {data} = await api(`/games/${table.id}/check${at === null ? '' : `?at=${at}`}`,
    {method: 'POST', token: table.token, body: turn});
  return data;
}

/** Start composing the replacement of turn k: the composer asks as it would
 * have before that turn (the check route replays the first k turns). */
export async function startCorrection(table, k) {
  try {
    await openCorrection(table, k);
    table.draw();
    await takeForced(table);
    focusComposer();
  } catch (error) {
    table.say(offline(error), 'alert');
  }
}

async function openCorrection(table, k) {
  const turn = table.game.record.turns[k];
  const data = await checkTurn(table, {player: turn.player, actions: []}, k);
  table.composing = {player: turn.player, at: k, by: table.names()[turn.player] || '', actions: [], checks: [data],
    picks: [], mode: 'turn', dispute: false, verdict: null, ...taking()};
}

/** Bring the composer's heading into view and give it the focus. */
export function focusComposer() {
  const heading = document.getElementById('composer-title');
  heading.scrollIntoView({block: 'start'});
  heading.focus({preventScroll: true});
}

/** Put a turn that was not logged back into the composer, action by action,
 * as far as it still holds on the game as it now stands; the first action
 * that no longer holds is shown with its refusal. As the next turn when it
 * is still that player's turn; as the replacement of the turn that beat it
 * when another phone logged that player's turn first (from `version`, the
 * version it was composed on). Answers where it went ({at: null or k}), or
 * null when it could not go back (the message then says what was not logged). */
export async function putBack(table, turn, {version = null} = {}) {
  resetComposer(table);
  if (table.composing.player !== turn.player) {
    const k = version === null ? null : turnLoggedAfter(table.game, version);
    if (k === null || table.game.record.turns[k].player !== turn.player) return null;
    try {
      await openCorrection(table, k);
    } catch (error) {
      return null;
    }
  }
  for (const action of turn.actions) {
    if (!(await append(table, action, {follow: false}))) break;
  }
  await takeForced(table);
  return {at: table.composing.at};
}

const offline = error => (error instanceof ApiError ? problemText(error) : t('error.offline_compose'));

/** This phone's turns of this game on their way: the outbox's, and the one
 * being sent until the server's answer is shown (a refused one stays here
 * until it is back in the composer). */
export function outgoing(table) {
  const sending = table.sending;
  return sending && !table.waiting.some(item => item.key === sending.key) ? [sending, ...table.waiting] : table.waiting;
}

/** The panel of this phone's turns on their way, in place of the composer,
 * with the turn message at its top: the one being sent, the ones waiting. */
export function waitingPanel(table) {
  const sending = table.sending;
  return h('section', {class: 'panel', id: 'waiting', 'aria-labelledby': 'waiting-title'},
    h('h2', {id: 'waiting-title', tabindex: -1}, sending ? t('composer.sending') : t('composer.waiting')),
    table.message.element,
    h('ul', {}, outgoing(table).map(item => h('li', {id: sending && item.key === sending.key ? 'sending' : null},
      words.turn(table.ruleset, item.turn, table.names()),
      item.unchecked ? h('span', {class: 'unchecked'}, ` (${t('composer.unchecked')})`) : null))));
}

/** The composer panel, with the turn message at its top. */
export function composerPanel(table) {
  const composing = table.composing;
  const check = composing.checks.at(-1);
  const decision = check.decision || {actions: [], optional: []};
  const correcting = composing.at !== null;
  const title = composing.dispute ? t('dispute.title') : correcting ? t('correct.title', {n: composing.at + 1}) : t('composer.title', {player: table.names()[composing.player] || composing.player});
  // A turn on its way to the outbox shows no answers to tap meanwhile.
  const question = composing.logging ? null : questionPart(table, decision);
  // data-actions: how many actions the turn holds so far (for a test that taps a recorded turn).
  return h('section', {class: `panel${correcting ? ' correcting' : ''}`, id: 'composer', 'aria-labelledby': 'composer-title',
    dataset: {actions: composing.actions.length}},
    h('h2', {id: 'composer-title', tabindex: -1}, title),
    table.message.element,
    correcting ? h('p', {class: 'hint'}, t('correct.hint', {
      player: table.names()[composing.player] || composing.player,
      turn: words.turn(table.ruleset, table.game.record.turns[composing.at], table.names())})) : null,
    table.queueing ? queuedPart(table) : null,
    soFar(table, Boolean(question)),
    composing.logging ? null : undoPart(table),
    composing.verdict,
    question,
    composing.logging ? null : controls(table, check, decision));
}

// While a question is open, the latest actions of a long turn (a clover
// chain) and a count of the earlier ones, so the question stays in view;
// the whole turn once it is ready to log.
const LATEST = 3;

function soFar(table, asking) {
  const composing = table.composing;
  const shown = composing.actions.map((a, i) => [a, i]);
  const earlier = asking && shown.length > LATEST + 1 ? shown.splice(0, shown.length - LATEST).length : 0;
  const taken = i => (composing.chained.includes(i) ? t('composer.chained') : composing.auto.includes(i) ? t('composer.taken') : null);
  return shown.length ? h('ul', {class: 'chips', 'aria-label': t('composer.so_far')},
    earlier ? h('li', {class: 'earlier'}, t('composer.earlier', {n: earlier})) : null,
    shown.map(([a, i]) => h('li', {class: taken(i) ? 'auto' : null}, words.action(table.ruleset, a),
      taken(i) ? h('span', {class: 'hint'}, ` (${taken(i)})`) : null))) : null;
}

// The actions the picks choose from: the decision's list, or for a take or
// give too many to list, the next parts its choices allow.
function poolFor(composing, decision) {
  if (composing.mode === 'reveal') return () => decision.optional || [];
  if (decision.listed === false && ['take', 'give'].includes(decision.name)) return picks => describedParts(decision, picks);
  return () => decision.actions || [];
}

// Taken as given until the table says otherwise: a card is played far more
// often than discarded, so the play's first question is asked at once and
// the other answers ("Discard a card instead") stay one tap away.
const USUAL = {key: 'type', value: 'play'};

// The open question and its legal answers as large buttons.
function questionPart(table, decision) {
  const composing = table.composing;
  const ruleset = table.ruleset;
  const pool = poolFor(composing, decision);
  let candidates = narrow(pool(composing.picks), composing.picks);
  let q = nextQuestion(candidates);
  let given = [];
  let instead = null;
  if (!composing.dispute && q && q.key === USUAL.key && q.values.includes(USUAL.value)) {
    const played = narrow(candidates, [USUAL]);
    const next = nextQuestion(played);
    if (next.key) {
      given = [USUAL];
      instead = h('div', {class: 'row instead'}, q.values.filter(value => value !== USUAL.value).map(value =>
        h('button', {class: 'quiet', dataset: {value: JSON.stringify(value)}, onclick: () => pick(table, [{key: USUAL.key, value}], pool)},
          t('composer.instead', {action: words.answer(ruleset, q.key, value)}))));
      [candidates, q] = [played, next];
    }
  }
  const asked = key => words.question(ruleset, key, table.names()[composing.player], candidates[0]);
  const chain = composing.dispute || composing.picks.length ? null : chainStep(decision, composing.actions);
  const chainButton = chain ? h('button', {id: 'chain', class: 'primary wide', onclick: () => {
    composing.chain = chain;
    append(table, chain, {tapped: true});
  }}, t('composer.chain', {path: words.colour(chain.path, ruleset)})) : null;
  // data-given: the answers taken as given (a test reads them as answered).
  const heading = (text, dataset) => h('h3', {id: 'question', dataset: given.length ? {...dataset, given: JSON.stringify(given)} : dataset}, text);
  const pair = composing.dispute ? null : pairQuestion(candidates, q);
  if (pair) {
    const [colour, count] = pair.keys;
    const druid = count === 'cards'; // Celtica: a druid and the cards that move it
    // A row per colour; each button names its colour over its symbol and value.
    const colours = [...new Set(pair.pairs.map(([c]) => c))];
    return [chainButton, heading(words.question(ruleset, druid ? 'druid_cards' : 'card', table.names()[composing.player], candidates[0]),
      {key: colour, pair: count}),
    h('div', {class: 'choices pairs', role: 'group', 'aria-labelledby': 'question'}, colours.map(c => h('div', {class: 'pair-row'},
      pair.pairs.filter(([of]) => of === c).map(([, n]) => h('button', {dataset: {value: JSON.stringify([c, n])},
        class: words.swatch(colour, c, ruleset), 'aria-label': druid ? t('composer.druid_cards', {druid: words.colour(c, ruleset), n}) : words.card({color: c, value: n}, table.ruleset),
        onclick: () => pick(table, [...given, {key: colour, value: c}, {key: count, value: n}], pool)},
      h('span', {class: 'pair-colour'}, words.colourName(c, ruleset)), ' ', h('span', {class: typeof n === 'number' ? 'pair-value' : 'pair-value pair-word'}, `${words.symbol(c, ruleset)} ${words.cardValue(n, ruleset)}`)))))), instead];
  }
  if (q && q.key) {
    const offered = composing.dispute ? claimable(q.key, q.values, table.pieces.colors || table.pieces.druids) : q.values;
    return [chainButton, heading(asked(q.key), {key: q.key}),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'}, offered.map(value =>
        h('button', {dataset: {value: JSON.stringify(value)}, class: words.swatch(q.key, value, ruleset),
          onclick: () => pick(table, [...given, {key: q.key, value}], pool)},
        words.answer(ruleset, q.key, value, table.names())))), instead];
  }
  if (q && q.answer && !pendingForced(composing)) {
    // One legal answer left that "back" returned to: the player's to confirm.
    return [h('h3', {id: 'question', dataset: {key: 'action'}}, words.question(ruleset, 'type', table.names()[composing.player], q.answer)),
      h('div', {class: 'choices', role: 'group', 'aria-labelledby': 'question'},
        h('button', {dataset: {value: JSON.stringify(q.answer)}, onclick: () => append(table, q.answer, {tapped: true})},
          words.action(ruleset, q.answer)))];
  }
  return null;
}

// The turn this phone just logged, while it is the last one and nothing of
// the next is composed yet: one tap undoes it (the correction names its
// player), which is what a turn logged at once needs instead of a "sure?".
function undoPart(table) {
  const composing = table.composing;
  const logged = table.logged;
  const turns = table.game.record.turns;
  if (!logged || table.queueing || table.offline || composing.at !== null || composing.dispute
    || composing.actions.length || composing.picks.length || turns.length !== logged.index + 1
    || !same(turns[logged.index], logged.turn)) return null;
  return h('div', {class: 'row'}, h('button', {id: 'undo-logged', class: 'quiet', onclick: () => undoLogged(table)},
    t('composer.undo', {n: logged.index + 1})));
}

async function undoLogged(table) {
  const {turn, index} = table.logged;
  const version = table.seen.version; // what it undoes; news of another phone may come meanwhile
  try {
    await table.correct({undo: true, by: table.names()[turn.player] || turn.player});
    table.logged = null;
    table.say(t('table.undo_done', {n: index + 1}));
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      // Another phone logged after it: not the last turn any more, so not undone (the log can correct it).
      table.logged = null;
      await table.load();
      table.say([...meanwhile(table, version), t('composer.undo_beaten', {n: index + 1})].map(line => h('p', {}, line)), 'alert');
    } else table.say(problemText(error), 'alert');
  }
}

// Back, free reveal, Log turn (or the correction's), cancel, dispute.
function controls(table, check, decision) {
  const composing = table.composing;
  const correcting = composing.at !== null;
  const row = h('div', {class: 'row'});
  if (composing.picks.length || composing.actions.length || composing.mode === 'reveal') {
    row.append(h('button', {id: 'back', class: 'quiet', onclick: () => back(table)}, t('composer.back')));
  }
  if (composing.mode === 'turn' && (decision.optional || []).length && !composing.picks.length) {
    row.append(h('button', {id: 'free-reveal', class: 'quiet', onclick: () => {
      composing.mode = 'reveal';
      table.draw();
    }}, t('composer.reveal')));
  }
  if (check.complete && !composing.dispute && composing.mode === 'turn' && !composing.picks.length) {
    if (correcting) {
      row.append(h('label', {for: 'correct-by'}, t('correct.by')),
        h('input', {id: 'correct-by', value: composing.by, maxlength: 80, required: true, autocomplete: 'name',
          oninput: e => { composing.by = e.target.value; }}));
    }
    row.append(h('button', {id: 'log-turn', class: 'primary', onclick: () => (correcting ? sendCorrection(table) : logTurn(table))},
      correcting ? t('correct.log', {n: composing.at + 1}) : t('composer.log')));
  }
  if (correcting) {
    row.append(h('button', {id: 'cancel-correction', class: 'quiet', onclick: () => {
      resetComposer(table);
      table.draw();
    }}, t('correct.cancel')));
  }
  row.append(h('button', {id: 'dispute', 'aria-pressed': String(composing.dispute), onclick: () => {
    // Claims tried in dispute mode never stay in the real turn.
    if (composing.dispute) Object.assign(composing, composing.real, {real: null});
    else composing.real = realTurn(composing);
    composing.dispute = !composing.dispute;
    composing.verdict = null;
    table.draw();
  }}, t('dispute.toggle')));
  return row;
}

// One tap's answers (one field, or a colour and its value at once).
async function pick(table, answers, pool) {
  const composing = table.composing;
  const picks = [...composing.picks, ...answers];
  const left = narrow(pool(picks), picks);
  composing.verdict = null;
  if (!left.length) {
    // Dispute mode: a claim the server did not offer; ask for its verdict.
    const [{key, value}] = answers;
    return verdict(table, withValue(narrow(pool(composing.picks), composing.picks)[0], key, value));
  }
  composing.picks = picks;
  const q = nextQuestion(left);
  if (q.answer) {
    composing.picks = [];
    composing.mode = 'turn';
    await append(table, q.answer, {tapped: true});
  } else table.draw();
}

// Add one action to the turn after the server checked it; false when it
// was refused (the refusal is then shown) or could not be checked. Then
// (unless `follow` is false) what the rules leave no choice about is taken,
// and a turn a tap (`tapped`) leaves done is logged.
async function append(table, action, {auto = false, chained = false, follow = true, tapped = false} = {}) {
  const composing = table.composing;
  const actions = [...composing.actions, action];
  try {
    const data = await checkTurn(table, {player: composing.player, actions}, composing.at);
    // News reset the composer meanwhile, or a second tap on the last answer is already logging it.
    if (table.composing !== composing || composing.logging) return false;
    if (!data.legal) {
      composing.verdict = refusal(table, data);
      table.draw();
      return false;
    }
    composing.actions = actions;
    composing.checks.push(data);
    if (auto) composing.auto.push(actions.length - 1);
    if (chained) composing.chained.push(actions.length - 1);
    if (composing.dispute) composing.verdict = h('p', {class: 'good', id: 'verdict'}, t('dispute.legal'));
    if (follow && pendingForced(composing)) return takeForced(table, {tapped}).then(() => true);
    if (tapped && done(composing)) {
      composing.logging = true; // shown without answers while it goes to the outbox
      table.draw();
      try {
        await logTurn(table);
      } catch (error) {
        // Not queued (the phone's storage refused it): the turn stays composed, "Log turn" to try again.
        composing.logging = false;
        table.logged = null;
        table.draw();
        table.say(t('composer.not_queued', {reason: error.message}), 'alert');
        return false;
      }
      return true;
    }
    table.draw();
    return true;
  } catch (error) {
    table.say(offline(error), 'alert');
    return false;
  }
}

async function verdict(table, claim) {
  const composing = table.composing;
  try {
    const data = await checkTurn(table, {player: composing.player, actions: [...composing.actions, claim]}, composing.at);
    composing.picks = [];
    composing.verdict = data.legal ? h('p', {class: 'good', id: 'verdict'}, t('dispute.legal')) : refusal(table, data);
    table.draw();
  } catch (error) {
    table.say(offline(error), 'alert');
  }
}

/** A refusal: the rule's message and id, the legal alternatives. */
export function refusal(table, data, laterTurn = false) {
  const v = data.violations[0];
  const alternatives = (data.decision && data.decision.actions) || [];
  return h('div', {id: 'verdict', role: 'alert'},
    laterTurn ? h('p', {}, t('correct.breaks', {n: v.turn + 1})) : null,
    h('p', {class: 'problem'}, v.message),
    h('p', {class: 'hint'}, t('dispute.rule', {rule: v.rule})),
    alternatives.length ? h('details', {}, h('summary', {}, t('dispute.alternatives', {n: alternatives.length})),
      h('ul', {}, alternatives.slice(0, 40).map(a => h('li', {}, words.action(table.ruleset, a))))) : null);
}

export function back(table) {
  const composing = table.composing;
  composing.verdict = null;
  composing.chain = null;
  if (composing.picks.length) composing.picks.pop();
  else if (composing.mode === 'reveal') composing.mode = 'turn';
  else if (composing.actions.length) {
    // Answers taken for the player go with the answer that led to them;
    // where none did, the forced one is left to confirm by hand.
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
  table.draw();
}

/** Queue the composed turn (``unchecked`` when composed with no referee
 * offline; ``queued`` on the game as it stands with the turns queued before
 * it, whose version it follows); the outbox's events show it on its way
 * (see table.js). */
export async function logTurn(table) {
  const turn = {player: table.composing.player, actions: table.composing.actions};
  // Offered for undoing once logged (see undoPart): the turn and its place.
  table.logged = {turn, index: table.game.record.turns.length};
  table.message.clear(); // the panel that takes the composer's place says it is being sent
  await enqueue(table.id, turn, table.game.version, {unchecked: table.composing.unchecked, queued: table.queueing});
  updateBadge();
}

async function sendCorrection(table) {
  const composing = table.composing;
  const by = (composing.by || '').trim();
  if (!by) {
    table.say(t('correct.by_needed'), 'alert');
    document.getElementById('correct-by').focus();
    return;
  }
  const body = {replace: composing.at, turn: {player: composing.player, actions: composing.actions}, by};
  table.say(t('composer.sending'));
  table.correcting = true; // the news of our own correction interrupts nobody
  const version = table.seen.version; // what it corrects; news of another phone may come meanwhile
  try {
    await table.correct(body);
    table.say(t('correct.done', {n: body.replace + 1}));
  } catch (error) {
    if (error instanceof ApiError && error.status === 412) {
      await table.load();
      table.say([meanwhile(table, version), t('composer.moved_on_correction', {n: body.replace + 1})]
        .flat().map(line => h('p', {}, line)), 'alert');
    } else if (error instanceof ApiError && error.violations.length) {
      // A later turn no longer holds: nothing changed; say which and why.
      composing.verdict = refusal(table, {violations: error.violations}, error.violations[0].turn !== null);
      table.say(t('correct.refused'), 'alert');
      table.draw();
    } else table.say(problemText(error), 'alert');
  } finally {
    table.correcting = false;
  }
}
